import { describe, expect, it } from 'vitest';
import { isSpecialUseAddress } from './address-policy.ts';

// RFC 6890 and the IANA special-purpose registries, one or more addresses per range.
const specialUse: Array<[string, string]> = [
  ['0.0.0.0', 'IPv4 "this network" 0/8'],
  ['0.1.2.3', 'IPv4 "this network" 0/8'],
  ['10.0.0.1', 'IPv4 private 10/8'],
  ['172.16.0.1', 'IPv4 private 172.16/12 (low end)'],
  ['172.31.255.254', 'IPv4 private 172.16/12 (high end)'],
  ['192.168.1.1', 'IPv4 private 192.168/16'],
  ['127.0.0.1', 'IPv4 loopback 127/8'],
  ['127.255.0.9', 'IPv4 loopback 127/8'],
  ['169.254.169.254', 'IPv4 link-local 169.254/16 (cloud metadata)'],
  ['100.64.0.1', 'IPv4 shared address space (CGNAT) 100.64/10'],
  ['100.127.255.254', 'IPv4 CGNAT 100.64/10 (high end)'],
  ['192.0.0.8', 'IPv4 IETF protocol assignments 192.0.0/24'],
  ['192.0.2.10', 'IPv4 documentation TEST-NET-1'],
  ['198.51.100.7', 'IPv4 documentation TEST-NET-2'],
  ['203.0.113.5', 'IPv4 documentation TEST-NET-3'],
  ['198.18.0.1', 'IPv4 benchmarking 198.18/15'],
  ['198.19.255.1', 'IPv4 benchmarking 198.18/15 (upper half)'],
  ['192.88.99.1', 'IPv4 6to4 relay anycast'],
  ['224.0.0.1', 'IPv4 multicast 224/4'],
  ['239.255.255.250', 'IPv4 multicast (SSDP)'],
  ['240.0.0.1', 'IPv4 reserved 240/4'],
  ['255.255.255.255', 'IPv4 limited broadcast'],
  ['::1', 'IPv6 loopback'],
  ['::', 'IPv6 unspecified'],
  ['fc00::1', 'IPv6 unique-local fc00::/7'],
  ['fd12:3456:789a::1', 'IPv6 unique-local fd00::/8'],
  ['fe80::1', 'IPv6 link-local fe80::/10'],
  ['fe80::1%eth0', 'IPv6 link-local with a zone id'],
  ['ff02::1', 'IPv6 multicast'],
  ['2001:db8::1', 'IPv6 documentation 2001:db8::/32'],
  ['3fff::1', 'IPv6 documentation 3fff::/20 (RFC 9637)'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex spelling'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
  ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
  ['::8.8.8.8', 'IPv4-compatible, even of a public address'],
  ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1'],
  ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
  ['64:ff9b:1::1', 'NAT64 local-use prefix 64:ff9b:1::/48'],
  ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
  ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
  ['2001::1', 'Teredo 2001::/32'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo with a public server address'],
  ['2001:2::1', 'IPv6 benchmarking 2001:2::/48'],
  ['100::1', 'IPv6 discard-only 100::/64'],
  ['fec0::1', 'IPv6 deprecated site-local'],
  ['4000::1', 'IPv6 outside global unicast 2000::/3'],
  ['not-an-ip', 'not an address at all (fails closed)'],
  ['', 'empty string (fails closed)'],
];

const publicAddresses = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.215.14',
  '172.32.0.1', // just past 172.16/12
  '100.128.0.1', // just past 100.64/10
  '2606:4700::1111',
  '2a00:1450:4001:81c::200e',
  '::ffff:8.8.8.8', // IPv4-mapped public: judged by the mapped address
  '64:ff9b::808:808', // NAT64 of 8.8.8.8
  '2002:808:808::1', // 6to4 of 8.8.8.8
];

describe('isSpecialUseAddress (CIMD draft, SSRF; RFC 6890)', () => {
  it.each(specialUse)('refuses %s (%s)', (ip) => {
    expect(isSpecialUseAddress(ip)).toBe(true);
  });

  it.each(publicAddresses)('allows public address %s', (ip) => {
    expect(isSpecialUseAddress(ip)).toBe(false);
  });
});
