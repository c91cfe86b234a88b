// The domain's "at most one" rules held by the database, and what a refund may take back.
// - One running subscription per person and plan: a partial unique index over the running states
//   (trialing, active, past_due), so concurrent starts insert one row and the rest find it. Running
//   duplicates made before the index are ended (canceled now), the oldest kept.
// - What supports access: `manual_grant` marks an enrollment or subscription the school granted
//   itself (enrollStudent, createSubscription);
//   orders say whether they still grant access (`grants_access`: false when recorded with
//   grant_access false or once a refund took their access back). An enrollment no order of any
//   status supports was granted by hand.
// - `request_digest`: what an order recorded with an external_id was asked for, so that a retry
//   with another body is told apart from the same retry (OpenAPI createOrder).
// Frozen once landed.
import { sql, type Kysely } from 'kysely';

const RUNNING = sql`('trialing', 'active', 'past_due')`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`with ranked as (
      select id, row_number() over (partition by site_id, person_id, plan_id order by created_at, id) as n
      from subscriptions where status in ${RUNNING}
    )
    update subscriptions s set status = 'canceled', canceled_at = now(), cancel_at_period_end = false
    from ranked r where s.id = r.id and r.n > 1`.execute(db);
  await sql`create unique index subscriptions_one_running on subscriptions (site_id, person_id, plan_id)
    where status in ${RUNNING}`.execute(db);

  await sql`alter table orders add column grants_access boolean not null default true,
    add column request_digest text`.execute(db);
  await sql`alter table enrollments add column manual_grant boolean not null default false`.execute(db);
  await sql`alter table subscriptions add column manual_grant boolean not null default false`.execute(db);
  await markUnsold(db, 'enrollments', 'course', 'course_id');
  await markUnsold(db, 'subscriptions', 'membership_plan', 'plan_id');
}

/** Access that no order of the person ever sold was granted by hand. */
async function markUnsold(db: Kysely<any>, table: string, itemType: string, column: string): Promise<void> {
  await sql`update ${sql.table(table)} a set manual_grant = true
    where not exists (
      select 1 from orders o join order_items i on i.order_id = o.id
      where o.site_id = a.site_id and o.person_id = a.person_id
        and i.item_type = ${itemType} and i.item_id = a.${sql.ref(column)}
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table enrollments drop column manual_grant`.execute(db);
  await sql`alter table subscriptions drop column manual_grant`.execute(db);
  await sql`alter table orders drop column grants_access, drop column request_digest`.execute(db);
  await sql`drop index subscriptions_one_running`.execute(db);
}
