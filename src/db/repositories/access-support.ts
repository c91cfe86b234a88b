// SQL for what still supports a person's access when a refund takes an order's access back
// (OpenAPI refundOrder, revoke_access): another standing order selling the same thing, or a
// running subscription to a plan that includes the course. Scoped by site_id.
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { RUNNING } from './subscriptions.ts';

/**
 * Marks the order as no longer granting access, once: of concurrent refunds one takes it back.
 * @returns whether this call withdrew it (false when it granted nothing or was withdrawn before)
 */
export async function withdrawOrderAccess(db: Db, siteId: string, orderId: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ grants_access: false })
    .where('site_id', '=', siteId)
    .where('id', '=', orderId)
    .where('grants_access', '=', true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether a standing order of the person (paid or manual, its access not taken back) sells the item. */
export async function standingOrderSells(
  db: Db,
  siteId: string,
  personId: string,
  item: { type: 'course' | 'membership_plan'; id: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('order_items as i', 'i.order_id', 'o.id')
    .select(sql<number>`1`.as('one'))
    .where('o.site_id', '=', siteId)
    .where('o.person_id', '=', personId)
    .where('o.status', 'in', ['paid', 'manual'])
    .where('o.grants_access', '=', true)
    .where('i.item_type', '=', item.type)
    .where('i.item_id', '=', item.id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the person runs a subscription (trialing, active, past due) to a plan that includes the course. */
export async function runningPlanIncludes(db: Db, siteId: string, personId: string, courseId: string) {
  const row = await db
    .selectFrom('subscriptions as s')
    .innerJoin('membership_plan_courses as pc', 'pc.plan_id', 's.plan_id')
    .select(sql<number>`1`.as('one'))
    .where('s.site_id', '=', siteId)
    .where('s.person_id', '=', personId)
    .where('s.status', 'in', RUNNING)
    .where('pc.course_id', '=', courseId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Access an order may sell, and the column of the row it grants that names what was sold. */
const SOLD_AS = [
  { table: 'enrollments', itemType: 'course', column: 'course_id' },
  { table: 'subscriptions', itemType: 'membership_plan', column: 'plan_id' },
] as const;

/**
 * Marks as the school's own grant every enrollment and subscription at the school that no order of
 * its person sells: the demo seed grants them directly, as migration 2026-12-06T0201 marked those
 * made before it.
 */
export async function markUnsoldAccessGranted(db: Db, siteId: string): Promise<void> {
  for (const { table, itemType, column } of SOLD_AS)
    await sql`update ${sql.table(table)} a set manual_grant = true where a.site_id = ${siteId} and not exists (
      select 1 from orders o join order_items i on i.order_id = o.id
      where o.site_id = a.site_id and o.person_id = a.person_id and i.item_type = ${itemType} and i.item_id = a.${sql.ref(column)})`.execute(
      db,
    );
}
