// SQL for the admin API's courses. Every statement is scoped by site_id: another school's course
// is as absent as one that never existed (OpenAPI response NotFound: 404, never its data).
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../database.ts';
import { hotQuery } from '../hot-queries.ts';
import type { CoursesTable } from '../schema.ts';
import { keyset, sortColumn, type KeysetPage } from '../pagination/keyset.ts';
import { shapedStatement } from '../shaped-statement.ts';

export type CourseRow = Selectable<CoursesTable>;

export const COURSE_SORTS = { created_at: 'time', title: 'text' } as const;

type CoursesPage = { siteId: string; page: KeysetPage; status: string | undefined; search: string | undefined };

// Built once per shape (db/shaped-statement.ts): the text changes only with the sort, the bounds and
// the filters present; every admin course list after the first of its shape only binds values.
const coursesPage = shapedStatement<CoursesPage, CourseRow & { sort_key: string | number }>(
  ({ page, status, search }) =>
    `${page.sort.column} ${page.sort.direction} after:${!!page.after} before:${!!page.before} fromEnd:${!!page.fromEnd} inclusive:${!!page.inclusive} status:${!!status} search:${!!search}`,
  (db, value, { page, status, search }) => {
    const bound = (which: 'after' | 'before') =>
      page[which] ? { v: value((i) => i.page[which]!.v), id: value((i) => i.page[which]!.id) } : null;
    const keyed = keyset(sortColumn(COURSE_SORTS, page.sort), 'id', {
      sort: page.sort,
      after: bound('after'),
      before: bound('before'),
      fromEnd: page.fromEnd,
      inclusive: page.inclusive,
    });
    let q = db
      .selectFrom('courses')
      .selectAll()
      .select(keyed.value.as('sort_key'))
      .where(
        'site_id',
        '=',
        value((i) => i.siteId),
      );
    if (status)
      q = q.where(
        'status',
        '=',
        value((i) => i.status as CourseRow['status']),
      );
    if (search) {
      const pattern = value((i) => `%${i.search!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      q = q.where((eb) =>
        eb.or([eb('title', 'ilike', pattern), eb('slug', 'ilike', pattern), eb('subtitle', 'ilike', pattern)]),
      );
    }
    if (keyed.after) q = q.where(keyed.after);
    if (keyed.before) q = q.where(keyed.before);
    return q.orderBy(keyed.orderBy).limit(value((i) => i.page.limit + 1));
  },
);

export async function listCourses(
  db: Db,
  siteId: string,
  query: KeysetPage & { status?: string | undefined; search?: string | undefined },
): Promise<Array<CourseRow & { sort_key: string | number }>> {
  return coursesPage(db, { siteId, page: query, status: query.status, search: query.search });
}

export async function findCourse(db: Db, siteId: string, id: string): Promise<CourseRow | undefined> {
  return db.selectFrom('courses').selectAll().where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
}

export async function insertCourse(db: Db, course: Insertable<CoursesTable>): Promise<CourseRow> {
  return db.insertInto('courses').values(course).returningAll().executeTakeFirstOrThrow();
}

export async function updateCourse(
  db: Db,
  siteId: string,
  id: string,
  changes: Updateable<CoursesTable>,
): Promise<CourseRow | undefined> {
  return db
    .updateTable('courses')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Moves a course into another status in one conditional statement, so that of concurrent calls
 * exactly one changes it (and announces it).
 * @returns the changed row, or undefined when the course is missing or already in that status
 */
export async function moveCourse(
  db: Db,
  siteId: string,
  id: string,
  status: 'published' | 'archived',
): Promise<CourseRow | undefined> {
  return (await moveCourseStatement(db, [siteId, id, status]))[0];
}

// Every publish and archive, each of which announces itself: a hot statement (db/hot-queries.ts).
// Publishing keeps the first publication's time and clears the archive's; archiving stamps it.
const moveCourseStatement = hotQuery<CourseRow>(
  'course_move',
  `update courses
    set status = $3::text,
      published_at = case when $3::text = 'published' then coalesce(published_at, now()) else published_at end,
      archived_at = case when $3::text = 'published' then null else now() end
    where site_id = $1::uuid and id = $2::uuid and status <> $3::text
    returning *`,
);

export async function deleteCourse(db: Db, siteId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('courses').where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
