// SQL for one enrolled course as its member sees it: the published lectures in curriculum order,
// each with this enrollment's progress, and one lecture with its material for an active
// enrollment. Filtered by site and by the member's own enrollment; drafts are never read.
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import type { LectureContentType } from '../schema.ts';

export type OutlineLectureRow = {
  section_id: string;
  section_title: string;
  lecture_id: string;
  title: string;
  content_type: LectureContentType;
  duration_seconds: number;
  completed_at: Date | null;
  position_seconds: number;
};

/** A course's published lectures, each with its section and one enrollment's progress. */
function lecturesWithProgress(db: Db, siteId: string, enrollmentId: string, courseId: string) {
  return db
    .selectFrom('lectures as l')
    .innerJoin('course_sections as s', (join) =>
      join.onRef('s.id', '=', 'l.section_id').onRef('s.site_id', '=', 'l.site_id'),
    )
    .leftJoin('lecture_progress as p', (join) =>
      join.onRef('p.lecture_id', '=', 'l.id').on('p.enrollment_id', '=', enrollmentId),
    )
    .select([
      's.id as section_id',
      's.title as section_title',
      'l.id as lecture_id',
      'l.title',
      'l.content_type',
      'l.duration_seconds',
      'p.completed_at',
      sql<number>`coalesce(p.position_seconds, 0)`.as('position_seconds'),
    ])
    .where('l.site_id', '=', siteId)
    .where('l.course_id', '=', courseId)
    .where('l.status', '=', 'published');
}

/** The course's published lectures in order (section position, then lecture position), with this enrollment's progress. */
export async function listCourseOutline(
  db: Db,
  siteId: string,
  enrollmentId: string,
  courseId: string,
): Promise<OutlineLectureRow[]> {
  return lecturesWithProgress(db, siteId, enrollmentId, courseId)
    .orderBy('s.position')
    .orderBy('s.id')
    .orderBy('l.position')
    .orderBy('l.id')
    .execute();
}

export type MemberLectureRow = OutlineLectureRow & { course_id: string; content: string | null };

/**
 * A published lecture of this course with its material, for a person actively enrolled in it
 * (status active, access not over: the same test as recording progress).
 */
export async function findLectureOfActiveEnrollment(
  db: Db,
  siteId: string,
  personId: string,
  courseId: string,
  lectureId: string,
): Promise<MemberLectureRow | undefined> {
  const enrollment = await db
    .selectFrom('enrollments as e')
    .select('e.id')
    .where('e.site_id', '=', siteId)
    .where('e.person_id', '=', personId)
    .where('e.course_id', '=', courseId)
    .where('e.status', '=', 'active')
    .where((eb) => eb.or([eb('e.expires_at', 'is', null), eb('e.expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
  if (!enrollment) return undefined;
  return lecturesWithProgress(db, siteId, enrollment.id, courseId)
    .select(['l.course_id', 'l.content'])
    .where('l.id', '=', lectureId)
    .executeTakeFirst();
}
