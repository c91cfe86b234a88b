// What the order pages share: their CSRF purposes, the statuses a list filters by, and amounts as
// a person types them (major units, "19.99" or "19,99") turned into the integer minor units every
// amount is (DESIGN Naming: money), with the currency's own digits (Intl: EUR 2, JPY 0).
import { toMajor } from '../../http/pages/i18n/format.ts';

export const ORDER_PURPOSES = { create: 'admin:orders:create', refund: 'admin:orders:refund' } as const;

/** OpenAPI OrderStatus, the list's filter. */
export const ORDER_STATUSES = ['paid', 'manual', 'refunded', 'not_paid', 'failed', 'expired'] as const;

export const ITEM_TYPES = ['course', 'membership_plan', 'digital_product'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** Minor units of a typed amount; undefined when it is no amount in this currency (too many decimals, a sign). */
export function minorUnits(text: string, currency: string): number | undefined {
  const digits = Math.round(-Math.log10(toMajor(1, currency)));
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match || (match[2] ?? '').length > digits) return undefined;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || 0);
}
