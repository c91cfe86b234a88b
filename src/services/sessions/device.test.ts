import { describe, expect, it } from 'vitest';
import { deviceOf } from './device.ts';

describe('the device line of a session (/auth.md "Signing out": device from the user agent)', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      'Edge',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      'Safari',
      'macOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', 'Firefox', 'Linux'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      'Chrome',
      'Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1',
      'Chrome',
      'iPhone',
    ],
  ])('%s is %s on %s', (agent, browser, system) => {
    expect(deviceOf(agent)).toEqual({ browser, system });
  });

  it('an empty, missing or unknown agent is unknown, never guessed', () => {
    expect(deviceOf(null)).toEqual({ browser: undefined, system: undefined });
    expect(deviceOf('')).toEqual({ browser: undefined, system: undefined });
    expect(deviceOf('x'.repeat(100_000))).toEqual({ browser: undefined, system: undefined });
  });
});
