// SQL for the admin API's coupons. Every statement is scoped by site_id: another school's coupon
// is as absent as one that never existed (OpenAPI response NotFound: 404, never its data). Codes are stored
// upper-case (a check constraint insists), so the unique (site_id, code) is case-insensitive.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../database.ts';
import type { CouponsTable } from '../schema.ts';
import type { Keyset } from '../pagination/cursor.ts';
import { columnKey, keyset, timeText, type SortKey, type SortSpec } from '../pagination/keyset.ts';
import { likePattern } from './sql-helpers.ts';

export type CouponRow = Selectable<CouponsTable> & { created_at_exact: string };

export type CouponQuery = {
  limit: number;
  after: Keyset | null;
  sort: SortSpec;
  search?: string | undefined;
  /** Upper-case already. */
  code?: string | undefined;
  active?: boolean | undefined;
};

function sortKeyOf(sort: SortSpec): SortKey {
  return sort.column === 'code' ? { expression: sql`code`, kind: 'text' } : columnKey('created_at', 'time');
}

function selectCoupons(db: Db, siteId: string) {
  return db
    .selectFrom('coupons')
    .selectAll()
    .select(timeText('created_at').as('created_at_exact'))
    .where('site_id', '=', siteId);
}

export async function listCoupons(db: Db, siteId: string, query: CouponQuery): Promise<CouponRow[]> {
  const key = sortKeyOf(query.sort);
  let q = selectCoupons(db, siteId);
  if (query.search) {
    const pattern = likePattern(query.search);
    q = q.where((eb) => eb.or([eb('code', 'ilike', pattern), eb('name', 'ilike', pattern)]));
  }
  if (query.code) q = q.where('code', '=', query.code);
  if (query.active !== undefined) q = q.where('active', '=', query.active);
  const page = keyset(key, 'id', query);
  if (page.after) q = q.where(page.after);
  return q
    .orderBy(page.orderBy)
    .limit(query.limit + 1)
    .execute();
}

export async function findCoupon(db: Db, siteId: string, id: string): Promise<CouponRow | undefined> {
  return selectCoupons(db, siteId).where('id', '=', id).executeTakeFirst();
}

export async function insertCoupon(db: Db, coupon: Insertable<CouponsTable>): Promise<CouponRow> {
  return db
    .insertInto('coupons')
    .values(coupon)
    .returningAll()
    .returning(timeText('created_at').as('created_at_exact'))
    .executeTakeFirstOrThrow();
}

export async function updateCoupon(
  db: Db,
  siteId: string,
  id: string,
  changes: Updateable<CouponsTable>,
): Promise<CouponRow | undefined> {
  return db
    .updateTable('coupons')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .returningAll()
    .returning(timeText('created_at').as('created_at_exact'))
    .executeTakeFirst();
}

/** Orders keep the code they redeemed (orders.coupon_code); their coupon_id becomes null. */
export async function deleteCoupon(db: Db, siteId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('coupons').where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
