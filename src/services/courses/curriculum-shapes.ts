// Rows of the curriculum as the admin API shows them, and the rules every curriculum write
// shares: the fit of content to its type, turning a requested place into a real one, and the
// course's row lock around each write.
import type { Db } from '../../db/database.ts';
import { lockCourse, type SectionRow } from '../../db/repositories/course-sections.ts';
import type { LectureRow } from '../../db/repositories/lectures.ts';
import { isUniqueViolation } from '../../db/integrity-errors.ts';
import { Conflict, NotFound, RuleViolation } from '../errors.ts';
import type { LectureContentType } from '../../db/schema.ts';
import { toIso } from '../../lib/time.ts';

export function toLecture(row: LectureRow) {
  return {
    id: row.id,
    course_id: row.course_id,
    section_id: row.section_id,
    title: row.title,
    position: row.position,
    content_type: row.content_type,
    content: row.content,
    duration_seconds: row.duration_seconds,
    is_free_preview: row.is_free_preview,
    status: row.status,
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

export type LectureOut = ReturnType<typeof toLecture>;

export function toSection(row: SectionRow, lectures: readonly LectureRow[]) {
  return {
    id: row.id,
    course_id: row.course_id,
    title: row.title,
    description: row.description,
    position: row.position,
    lectures: lectures.filter((l) => l.section_id === row.id).map(toLecture),
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

export const courseNotFound = (): NotFound => new NotFound('No course with that id at this school.');
export const sectionNotFound = (): NotFound => new NotFound('No section with that id in this course.');
export const lectureNotFound = (): NotFound => new NotFound('No lecture with that id at this school.');

/**
 * Every type but `text` holds a link to the material (schema comment on lectures.content), so
 * its content must be an absolute http(s) URL; `text` holds HTML. Empty content is allowed: a
 * draft may be written before its media exists.
 * @param pointer the field to blame: content, or content_type when only the type changed
 */
export function checkContent(type: LectureContentType, content: string | null | undefined, pointer: string): void {
  if (type === 'text' || content === null || content === undefined || content === '') return;
  let url: URL | undefined;
  try {
    url = new URL(content);
  } catch {
    url = undefined;
  }
  if (url && (url.protocol === 'https:' || url.protocol === 'http:')) return;
  const detail = pointer.endsWith('content_type')
    ? `does not fit the lecture's content: ${type} content must be an http(s) URL; send content too`
    : `must be an http(s) URL for a ${type} lecture`;
  throw new RuleViolation(`The lecture's content does not fit its type.`, [{ pointer, detail }]);
}

/** A requested place (from 1) within `last` items, where `last + 1` is the end. */
export function placeAt(requested: number | undefined, last: number): number {
  return Math.min(requested ?? last + 1, last + 1);
}

/**
 * Runs one curriculum write in a transaction holding the course's row lock (so two writes on a
 * course never renumber at once). A deferred position clash at commit still maps to 409.
 */
export async function withCourseLocked<T>(
  db: Db,
  siteId: string,
  courseId: string,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await lockCourse(trx, siteId, courseId))) throw courseNotFound();
      return work(trx);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Conflict('The curriculum changed while this request ran; read it again and retry.');
    throw error;
  }
}
