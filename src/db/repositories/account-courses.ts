// SQL for a member's enrolled courses and lecture progress (member data API, MCP member tools).
// Every statement is filtered by site and person; lecture content is never selected. A page of
// enrolled courses is one statement whatever its size: the page's enrollments are cut first, then
// each one's course and last-watched lecture are looked up by key and its progress counted, never
// a query per row. The two counts are about half of the statement's work in PostgreSQL
// (bench/FINDINGS.md "Progress counts only when selected"), so a page read without progress (a GraphQL query that does not
// select it) leaves them out.
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { perRowOfPage } from '../key-lookup.ts';
import type { EnrollmentStatus } from '../schema.ts';
import { columnKey, keyset, timeText, type KeysetPage } from '../pagination/keyset.ts';
import { shapedStatement } from '../shaped-statement.ts';

export type EnrolledCourseRow = {
  enrollment_id: string;
  course_id: string;
  slug: string;
  title: string;
  status: EnrollmentStatus;
  enrolled_at: Date;
  expires_at: Date | null;
  has_lifetime_access: boolean;
  last_lecture_id: string | null;
  last_lecture_title: string | null;
  last_position_seconds: number;
  sort_key: string;
};

export type ProgressCounts = {
  /** Published lectures of the course: drafts are not part of what a student can finish. */
  total_lectures: number;
  completed_lectures: number;
};

/** Whether a statement reads the progress counts. */
export type WithProgress = { progress: boolean };

/** The member's enrollments in the site: the rows a page of enrolled courses is cut from. */
function enrollmentsOf(db: Db, siteId: string, personId: string) {
  return db
    .selectFrom('enrollments as e')
    .selectAll('e')
    .where('e.site_id', '=', siteId)
    .where('e.person_id', '=', personId);
}

type Enrollments = ReturnType<typeof enrollmentsOf>;

/** Each of the given enrollments with its course and last-watched lecture, and the progress counts when asked. */
function withCourses(db: Db, enrollments: Enrollments, { progress }: WithProgress) {
  return db
    .selectFrom(enrollments.as('e'))
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('courses as c')
          .select(['c.slug', 'c.title'])
          .whereRef('c.id', '=', 'e.course_id')
          .whereRef('c.site_id', '=', 'e.site_id')
          .$call(perRowOfPage)
          .as('c'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('lectures as lw')
          .select(['lw.id', 'lw.title'])
          .whereRef('lw.id', '=', 'e.last_watched_lecture_id')
          .whereRef('lw.site_id', '=', 'e.site_id')
          .$call(perRowOfPage)
          .as('lw'),
      (join) => join.onTrue(),
    )
    .select([
      'e.id as enrollment_id',
      'e.course_id',
      'c.slug',
      'c.title',
      'e.status',
      'e.enrolled_at',
      'e.expires_at',
      'e.has_lifetime_access',
      'lw.id as last_lecture_id',
      'lw.title as last_lecture_title',
      'e.last_position_seconds',
      timeText('e.enrolled_at').as('sort_key'),
    ])
    .$if(progress, (query) =>
      query.select([
        sql<number>`(select count(*) from lectures l where l.site_id = e.site_id and l.course_id = e.course_id and l.status = 'published')`.as(
          'total_lectures',
        ),
        sql<number>`(select count(*) from lecture_progress p join lectures l on l.id = p.lecture_id and l.status = 'published'
          where p.site_id = e.site_id and p.enrollment_id = e.id and p.completed_at is not null)`.as(
          'completed_lectures',
        ),
      ]),
    );
}

type PageOf = { siteId: string; personId: string; page: KeysetPage } & WithProgress;

// Built once per shape (db/shaped-statement.ts): the text changes only with the bounds present, the direction
// and whether the progress counts are read.
const enrolledCoursesPage = shapedStatement<PageOf, EnrolledCourseRow & Partial<ProgressCounts>>(
  ({ page, progress }) =>
    `${page.sort.column} ${page.sort.direction} after:${!!page.after} before:${!!page.before} fromEnd:${!!page.fromEnd} inclusive:${!!page.inclusive} progress:${progress}`,
  (db, value, { page, progress }) => {
    let enrollments = enrollmentsOf(
      db,
      value((i) => i.siteId),
      value((i) => i.personId),
    );
    const bound = (which: 'after' | 'before') =>
      page[which] ? { v: value((i) => i.page[which]!.v), id: value((i) => i.page[which]!.id) } : null;
    const keyed = keyset(columnKey('e.enrolled_at', 'time'), 'e.id', {
      sort: page.sort,
      after: bound('after'),
      before: bound('before'),
      fromEnd: page.fromEnd,
      inclusive: page.inclusive,
    });
    if (keyed.after) enrollments = enrollments.where(keyed.after);
    if (keyed.before) enrollments = enrollments.where(keyed.before);
    const cut = enrollments.orderBy(keyed.orderBy).limit(value((i) => i.page.limit + 1));
    // The same order again outside: joins keep no order of their own.
    return withCourses(db, cut, { progress }).orderBy(keyed.orderBy);
  },
);

/**
 * Most recently enrolled first (the SDL's order), `limit` rows between the keys, from the end when
 * paging backward; with the progress counts when `progress` is set.
 */
export async function listEnrolledCourses(
  db: Db,
  siteId: string,
  personId: string,
  page: KeysetPage,
  { progress }: WithProgress,
): Promise<(EnrolledCourseRow & Partial<ProgressCounts>)[]> {
  return enrolledCoursesPage(db, { siteId, personId, page, progress });
}

export async function countEnrollments(db: Db, siteId: string, personId: string): Promise<number> {
  const row = await db
    .selectFrom('enrollments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('site_id', '=', siteId)
    .where('person_id', '=', personId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findEnrolledCourse(
  db: Db,
  siteId: string,
  personId: string,
  courseId: string,
): Promise<(EnrolledCourseRow & Partial<ProgressCounts>) | undefined> {
  return withCourses(db, enrollmentsOf(db, siteId, personId).where('e.course_id', '=', courseId), {
    progress: true,
  }).executeTakeFirst();
}

export type LectureTarget = { enrollment_id: string; course_id: string; duration_seconds: number };

/**
 * A published lecture of a course the person is actively enrolled in: status active and access
 * not yet over (an expiry that passed before a job marked it expired still counts as over).
 */
export async function findLectureInActiveEnrollment(
  db: Db,
  siteId: string,
  personId: string,
  lectureId: string,
): Promise<LectureTarget | undefined> {
  return db
    .selectFrom('lectures as l')
    .innerJoin('enrollments as e', (join) =>
      join.onRef('e.course_id', '=', 'l.course_id').onRef('e.site_id', '=', 'l.site_id'),
    )
    .select(['e.id as enrollment_id', 'e.course_id', 'l.duration_seconds'])
    .where('l.site_id', '=', siteId)
    .where('l.id', '=', lectureId)
    .where('l.status', '=', 'published')
    .where('e.person_id', '=', personId)
    .where('e.status', '=', 'active')
    .where((eb) => eb.or([eb('e.expires_at', 'is', null), eb('e.expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
}

/** Records the position; `completed` marks the lecture done once and never un-marks it. */
export async function upsertLectureProgress(
  db: Db,
  row: { siteId: string; enrollmentId: string; lectureId: string; positionSeconds: number; completed: boolean },
): Promise<void> {
  const completedAt = row.completed ? sql<Date>`now()` : null;
  await db
    .insertInto('lecture_progress')
    .values({
      site_id: row.siteId,
      enrollment_id: row.enrollmentId,
      lecture_id: row.lectureId,
      position_seconds: row.positionSeconds,
      completed_at: completedAt,
    })
    .onConflict((oc) =>
      oc.columns(['enrollment_id', 'lecture_id']).doUpdateSet((eb) => ({
        position_seconds: eb.ref('excluded.position_seconds'),
        completed_at: eb.fn.coalesce('lecture_progress.completed_at', 'excluded.completed_at'),
        updated_at: sql<Date>`now()`,
      })),
    )
    .execute();
}

/** Sets the last-watched lecture, and completes the enrollment when no published lecture is left. */
export async function updateLastWatched(
  db: Db,
  row: { siteId: string; personId: string; enrollmentId: string; lectureId: string; positionSeconds: number },
): Promise<void> {
  await db
    .updateTable('enrollments as e')
    .set({
      last_watched_lecture_id: row.lectureId,
      last_position_seconds: row.positionSeconds,
      updated_at: sql<Date>`now()`,
      completed_at: sql<Date | null>`coalesce(e.completed_at, case when not exists (
        select 1 from lectures l left join lecture_progress p on p.lecture_id = l.id and p.enrollment_id = e.id
        where l.site_id = e.site_id and l.course_id = e.course_id and l.status = 'published' and p.completed_at is null
      ) then now() end)`,
    })
    .where('e.id', '=', row.enrollmentId)
    .where('e.site_id', '=', row.siteId)
    .where('e.person_id', '=', row.personId)
    .execute();
}

/** A lecture and one enrollment's progress in it, as the admin API's LectureProgress has them. */
export async function findLectureProgressEntry(
  db: Db,
  siteId: string,
  enrollmentId: string,
  lectureId: string,
): Promise<
  | {
      lecture_id: string;
      section_id: string;
      title: string;
      duration_seconds: number;
      completed_at: Date | null;
      position_seconds: number;
    }
  | undefined
> {
  return db
    .selectFrom('lectures as l')
    .leftJoin('lecture_progress as p', (join) =>
      join.onRef('p.lecture_id', '=', 'l.id').on('p.enrollment_id', '=', enrollmentId),
    )
    .select([
      'l.id as lecture_id',
      'l.section_id',
      'l.title',
      'l.duration_seconds',
      'p.completed_at',
      sql<number>`coalesce(p.position_seconds, 0)`.as('position_seconds'),
    ])
    .where('l.site_id', '=', siteId)
    .where('l.id', '=', lectureId)
    .executeTakeFirst();
}
