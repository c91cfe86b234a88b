// Rules of the admin API's coupons (OpenAPI tag Coupons): codes upper-case and unique per
// school (409), exactly one of a percent (1-100) or a fixed amount with its currency (400), a
// validity window whose end is after its start (422), and a limit never below the redemptions
// already counted (422). redemptions_count is read-only: checkout counts, the API never does.
import type { Db } from '../../db/database.ts';
import * as repo from '../../db/repositories/coupons.ts';
import type { CouponRow } from '../../db/repositories/coupons.ts';
import { isUniqueViolation } from '../../db/integrity-errors.ts';
import { mapCheckViolation, mapIntegrityError } from '../integrity-errors.ts';
import { NotFound, RuleViolation, InvalidInput } from '../errors.ts';
import { toIso } from '../../lib/time.ts';
import type { Site } from '../school/sites.ts';
import { listWindow, pageOf } from '../list-window.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

export type CouponInput = {
  code?: string;
  name?: string;
  percent_off?: number;
  amount_off?: { amount: number; currency: string };
  max_redemptions?: number | null;
  valid_from?: string | null;
  valid_until?: string | null;
  active?: boolean;
};

export type CouponListQuery = {
  limit?: number;
  cursor?: string;
  q?: string;
  code?: string;
  active?: boolean;
  sort?: string;
};

const UNIQUE_FIELDS = { coupons_site_id_code_key: 'code' };
const NOT_FOUND = 'No coupon with that id at this school.';

export function toCoupon(row: CouponRow) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    discount_type: row.discount_type,
    percent_off: row.percent_off,
    amount_off:
      row.amount_off !== null && row.currency !== null ? { amount: row.amount_off, currency: row.currency } : null,
    max_redemptions: row.max_redemptions,
    redemptions_count: row.redemptions_count,
    valid_from: toIso(row.valid_from),
    valid_until: toIso(row.valid_until),
    active: row.active,
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

/** The discount columns the input asks for, or {} when it names none; one kind at a time (400). */
function discountColumns(input: CouponInput) {
  if (input.percent_off !== undefined && input.amount_off !== undefined) {
    throw new InvalidInput([
      {
        pointer: '/body/amount_off',
        detail: 'cannot be combined with percent_off; a coupon is a percent or a fixed amount',
      },
    ]);
  }
  if (input.percent_off !== undefined)
    return { discount_type: 'percent' as const, percent_off: input.percent_off, amount_off: null, currency: null };
  if (input.amount_off !== undefined)
    return {
      discount_type: 'amount' as const,
      amount_off: input.amount_off.amount,
      currency: input.amount_off.currency,
      percent_off: null,
    };
  return {};
}

/** The validity window after the change must end after it starts (422, pointing at what was sent). */
function checkWindow(input: CouponInput, stored: CouponRow | undefined): void {
  const from = input.valid_from !== undefined ? input.valid_from : toIso(stored?.valid_from);
  const until = input.valid_until !== undefined ? input.valid_until : toIso(stored?.valid_until);
  if (from == null || until == null || Date.parse(until) > Date.parse(from)) return;
  const pointer = input.valid_until !== undefined ? '/body/valid_until' : '/body/valid_from';
  throw new RuleViolation('valid_until must be after valid_from.', [
    { pointer, detail: 'must leave valid_until after valid_from' },
  ]);
}

function checkLimit(input: CouponInput, stored: CouponRow): void {
  if (input.max_redemptions == null || input.max_redemptions >= stored.redemptions_count) return;
  throw new RuleViolation(`The coupon has been redeemed ${stored.redemptions_count} times already.`, [
    { pointer: '/body/max_redemptions', detail: `must be at least redemptions_count (${stored.redemptions_count})` },
  ]);
}

function columnsOf(input: CouponInput) {
  const { code, percent_off: _p, amount_off: _a, ...rest } = input;
  return { ...rest, ...(code !== undefined ? { code: code.toUpperCase() } : {}), ...discountColumns(input) };
}

const LIMIT_RACE = [{ pointer: '/body/max_redemptions', detail: 'must be at least redemptions_count' }];

export function createCouponAdmin(db: Db, cursors: CursorCodec) {
  return {
    async list(site: Site, query: CouponListQuery) {
      const window = listWindow(cursors, 'coupons', query, { created_at: 'time', code: 'text' }, '-created_at');
      const { sort } = window;
      const rows = await repo.listCoupons(db, site.id, {
        ...window,
        search: query.q,
        code: query.code?.toUpperCase(),
        active: query.active,
      });
      return pageOf(rows, window, (row) => (sort.column === 'code' ? row.code : row.created_at_exact), toCoupon);
    },
    async get(site: Site, id: string) {
      const row = await repo.findCoupon(db, site.id, id);
      if (!row) throw new NotFound(NOT_FOUND);
      return toCoupon(row);
    },
    async create(site: Site, input: CouponInput & { code: string }) {
      if (input.percent_off === undefined && input.amount_off === undefined) {
        throw new InvalidInput([{ pointer: '/body/percent_off', detail: 'is required unless amount_off is given' }]);
      }
      checkWindow(input, undefined);
      const code = input.code.toUpperCase();
      const row = await repo
        .insertCoupon(db, {
          site_id: site.id,
          name: input.name ?? code,
          ...columnsOf(input),
          code,
          discount_type: input.percent_off !== undefined ? 'percent' : 'amount',
        })
        .catch((error: unknown) => mapIntegrityError(error, UNIQUE_FIELDS, 'A coupon'));
      return toCoupon(row);
    },
    async update(site: Site, id: string, input: CouponInput) {
      const stored = await repo.findCoupon(db, site.id, id);
      if (!stored) throw new NotFound(NOT_FOUND);
      checkWindow(input, stored);
      checkLimit(input, stored);
      const row = await repo
        .updateCoupon(db, site.id, id, columnsOf(input))
        .catch((error: unknown) =>
          isUniqueViolation(error)
            ? mapIntegrityError(error, UNIQUE_FIELDS, 'A coupon')
            : mapCheckViolation(error, 'The change breaks a rule of the coupon.', LIMIT_RACE),
        );
      if (!row) throw new NotFound(NOT_FOUND);
      return toCoupon(row);
    },
    async remove(site: Site, id: string): Promise<void> {
      if (!(await repo.deleteCoupon(db, site.id, id))) throw new NotFound(NOT_FOUND);
    },
  };
}

export type CouponAdmin = ReturnType<typeof createCouponAdmin>;
