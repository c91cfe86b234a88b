// SQL for lecturer profiles and their course assignments. Every statement is scoped by site_id
// (course_lecturers has no site_id of its own, so it is reached only through a lecturer or a
// course of the site): another school's profile is a 404, never its data (OpenAPI response NotFound).
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../database.ts';
import type { LecturersTable } from '../schema.ts';
import { keyset, sortColumn, timeText, type KeysetPage } from '../pagination/keyset.ts';

export type LecturerRow = Selectable<LecturersTable>;

export const LECTURER_SORTS = { name: 'text', created_at: 'time' } as const;

export async function listLecturers(
  db: Db,
  siteId: string,
  query: KeysetPage & { search?: string | undefined; personId?: string | undefined; courseId?: string | undefined },
): Promise<Array<LecturerRow & { created_at_exact: string }>> {
  let q = db
    .selectFrom('lecturers')
    .selectAll('lecturers')
    .select(timeText('lecturers.created_at').as('created_at_exact'))
    .where('lecturers.site_id', '=', siteId);
  if (query.personId) q = q.where('lecturers.person_id', '=', query.personId);
  if (query.courseId) {
    const courseId = query.courseId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('course_lecturers as cl')
          .select('cl.lecturer_id')
          .whereRef('cl.lecturer_id', '=', 'lecturers.id')
          .where('cl.course_id', '=', courseId),
      ),
    );
  }
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('name', 'ilike', pattern),
        eb('slug', 'ilike', pattern),
        eb('email', 'ilike', pattern),
        eb('headline', 'ilike', pattern),
      ]),
    );
  }
  const page = keyset(sortColumn(LECTURER_SORTS, query.sort, 'lecturers'), 'lecturers.id', query);
  if (page.after) q = q.where(page.after);
  return q
    .orderBy(page.orderBy)
    .limit(query.limit + 1)
    .execute();
}

export async function findLecturer(db: Db, siteId: string, id: string): Promise<LecturerRow | undefined> {
  return db.selectFrom('lecturers').selectAll().where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
}

export async function insertLecturer(db: Db, lecturer: Insertable<LecturersTable>): Promise<LecturerRow> {
  return db.insertInto('lecturers').values(lecturer).returningAll().executeTakeFirstOrThrow();
}

export async function updateLecturer(
  db: Db,
  siteId: string,
  id: string,
  changes: Updateable<LecturersTable>,
): Promise<LecturerRow | undefined> {
  return db
    .updateTable('lecturers')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the profile only while it teaches no course, in one statement (no race with an assign). */
export async function deleteUnassignedLecturer(db: Db, siteId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('lecturers')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('course_lecturers').select('lecturer_id').where('lecturer_id', '=', id))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Course ids per lecturer, for a page of this site's lecturers (one query per page). */
export async function listCourseIdsOf(
  db: Db,
  siteId: string,
  lecturerIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byLecturer = new Map<string, string[]>(lecturerIds.map((id) => [id, []]));
  if (lecturerIds.length === 0) return byLecturer;
  const rows = await db
    .selectFrom('course_lecturers as cl')
    .innerJoin('courses as c', 'c.id', 'cl.course_id')
    .select(['cl.lecturer_id', 'cl.course_id'])
    .where('c.site_id', '=', siteId)
    .where('cl.lecturer_id', 'in', lecturerIds)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
  for (const row of rows) byLecturer.get(row.lecturer_id)?.push(row.course_id);
  return byLecturer;
}

/** Idempotent: assigning twice leaves one row (the primary key is the pair). */
export async function assignLecturer(db: Db, courseId: string, lecturerId: string): Promise<void> {
  await db
    .insertInto('course_lecturers')
    .values({ course_id: courseId, lecturer_id: lecturerId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function unassignLecturer(db: Db, courseId: string, lecturerId: string): Promise<void> {
  await db
    .deleteFrom('course_lecturers')
    .where('course_id', '=', courseId)
    .where('lecturer_id', '=', lecturerId)
    .execute();
}
