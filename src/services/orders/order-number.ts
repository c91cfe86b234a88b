// Order numbers: PREFIX-N, readable on a receipt and unique at a school (orders_site_id_number_key).
// A school's recorded orders continue its own series; a school without orders starts one from the
// initials of its slug (demo-academy: DA-10001), as the demo schools' checkout numbers do.
const FIRST = 10001;

export function nextOrderNumber(siteSlug: string, latest: string | undefined): string {
  const match = latest === undefined ? null : /^([A-Z0-9]+)-(\d+)$/.exec(latest);
  if (match) return `${match[1]}-${BigInt(match[2]!) + 1n}`;
  const initials = siteSlug
    .split(/[^a-z0-9]+/i)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .join('');
  return `${initials || 'ORD'}-${FIRST}`;
}
