// SQL for the admin API's enrollments. Every statement is scoped by site_id, so another school's
// enrollment is a 404 (OpenAPI response NotFound). Rows carry the course and student they name and the progress
// counts, so one query answers a page (published lectures only: what the student can see).
import { sql, type Expression, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { Db } from '../database.ts';
import { perRowOfPage } from '../key-lookup.ts';
import type { EnrollmentStatus, EnrollmentsTable } from '../schema.ts';
import { columnKey, keyset, timeText, type KeysetPage } from '../pagination/keyset.ts';
import { likePattern } from './sql-helpers.ts';

// An active enrollment whose expires_at has passed is expired, whether or not a job noticed yet.
const EFFECTIVE_STATUS = sql<EnrollmentStatus>`(case when e.status = 'active' and e.expires_at <= now() then 'expired' else e.status end)`;

export type EnrollmentListQuery = KeysetPage & {
  personId?: string | undefined;
  courseId?: string | undefined;
  status?: EnrollmentStatus | undefined;
  search?: string | undefined;
};

/** The school's enrollments: the rows a list or a lookup is cut from, before anything is joined. */
function enrollmentsHere(db: Db, siteId: string) {
  return db.selectFrom('enrollments as e').selectAll('e').where('e.site_id', '=', siteId);
}

/**
 * The given enrollments with the course and student they name, each looked up by key for the rows
 * of the page alone (db/key-lookup.ts): a page never joins the school's whole catalog or member
 * list, nor sorts what a join produced.
 */
function withNames(db: Db, enrollments: ReturnType<typeof enrollmentsHere>) {
  return db
    .selectFrom(enrollments.as('e'))
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('courses as c')
          .select(['c.slug', 'c.title'])
          .whereRef('c.id', '=', 'e.course_id')
          .$call(perRowOfPage)
          .as('c'),
      (join) => join.onTrue(),
    )
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('people as p')
          .select(['p.email', 'p.name'])
          .whereRef('p.id', '=', 'e.person_id')
          .$call(perRowOfPage)
          .as('p'),
      (join) => join.onTrue(),
    )
    .select([
      'e.id',
      'e.person_id',
      'e.course_id',
      'e.enrolled_at',
      'e.expires_at',
      'e.has_lifetime_access',
      'e.completed_at',
      'e.manual_grant',
      'e.updated_at',
    ])
    .select([
      'e.last_watched_lecture_id',
      'e.last_position_seconds',
      'c.slug as course_slug',
      'c.title as course_title',
      'p.email as student_email',
      'p.name as student_name',
    ])
    .select([
      EFFECTIVE_STATUS.as('status'),
      timeText('e.enrolled_at').as('enrolled_exact'),
      sql<number>`(select count(*) from lectures l where l.course_id = e.course_id and l.status = 'published')`.as(
        'total_lectures',
      ),
      sql<number>`(select count(*) from lecture_progress lp join lectures l on l.id = lp.lecture_id
        where lp.enrollment_id = e.id and lp.completed_at is not null and l.status = 'published')`.as(
        'completed_lectures',
      ),
    ]);
}

export type EnrollmentRow = Awaited<ReturnType<ReturnType<typeof withNames>['executeTakeFirstOrThrow']>>;

export async function listEnrollments(db: Db, siteId: string, query: EnrollmentListQuery): Promise<EnrollmentRow[]> {
  const where: Expression<SqlBool>[] = [];
  if (query.personId) where.push(sql<boolean>`e.person_id = ${query.personId}::uuid`);
  if (query.courseId) where.push(sql<boolean>`e.course_id = ${query.courseId}::uuid`);
  if (query.status) where.push(sql<boolean>`${EFFECTIVE_STATUS} = ${query.status}`);
  if (query.search) {
    const pattern = likePattern(query.search);
    where.push(
      sql<boolean>`exists (select 1 from people p where p.id = e.person_id and (p.email ilike ${pattern} or p.name ilike ${pattern}))`,
    );
  }
  const keyed = keyset(columnKey('e.enrolled_at', 'time'), 'e.id', query);
  if (keyed.after) where.push(keyed.after);
  let page = enrollmentsHere(db, siteId);
  for (const condition of where) page = page.where(condition);
  // The same order again outside: joins keep no order of their own.
  return withNames(db, page.orderBy(keyed.orderBy).limit(query.limit + 1))
    .orderBy(keyed.orderBy)
    .execute();
}

/** Every enrollment of one person here, newest first: a school's course count bounds it. */
export function listAllEnrollmentsOf(db: Db, siteId: string, personId: string): Promise<EnrollmentRow[]> {
  return withNames(db, enrollmentsHere(db, siteId).where('e.person_id', '=', personId))
    .orderBy('e.enrolled_at', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
}

export function findEnrollment(db: Db, siteId: string, id: string): Promise<EnrollmentRow | undefined> {
  return withNames(db, enrollmentsHere(db, siteId).where('e.id', '=', id)).executeTakeFirst();
}

export function findEnrollmentOf(
  db: Db,
  siteId: string,
  personId: string,
  courseId: string,
): Promise<EnrollmentRow | undefined> {
  return withNames(
    db,
    enrollmentsHere(db, siteId).where('e.person_id', '=', personId).where('e.course_id', '=', courseId),
  ).executeTakeFirst();
}

export async function insertEnrollment(db: Db, enrollment: Insertable<EnrollmentsTable>): Promise<string | undefined> {
  const row = await db
    .insertInto('enrollments')
    .values(enrollment)
    .onConflict((oc) => oc.columns(['site_id', 'person_id', 'course_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function updateEnrollment(
  db: Db,
  siteId: string,
  id: string,
  changes: Updateable<EnrollmentsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('enrollments')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Holds the enrollment's row until commit: progress writes to one enrollment take turns, so each
 * reads the completion state the previous one committed and a completion is announced once.
 */
export async function lockEnrollment(db: Db, siteId: string, id: string): Promise<void> {
  await db
    .selectFrom('enrollments')
    .select('id')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .forUpdate()
    .execute();
}

/**
 * Ends an enrollment whose access still runs (expired keeps the end time; revoked, by a refund,
 * keeps the row and its progress), in one conditional statement: of concurrent calls one ends it.
 * @returns whether this call ended it
 */
export async function endEnrollment(
  db: Db,
  siteId: string,
  id: string,
  status: 'expired' | 'revoked',
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('enrollments')
    .set(status === 'expired' ? { status, expires_at: now, has_lifetime_access: false } : { status })
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteEnrollment(db: Db, siteId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('enrollments')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
