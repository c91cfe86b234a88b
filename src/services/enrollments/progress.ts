// A student's progress per course, as operators expect it (OpenAPI
// getStudentProgress: completed/total, percent, last activity, per-lecture completion; Teachable's
// progress and Loopwise's lastWatchedLecture). Counts use published lectures only, the ones the
// student can see; expired enrollments keep and report their progress. Three queries per page.
import type { Db } from '../../db/database.ts';
import type { EnrollmentRow } from '../../db/repositories/enrollments.ts';
import { listEnrollments } from '../../db/repositories/enrollments.ts';
import { findStudent } from '../../db/repositories/people-lists.ts';
import {
  listLecturesOfCourses,
  listProgressOfEnrollments,
  type CurriculumLectureRow,
  type LectureProgressRow,
} from '../../db/repositories/progress.ts';
import { NotFound } from '../errors.ts';
import { toIso } from '../../lib/time.ts';
import type { Site } from '../school/sites.ts';
import { listWindow, pageOf } from '../list-window.ts';
import { percentComplete } from '../percent-complete.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

function courseProgress(enrollment: EnrollmentRow, lectures: CurriculumLectureRow[], progress: LectureProgressRow[]) {
  const byLecture = new Map(progress.filter((p) => p.enrollment_id === enrollment.id).map((p) => [p.lecture_id, p]));
  const published = lectures.filter((l) => l.course_id === enrollment.course_id && l.status === 'published');
  const perLecture = published.map((lecture) => {
    const entry = byLecture.get(lecture.id);
    return {
      lecture_id: lecture.id,
      section_id: lecture.section_id,
      title: lecture.title,
      duration_seconds: lecture.duration_seconds,
      completed: entry?.completed_at != null,
      completed_at: toIso(entry?.completed_at),
      position_seconds: entry?.position_seconds ?? 0,
    };
  });
  const completed = perLecture.filter((l) => l.completed).length;
  const watched = enrollment.last_watched_lecture_id
    ? lectures.find((l) => l.id === enrollment.last_watched_lecture_id)
    : undefined;
  return {
    enrollment_id: enrollment.id,
    course: { id: enrollment.course_id, slug: enrollment.course_slug, title: enrollment.course_title },
    status: enrollment.status,
    completed_lectures: completed,
    total_lectures: perLecture.length,
    percent_complete: percentComplete(completed, perLecture.length),
    completed_at: toIso(enrollment.completed_at),
    last_watched: watched
      ? { lecture_id: watched.id, title: watched.title, position_seconds: enrollment.last_position_seconds }
      : null,
    lectures: perLecture,
  };
}

export function createProgressAdmin(db: Db, cursors: CursorCodec) {
  return {
    async forStudent(site: Site, personId: string, query: { limit?: number; cursor?: string; course_id?: string }) {
      if (!(await findStudent(db, site.id, personId))) throw new NotFound('No student with that id at this school.');
      const window = listWindow(cursors, 'student-progress', query, { enrolled_at: 'time' }, '-enrolled_at');
      const { limit } = window;
      const rows = await listEnrollments(db, site.id, { ...window, personId, courseId: query.course_id });
      const page = rows.slice(0, limit);
      const lectures = await listLecturesOfCourses(db, site.id, [...new Set(page.map((e) => e.course_id))]);
      const progress = await listProgressOfEnrollments(
        db,
        site.id,
        page.map((e) => e.id),
      );
      return pageOf(
        rows,
        window,
        (row) => row.enrolled_exact,
        (row) => courseProgress(row, lectures, progress),
      );
    },
  };
}

export type ProgressAdmin = ReturnType<typeof createProgressAdmin>;
