// Revenue over time, computed by the database (issue: analytics in SQL, never rows in JavaScript).
// generate_series lays out every bucket of the range, so a day without sales is a zero row, and
// date_trunc puts each payment and each refund in its bucket; all in UTC wall-clock time, because
// date_trunc on a timestamptz would follow the session's time zone.
import { sql } from 'kysely';
import type { Db } from '../database.ts';

export type RevenueInterval = 'day' | 'week' | 'month';

/** `start` null: the currency's figures over the whole range (a grouping set beside the buckets). */
export type RevenueBucketRow = {
  currency: string;
  start: string | null;
  gross: number;
  refunds: number;
  orders: number;
};

export type RevenueRange = {
  /** First day, inclusive (YYYY-MM-DD, UTC). */
  from: string;
  /** Last day, inclusive (YYYY-MM-DD, UTC). */
  to: string;
  interval: RevenueInterval;
  /** Always has a series, even in a range without sales. */
  siteCurrency: string;
};

/**
 * One row per currency and bucket, plus one per currency for the whole range (start null, first);
 * currencies in the school's first then by code, buckets by start.
 * Money in: totals of orders paid in the bucket (paid, refunded later, or recorded manually with a
 * payment time). Money out: refunded amounts in the bucket of refunded_at (paid_at when unknown).
 */
export async function revenueBuckets(db: Db, siteId: string, range: RevenueRange): Promise<RevenueBucketRow[]> {
  const unit = range.interval;
  const step = `1 ${range.interval}`;
  const result = await sql<RevenueBucketRow>`
    with bounds as (
      select ${range.from}::date::timestamp as lo, (${range.to}::date + 1)::timestamp as hi
    ),
    buckets as (
      select gs::date as start
      from bounds, generate_series(date_trunc(${unit}, lo), date_trunc(${unit}, hi - interval '1 day'), ${step}::interval) as gs
    ),
    movements as (
      select o.currency::text as currency, date_trunc(${unit}, o.paid_at at time zone 'UTC')::date as start,
             o.total_amount as gross, 0 as refunds, 1 as orders
      from orders o, bounds b
      where o.site_id = ${siteId} and o.paid_at is not null and o.status in ('paid', 'refunded', 'manual')
        and o.paid_at >= b.lo at time zone 'UTC' and o.paid_at < b.hi at time zone 'UTC'
      union all
      select o.currency::text, date_trunc(${unit}, coalesce(o.refunded_at, o.paid_at) at time zone 'UTC')::date,
             0, o.refunded_amount, 0
      from orders o, bounds b
      where o.site_id = ${siteId} and o.paid_at is not null and o.refunded_amount > 0
        and coalesce(o.refunded_at, o.paid_at) >= b.lo at time zone 'UTC'
        and coalesce(o.refunded_at, o.paid_at) < b.hi at time zone 'UTC'
    ),
    currencies as (
      select ${range.siteCurrency}::text as currency
      union
      select currency from movements
    )
    select c.currency, to_char(bk.start, 'YYYY-MM-DD') as start,
           coalesce(sum(m.gross), 0)::bigint as gross,
           coalesce(sum(m.refunds), 0)::bigint as refunds,
           coalesce(sum(m.orders), 0)::bigint as orders
    from currencies c
    cross join buckets bk
    left join movements m on m.currency = c.currency and m.start = bk.start
    group by grouping sets ((c.currency, bk.start), (c.currency))
    order by c.currency = ${range.siteCurrency} desc, c.currency, bk.start nulls first`.execute(db);
  return result.rows;
}
