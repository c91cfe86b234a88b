// SQL for a student's progress as the admin API reports it: the lectures of some courses in
// curriculum order, and the per-lecture progress of some enrollments. Scoped by site_id.
import type { Db } from '../database.ts';
import type { DraftOrPublished } from '../schema.ts';

export type CurriculumLectureRow = {
  id: string;
  course_id: string;
  section_id: string;
  title: string;
  duration_seconds: number;
  status: DraftOrPublished;
};

export type LectureProgressRow = {
  enrollment_id: string;
  lecture_id: string;
  position_seconds: number;
  completed_at: Date | null;
};

/** Lectures of the courses, drafts included (a last-watched lecture may since have become a draft). */
export async function listLecturesOfCourses(
  db: Db,
  siteId: string,
  courseIds: readonly string[],
): Promise<CurriculumLectureRow[]> {
  if (courseIds.length === 0) return [];
  return db
    .selectFrom('lectures as l')
    .innerJoin('course_sections as s', 's.id', 'l.section_id')
    .select(['l.id', 'l.course_id', 'l.section_id', 'l.title', 'l.duration_seconds', 'l.status'])
    .where('l.site_id', '=', siteId)
    .where('l.course_id', 'in', courseIds)
    .orderBy('l.course_id')
    .orderBy('s.position')
    .orderBy('l.position')
    .execute();
}

export async function listProgressOfEnrollments(
  db: Db,
  siteId: string,
  enrollmentIds: readonly string[],
): Promise<LectureProgressRow[]> {
  if (enrollmentIds.length === 0) return [];
  return db
    .selectFrom('lecture_progress')
    .select(['enrollment_id', 'lecture_id', 'position_seconds', 'completed_at'])
    .where('site_id', '=', siteId)
    .where('enrollment_id', 'in', enrollmentIds)
    .execute();
}
