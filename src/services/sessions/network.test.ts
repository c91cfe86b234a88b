import { describe, expect, it } from 'vitest';
import { approximateNetwork } from './network.ts';

describe('the approximate network of a session (/auth.md "Signing out": approximate network, never the full address)', () => {
  it('an IPv4 address is shown as its /24', () => {
    expect(approximateNetwork('203.0.113.57')).toBe('203.0.113.0/24');
    expect(approximateNetwork('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
  });
  it('an IPv6 address is shown as its /48', () => {
    expect(approximateNetwork('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(approximateNetwork('2001:db8::1')).toBe('2001:db8::/48');
    expect(approximateNetwork('::1')).toBe('::/48');
    expect(approximateNetwork('2001:0:0:5::1')).toBe('2001::/48');
  });
  it('no address, or something that is not one, shows nothing', () => {
    expect(approximateNetwork(null)).toBeUndefined();
    expect(approximateNetwork('unknown')).toBeUndefined();
    expect(approximateNetwork('<script>')).toBeUndefined();
  });
});
