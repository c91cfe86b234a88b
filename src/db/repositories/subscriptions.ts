// SQL for the admin API's subscriptions. Every statement is scoped by site_id: another school's
// subscription (or plan) is as absent as one that never existed (OpenAPI response NotFound: 404, never its data).
import { sql, type Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { SubscriptionsTable, SubscriptionStatus } from '../schema.ts';
import type { Keyset } from '../pagination/cursor.ts';
import { columnKey, keyset, timeText, type SortKey, type SortSpec } from '../pagination/keyset.ts';

export type SubscriptionRow = Selectable<SubscriptionsTable> & {
  subscriber_email: string;
  subscriber_name: string | null;
  plan_slug: string;
  plan_name: string;
  sort_exact: string;
};

export type SubscriptionQuery = {
  limit: number;
  after: Keyset | null;
  sort: SortSpec;
  status?: SubscriptionStatus | undefined;
  planId?: string | undefined;
  personId?: string | undefined;
};

/** A subscription still runs (and renews unless told otherwise) in these states. */
export const RUNNING: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due'];

function sortColumn(sort: SortSpec): string {
  return sort.column === 'current_period_end' ? 's.current_period_end' : 's.created_at';
}

function selectSubscriptions(db: Db, siteId: string, sort: SortSpec) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('people as p', 'p.id', 's.person_id')
    .innerJoin('membership_plans as m', 'm.id', 's.plan_id')
    .selectAll('s')
    .select(['p.email as subscriber_email', 'p.name as subscriber_name', 'm.slug as plan_slug', 'm.name as plan_name'])
    .select(timeText(sortColumn(sort)).as('sort_exact'))
    .where('s.site_id', '=', siteId);
}

export async function listSubscriptions(db: Db, siteId: string, query: SubscriptionQuery): Promise<SubscriptionRow[]> {
  const key: SortKey = columnKey(sortColumn(query.sort), 'time');
  let q = selectSubscriptions(db, siteId, query.sort);
  if (query.status) q = q.where('s.status', '=', query.status);
  if (query.planId) q = q.where('s.plan_id', '=', query.planId);
  if (query.personId) q = q.where('s.person_id', '=', query.personId);
  const page = keyset(key, 's.id', query);
  if (page.after) q = q.where(page.after);
  return q
    .orderBy(page.orderBy)
    .limit(query.limit + 1)
    .execute();
}

export async function findSubscription(db: Db, siteId: string, id: string): Promise<SubscriptionRow | undefined> {
  return selectSubscriptions(db, siteId, { column: 'created_at', direction: 'desc' })
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** Ends a running subscription now; a no-op (false) when it is missing or has ended already. */
export async function cancelNow(db: Db, siteId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ status: 'canceled', canceled_at: sql`now()`, cancel_at_period_end: false })
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .where('status', 'in', RUNNING)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Stops a running subscription from renewing; a no-op when already set, ended or missing. */
export async function cancelAtPeriodEnd(db: Db, siteId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ cancel_at_period_end: true, canceled_at: sql`now()` })
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .where('status', 'in', RUNNING)
    .where('cancel_at_period_end', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function updateSubscriptionPlan(db: Db, siteId: string, id: string, planId: string): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ plan_id: planId })
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .execute();
}

/** The person's running subscription to the plan, if any: starting one again finds it. */
export async function findRunningSubscriptionOf(
  db: Db,
  siteId: string,
  personId: string,
  planId: string,
): Promise<SubscriptionRow | undefined> {
  return selectSubscriptions(db, siteId, { column: 'created_at', direction: 'desc' })
    .where('s.person_id', '=', personId)
    .where('s.plan_id', '=', planId)
    .where('s.status', 'in', RUNNING)
    .executeTakeFirst();
}

/**
 * Starts an active subscription now, its first period one billing interval long. The period end
 * is PostgreSQL's interval arithmetic, which keeps month ends (31 January + 1 month is 28/29 February).
 * @returns its id, or undefined when the person already has a running subscription to the plan (the
 * partial unique index subscriptions_one_running decides, so concurrent starts make one row)
 */
export async function insertRunningSubscription(
  db: Db,
  row: { siteId: string; personId: string; planId: string; interval: string; intervalCount: number; manual: boolean },
): Promise<string | undefined> {
  const inserted = await db
    .insertInto('subscriptions')
    .values({
      site_id: row.siteId,
      person_id: row.personId,
      plan_id: row.planId,
      status: 'active',
      manual_grant: row.manual,
      current_period_start: sql<Date>`now()`,
      current_period_end: sql<Date>`now() + make_interval(
        days => ${row.interval === 'day' ? row.intervalCount : row.interval === 'week' ? row.intervalCount * 7 : 0},
        months => ${row.interval === 'month' ? row.intervalCount : row.interval === 'year' ? row.intervalCount * 12 : 0})`,
    })
    .onConflict((oc) =>
      oc
        .columns(['site_id', 'person_id', 'plan_id'])
        // Literal states: the arbiter's predicate must imply the index's, which bound parameters cannot show.
        .where(sql<boolean>`status in (${sql.raw(RUNNING.map((s) => `'${s}'`).join(', '))})`)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** The school granted this subscription itself (createSubscription): a refund of an order leaves it. */
export async function markManualGrant(db: Db, siteId: string, id: string): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ manual_grant: true })
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .execute();
}
