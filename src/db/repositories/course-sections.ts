// SQL for the sections of a course. Every statement is scoped by site_id (and the course), so
// another school's section is as absent as one that never existed (OpenAPI response NotFound: 404, never its data).
// Positions are unique per course but deferrable (migration 2026-11-22T0001): inside one
// transaction they may collide while a write renumbers them.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../database.ts';
import type { CourseSectionsTable } from '../schema.ts';
import { columnKey, keyset, type KeysetPage } from '../pagination/keyset.ts';

export type SectionRow = Selectable<CourseSectionsTable>;

/**
 * Takes the course's row lock for the rest of the transaction, so that two curriculum writes on
 * one course run one after the other and positions never collide at commit.
 * @returns false when the course is not one of this school's
 */
export async function lockCourse(db: Db, siteId: string, courseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('courses')
    .select('id')
    .where('site_id', '=', siteId)
    .where('id', '=', courseId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export async function courseExists(db: Db, siteId: string, courseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('courses')
    .select('id')
    .where('site_id', '=', siteId)
    .where('id', '=', courseId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sections in position order; one row more than the page when `limit` is given (pagination/keyset.ts). */
export async function listSections(db: Db, siteId: string, courseId: string, page?: KeysetPage): Promise<SectionRow[]> {
  let q = db.selectFrom('course_sections').selectAll().where('site_id', '=', siteId).where('course_id', '=', courseId);
  const keyed = keyset(columnKey('position', 'integer'), 'id', {
    sort: { column: 'position', direction: 'asc' },
    after: page?.after ?? null,
  });
  if (keyed.after) q = q.where(keyed.after);
  q = q.orderBy(keyed.orderBy);
  return page ? q.limit(page.limit + 1).execute() : q.execute();
}

export async function findSection(
  db: Db,
  siteId: string,
  courseId: string,
  id: string,
): Promise<SectionRow | undefined> {
  return db
    .selectFrom('course_sections')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('course_id', '=', courseId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The highest position in use (0 for a course without sections): appends go after it. */
export async function lastSectionPosition(db: Db, siteId: string, courseId: string): Promise<number> {
  const row = await db
    .selectFrom('course_sections')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('site_id', '=', siteId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** Moves every section at or after `from` by `delta` places (+1 opens a gap, -1 closes one). */
export async function shiftSections(
  db: Db,
  siteId: string,
  courseId: string,
  from: number,
  delta: 1 | -1,
): Promise<void> {
  await db
    .updateTable('course_sections')
    .set({ position: sql<number>`position + ${delta}` })
    .where('site_id', '=', siteId)
    .where('course_id', '=', courseId)
    .where('position', '>=', from)
    .execute();
}

export async function insertSection(db: Db, section: Insertable<CourseSectionsTable>): Promise<SectionRow> {
  return db.insertInto('course_sections').values(section).returningAll().executeTakeFirstOrThrow();
}

export async function updateSection(
  db: Db,
  siteId: string,
  courseId: string,
  id: string,
  changes: Updateable<CourseSectionsTable>,
): Promise<SectionRow | undefined> {
  return db
    .updateTable('course_sections')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('course_id', '=', courseId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteSection(
  db: Db,
  siteId: string,
  courseId: string,
  id: string,
): Promise<SectionRow | undefined> {
  return db
    .deleteFrom('course_sections')
    .where('site_id', '=', siteId)
    .where('course_id', '=', courseId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
