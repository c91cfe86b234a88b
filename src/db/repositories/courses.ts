// SQL for the admin API's courses. Every statement is scoped by site_id: another school's course
// is as absent as one that never existed (OpenAPI response NotFound: 404, never its data).
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../database.ts';
import type { CoursesTable } from '../schema.ts';
import { keyValue, type Keyset, type SortSpec } from '../../admin/keyset.ts';

export type CourseRow = Selectable<CoursesTable>;

const SORTABLE = { created_at: 'created_at', title: 'title' } as const;

export async function listCourses(
  db: Db,
  siteId: string,
  query: { limit: number; after: Keyset | null; sort: SortSpec; status?: string | undefined; search?: string | undefined },
): Promise<CourseRow[]> {
  const column = SORTABLE[query.sort.column as keyof typeof SORTABLE] ?? 'created_at';
  const dir = query.sort.direction;
  let q = db.selectFrom('courses').selectAll().where('site_id', '=', siteId);
  if (query.status) q = q.where('status', '=', query.status as CourseRow['status']);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('slug', 'ilike', pattern), eb('subtitle', 'ilike', pattern)]));
  }
  // Cursors carry JavaScript dates (milliseconds), so time columns are compared and ordered at
  // millisecond precision; otherwise rows sharing a millisecond could be skipped between pages.
  const key = column === 'created_at' ? sql`date_trunc('milliseconds', created_at)` : sql.ref(column);
  if (query.after) {
    const value = column === 'created_at' ? new Date(keyValue(query.after, 'time')) : keyValue(query.after, 'text');
    const op = dir === 'desc' ? sql`<` : sql`>`;
    q = q.where(sql<boolean>`(${key}, id) ${op} (${value}, ${query.after.id}::uuid)`);
  }
  return q.orderBy(key, dir).orderBy('id', dir).limit(query.limit + 1).execute();
}

export async function findCourse(db: Db, siteId: string, id: string): Promise<CourseRow | undefined> {
  return db.selectFrom('courses').selectAll().where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
}

export async function insertCourse(db: Db, course: Insertable<CoursesTable>): Promise<CourseRow> {
  return db.insertInto('courses').values(course).returningAll().executeTakeFirstOrThrow();
}

export async function updateCourse(db: Db, siteId: string, id: string, changes: Updateable<CoursesTable>): Promise<CourseRow | undefined> {
  return db.updateTable('courses').set(changes).where('site_id', '=', siteId).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteCourse(db: Db, siteId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('courses').where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
