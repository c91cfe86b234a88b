// SQL for the admin API's courses. Every statement is scoped by site_id: another school's course
// is as absent as one that never existed (OpenAPI response NotFound: 404, never its data).
import { type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../database.ts';
import type { CoursesTable } from '../schema.ts';
import { keyset, sortColumn, type KeysetPage } from '../pagination/keyset.ts';

export type CourseRow = Selectable<CoursesTable>;

export const COURSE_SORTS = { created_at: 'time', title: 'text' } as const;

export async function listCourses(
  db: Db,
  siteId: string,
  query: KeysetPage & { status?: string | undefined; search?: string | undefined },
): Promise<Array<CourseRow & { sort_key: string | number }>> {
  const page = keyset(sortColumn(COURSE_SORTS, query.sort), 'id', query);
  let q = db.selectFrom('courses').selectAll().select(page.value.as('sort_key')).where('site_id', '=', siteId);
  if (query.status) q = q.where('status', '=', query.status as CourseRow['status']);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([eb('title', 'ilike', pattern), eb('slug', 'ilike', pattern), eb('subtitle', 'ilike', pattern)]),
    );
  }
  if (page.after) q = q.where(page.after);
  return q
    .orderBy(page.orderBy)
    .limit(query.limit + 1)
    .execute();
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

export async function deleteCourse(db: Db, siteId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('courses').where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
