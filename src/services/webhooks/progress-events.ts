// Webhooks lecture.completed and course.completed, from a member's recorded progress (member data
// API, its MCP tool). A lecture is completed by the first call that marks it done; a course by the
// call after which no published lecture is left undone (db/repositories/account-courses.ts
// updateLastWatched sets the enrollment's completed_at then). Neither is sent twice: each compares
// the state before the change with the state after it, inside the change's transaction.
import type { Db } from '../../db/database.ts';
import { findLectureProgressEntry } from '../../db/repositories/account-courses.ts';
import { findEnrollment, lockEnrollment } from '../../db/repositories/enrollments.ts';
import { toIso } from '../../lib/time.ts';
import { toEnrollment } from '../enrollments/enrollment-shape.ts';
import { recordEvent } from './outbox.ts';

export type CompletionState = { lectureDone: boolean; courseDone: boolean };

/** The state before a progress write, read under the enrollment's row lock (taken here, held to commit). */
export async function completionState(
  trx: Db,
  siteId: string,
  enrollmentId: string,
  lectureId: string,
): Promise<CompletionState> {
  // Concurrent writes of one enrollment's progress would each read "not done" and each announce
  // the completion; the lock makes the second read what the first committed.
  await lockEnrollment(trx, siteId, enrollmentId);
  const lecture = await findLectureProgressEntry(trx, siteId, enrollmentId, lectureId);
  const enrollment = await findEnrollment(trx, siteId, enrollmentId);
  return { lectureDone: Boolean(lecture?.completed_at), courseDone: Boolean(enrollment?.completed_at) };
}

/** Records what changed between `before` and now. */
export async function recordCompletions(
  trx: Db,
  siteId: string,
  enrollmentId: string,
  lectureId: string,
  before: CompletionState,
): Promise<void> {
  const lecture = await findLectureProgressEntry(trx, siteId, enrollmentId, lectureId);
  const row = await findEnrollment(trx, siteId, enrollmentId);
  if (!lecture || !row) return;
  const enrollment = toEnrollment(row);
  if (!before.lectureDone && lecture.completed_at) {
    await recordEvent(trx, siteId, 'lecture.completed', {
      enrollment,
      lecture: {
        lecture_id: lecture.lecture_id,
        section_id: lecture.section_id,
        title: lecture.title,
        duration_seconds: lecture.duration_seconds,
        completed: true,
        completed_at: toIso(lecture.completed_at),
        position_seconds: lecture.position_seconds,
      },
    });
  }
  if (!before.courseDone && row.completed_at) await recordEvent(trx, siteId, 'course.completed', enrollment);
}
