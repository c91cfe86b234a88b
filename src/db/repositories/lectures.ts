// SQL for the lectures of a course's sections, content included (admin reads only; the public
// outline lives in catalog.ts and never selects content). Every statement is scoped by site_id,
// so another school's lecture is a 404, never its data (OpenAPI response NotFound). Positions are unique per
// section but deferrable: a transaction may renumber them freely before it commits.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../database.ts';
import type { LecturesTable } from '../schema.ts';

export type LectureRow = Selectable<LecturesTable>;

/** Lectures of the given sections, by section then position. */
export async function listLecturesOfSections(
  db: Db,
  siteId: string,
  sectionIds: readonly string[],
): Promise<LectureRow[]> {
  if (sectionIds.length === 0) return [];
  return db
    .selectFrom('lectures')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('section_id', 'in', sectionIds)
    .orderBy('section_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function findLecture(db: Db, siteId: string, id: string): Promise<LectureRow | undefined> {
  return db.selectFrom('lectures').selectAll().where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
}

/** The highest position in the section, leaving one lecture out (0 when there is none). */
export async function lastLecturePosition(
  db: Db,
  siteId: string,
  sectionId: string,
  exceptId?: string,
): Promise<number> {
  let q = db
    .selectFrom('lectures')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('site_id', '=', siteId)
    .where('section_id', '=', sectionId);
  if (exceptId) q = q.where('id', '<>', exceptId);
  const row = await q.executeTakeFirst();
  return Number(row?.last ?? 0);
}

export async function countLectures(db: Db, siteId: string, sectionId: string): Promise<number> {
  const row = await db
    .selectFrom('lectures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_id', '=', siteId)
    .where('section_id', '=', sectionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Moves every lecture of the section at or after `from` by `delta` places, except one. */
export async function shiftLectures(
  db: Db,
  siteId: string,
  sectionId: string,
  from: number,
  delta: 1 | -1,
  exceptId?: string,
): Promise<void> {
  let q = db
    .updateTable('lectures')
    .set({ position: sql<number>`position + ${delta}` })
    .where('site_id', '=', siteId)
    .where('section_id', '=', sectionId)
    .where('position', '>=', from);
  if (exceptId) q = q.where('id', '<>', exceptId);
  await q.execute();
}

export async function insertLecture(db: Db, lecture: Insertable<LecturesTable>): Promise<LectureRow> {
  return db.insertInto('lectures').values(lecture).returningAll().executeTakeFirstOrThrow();
}

export async function updateLecture(
  db: Db,
  siteId: string,
  id: string,
  changes: Updateable<LecturesTable>,
): Promise<LectureRow | undefined> {
  return db
    .updateTable('lectures')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteLecture(db: Db, siteId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('lectures').where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether any student has progress recorded on the lecture (deleting it would erase that). */
export async function lectureHasProgress(db: Db, siteId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('lecture_progress')
    .select('lecture_id')
    .where('site_id', '=', siteId)
    .where('lecture_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
