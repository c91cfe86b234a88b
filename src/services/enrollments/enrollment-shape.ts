// The admin API's Enrollment (OpenAPI schema Enrollment), also the data of the enrollment.* and course.completed webhook events.
import type { EnrollmentRow } from '../../db/repositories/enrollments.ts';
import { toIso } from '../../lib/time.ts';
import { percentComplete } from '../percent-complete.ts';

export function toEnrollment(row: EnrollmentRow) {
  return {
    id: row.id,
    student: { id: row.person_id, email: row.student_email, name: row.student_name },
    course: { id: row.course_id, slug: row.course_slug, title: row.course_title },
    status: row.status,
    enrolled_at: toIso(row.enrolled_at)!,
    expires_at: toIso(row.expires_at),
    has_lifetime_access: row.has_lifetime_access,
    completed_at: toIso(row.completed_at),
    percent_complete: percentComplete(Number(row.completed_lectures), Number(row.total_lectures)),
    updated_at: toIso(row.updated_at)!,
  };
}
