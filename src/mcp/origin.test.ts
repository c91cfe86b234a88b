import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './origin.ts';

const site = 'https://school.example';

describe('isAllowedOrigin (MCP 2025-11-25 Transports, DNS rebinding)', () => {
  it('lets requests without Origin through (non-browser clients)', () => {
    expect(isAllowedOrigin(undefined, site)).toBe(true);
  });

  it("accepts the school's own origin and loopback origins", () => {
    expect(isAllowedOrigin('https://school.example', site)).toBe(true);
    expect(isAllowedOrigin('http://localhost:6274', site)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:3000', site)).toBe(true);
    expect(isAllowedOrigin('http://[::1]:8080', site)).toBe(true);
  });

  it('refuses other origins, opaque origins, look-alikes and malformed values', () => {
    for (const origin of [
      'https://evil.example',
      'null',
      'https://school.example.evil.example',
      'http://school.example',
      'https://school.example/path',
      'http://localhost.evil.example',
      'not a url',
      'file://localhost',
    ]) {
      expect(isAllowedOrigin(origin, site), origin).toBe(false);
    }
    expect(isAllowedOrigin(['https://school.example', 'https://school.example'], site)).toBe(false);
  });
});
