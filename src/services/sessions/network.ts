// The approximate network of a session on /account/sessions: its address with the host part
// dropped, an IPv4 address to its /24 and an IPv6 one to its /48 (the usual sizes of one site's
// allocation), so the page tells "home" from "elsewhere" without showing a device's full address.
import { isIPv4, isIPv6 } from 'node:net';

export function approximateNetwork(ip: string | null): string | undefined {
  if (!ip) return undefined;
  // An IPv4-mapped IPv6 address (::ffff:192.0.2.7) is the IPv4 address it maps.
  const address = ip.toLowerCase().startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address)) {
    // RFC 5952 4.2: the zero groups that end the prefix fold into the "::" that follows it.
    const prefix = expandIPv6(address).slice(0, 3);
    while (prefix.length > 0 && prefix[prefix.length - 1] === '0') prefix.pop();
    return `${prefix.join(':')}::/48`;
  }
  return undefined;
}

/** The eight groups of an IPv6 address, leading zeros dropped (RFC 5952 4.1). */
function expandIPv6(address: string): string[] {
  const [head, tail] = (address.split('%')[0] ?? '').split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => group.replace(/^0+(?=.)/, ''));
}
