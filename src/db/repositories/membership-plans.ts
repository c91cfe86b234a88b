// SQL for the admin API's membership plans and the courses they include. Every statement is
// scoped by site_id (membership_plan_courses through its plan, whose site is checked first), so
// another school's plan or course is as absent as one that never existed (OpenAPI response NotFound).
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../database.ts';
import type { CourseStatus, MembershipPlansTable, PlanStatus } from '../schema.ts';
import type { Keyset } from '../pagination/cursor.ts';
import { columnKey, keyset, timeText, type SortKey, type SortSpec } from '../pagination/keyset.ts';
import { likePattern } from './sql-helpers.ts';

export type PlanRow = Selectable<MembershipPlansTable> & { created_at_exact: string };
export type PlanCourseRow = { plan_id: string; id: string; slug: string; title: string; status: CourseStatus };

export type PlanQuery = {
  limit: number;
  after: Keyset | null;
  sort: SortSpec;
  search?: string | undefined;
  status?: PlanStatus | undefined;
  visible?: boolean | undefined;
};

function sortKeyOf(sort: SortSpec): SortKey {
  return sort.column === 'name' ? { expression: sql`name`, kind: 'text' } : columnKey('created_at', 'time');
}

function selectPlans(db: Db, siteId: string) {
  return db
    .selectFrom('membership_plans')
    .selectAll()
    .select(timeText('created_at').as('created_at_exact'))
    .where('site_id', '=', siteId);
}

export async function listPlans(db: Db, siteId: string, query: PlanQuery): Promise<PlanRow[]> {
  const key = sortKeyOf(query.sort);
  let q = selectPlans(db, siteId);
  if (query.search) {
    const pattern = likePattern(query.search);
    q = q.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('slug', 'ilike', pattern)]));
  }
  if (query.status) q = q.where('status', '=', query.status);
  if (query.visible !== undefined) q = q.where('visible', '=', query.visible);
  const page = keyset(key, 'id', query);
  if (page.after) q = q.where(page.after);
  return q
    .orderBy(page.orderBy)
    .limit(query.limit + 1)
    .execute();
}

export async function findPlan(db: Db, siteId: string, id: string): Promise<PlanRow | undefined> {
  return selectPlans(db, siteId).where('id', '=', id).executeTakeFirst();
}

export async function insertPlan(db: Db, plan: Insertable<MembershipPlansTable>): Promise<PlanRow> {
  return db
    .insertInto('membership_plans')
    .values(plan)
    .returningAll()
    .returning(timeText('created_at').as('created_at_exact'))
    .executeTakeFirstOrThrow();
}

export async function updatePlan(
  db: Db,
  siteId: string,
  id: string,
  changes: Updateable<MembershipPlansTable>,
): Promise<PlanRow | undefined> {
  return db
    .updateTable('membership_plans')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .returningAll()
    .returning(timeText('created_at').as('created_at_exact'))
    .executeTakeFirst();
}

export async function deletePlan(db: Db, siteId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('membership_plans')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countPlanSubscriptions(db: Db, siteId: string, planId: string): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_id', '=', siteId)
    .where('plan_id', '=', planId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The included courses of several plans in one statement, by title. */
export async function listPlanCourses(db: Db, siteId: string, planIds: readonly string[]): Promise<PlanCourseRow[]> {
  if (planIds.length === 0) return [];
  return db
    .selectFrom('membership_plan_courses as pc')
    .innerJoin('courses as c', 'c.id', 'pc.course_id')
    .select(['pc.plan_id', 'c.id', 'c.slug', 'c.title', 'c.status'])
    .where('c.site_id', '=', siteId)
    .where('pc.plan_id', 'in', planIds)
    .orderBy('c.title')
    .orderBy('c.id')
    .execute();
}

/** Which of these ids are courses of this school. */
export async function existingCourseIds(db: Db, siteId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('courses')
    .select('id')
    .where('site_id', '=', siteId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Replaces the plan's courses as a whole; the plan must already be known to be this school's. */
export async function replacePlanCourses(db: Db, planId: string, courseIds: readonly string[]): Promise<void> {
  await db.deleteFrom('membership_plan_courses').where('plan_id', '=', planId).execute();
  if (courseIds.length === 0) return;
  await db
    .insertInto('membership_plan_courses')
    .values(courseIds.map((course_id) => ({ plan_id: planId, course_id })))
    .execute();
}
