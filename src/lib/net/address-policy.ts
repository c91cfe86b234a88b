// Which resolved addresses the client-metadata fetcher may connect to. CIMD draft, Security
// Considerations "Server Side Request Forgery (SSRF) Attacks": the authorization server fetches a
// URL an unauthenticated party chose, so it must not reach loopback, private networks, cloud
// metadata endpoints (169.254.169.254) or anything else that is not the public Internet.
//
// The policy is an allowlist: an address passes only when ipaddr.js files it under 'unicast' (in
// none of its RFC 6890 special-purpose ranges). Forms that embed an IPv4 address are judged by
// that address, because a dual-stack socket or a translator would really deliver packets there.
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

/**
 * True when `ip` is in any special-use range (RFC 6890 and its successors) and must not be
 * fetched from. Anything that does not parse as an IP address also counts as special-use: a
 * security check fails closed.
 */
export function isSpecialUseAddress(ip: string): boolean {
  if (isIP(ip) === 0) return true;
  try {
    return isIP(ip) === 4 ? isSpecialIPv4(ipaddr.IPv4.parse(ip)) : isSpecialIPv6(ipaddr.IPv6.parse(hexIPv6(ip)));
  } catch {
    return true;
  }
}

/**
 * The address in pure hexadecimal form, as the WHATWG URL serializer writes it. ipaddr.js reads
 * the IPv4-compatible spelling ::a.b.c.d as if it were IPv4-mapped ::ffff:a.b.c.d; feeding it the
 * hex form (::808:808) keeps the two apart. The zone id (RFC 4007) plays no part in the range.
 */
function hexIPv6(ip: string): string {
  const withoutZone = ip.replace(/%.*$/, '');
  return new URL(`http://[${withoutZone}]/`).hostname.slice(1, -1);
}

// RFC 6890 / IANA IPv4 Special-Purpose Address Registry. ipaddr.js names these ranges
// unspecified (0/8), broadcast, multicast (224/4), linkLocal (169.254/16), loopback (127/8),
// carrierGradeNat (100.64/10), private (RFC 1918), reserved (192.0.0/24, the three TEST-NETs,
// 192.88.99/24, 198.18/15 benchmarking, 240/4), as112 and amt. Only 'unicast' is left over.
function isSpecialIPv4(address: ipaddr.IPv4): boolean {
  return address.range() !== 'unicast';
}

function isSpecialIPv6(address: ipaddr.IPv6): boolean {
  const embedded = embeddedIPv4(address);
  if (embedded !== null) return isSpecialIPv4(embedded);
  const parts = address.parts;
  const first = parts[0] ?? 0;
  // RFC 4291 2.5.5.1: IPv4-compatible ::a.b.c.d is deprecated and no public host uses it; ipaddr.js
  // files it under 'unicast' (only :: and ::1 are named), so the whole ::/96 is refused here.
  if (parts.slice(0, 6).every((part) => part === 0)) return true;
  // RFC 4291 2.4 / IANA: only 2000::/3 is allocated as global unicast. Everything outside it that
  // ipaddr.js does not name (e.g. 100::/64 discard is named, 4000::/2 is not) is unallocated.
  if ((first & 0xe000) !== 0x2000) return true;
  // Inside 2000::/3 ipaddr.js names Teredo 2001::/32 (RFC 4380: the tunnel endpoint is chosen by
  // the address owner, so refused outright), 2001::/23 IETF protocol assignments, documentation
  // 2001:db8::/32 and 3fff::/20, benchmarking, ORCHID and so on.
  return address.range() !== 'unicast';
}

/**
 * The IPv4 address an IPv6 address stands for, when it is one of the forms that carry one:
 * IPv4-mapped ::ffff:0:0/96 (RFC 4291 2.5.5.2), the NAT64 well-known prefix 64:ff9b::/96
 * (RFC 6052 2.1) and 6to4 2002::/16 (RFC 3056 2, address in bits 16..47).
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  const at = (index: number): number => parts[index] ?? 0;
  const zeros = (from: number, to: number): boolean => parts.slice(from, to).every((part) => part === 0);
  if (zeros(0, 5) && at(5) === 0xffff) return fromWords(at(6), at(7));
  if (at(0) === 0x64 && at(1) === 0xff9b && zeros(2, 6)) return fromWords(at(6), at(7));
  if (at(0) === 0x2002) return fromWords(at(1), at(2));
  return null;
}

function fromWords(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}
