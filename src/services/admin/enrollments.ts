// Rules of the admin API's enrollments (scope students:write manages them; OpenAPI
// tag Students): enrolling is idempotent and returns the existing enrollment,
// expiring keeps progress, an explicit expiry or lifetime access (re)activates, unenrolling
// deletes the enrollment with its progress. Only people with the student role are enrolled.
import type { Db } from '../../db/database.ts';
import type { EnrollmentStatus } from '../../db/schema.ts';
import { findCourse } from '../../db/repositories/courses.ts';
import * as repo from '../../db/repositories/enrollments.ts';
import type { EnrollmentRow } from '../../db/repositories/enrollments.ts';
import { findStudent } from '../../db/repositories/people-lists.ts';
import { NotFound, RuleViolation } from '../errors.ts';
import { toIso } from '../../lib/time.ts';
import type { Site } from '../sites.ts';
import { defaultAccess, requestedAccess, type AccessInput } from './enrollment-access.ts';
import { listWindow, pageOf } from '../list-window.ts';
import { recordEvent } from '../webhooks/outbox.ts';

export type EnrollmentListInput = {
  limit?: number;
  cursor?: string;
  status?: EnrollmentStatus;
  sort?: string;
  q?: string;
};

/** Whole percent, rounded down: 100 only once every published lecture is completed. */
export function percentOf(completed: number, total: number): number {
  return total === 0 ? 0 : Math.min(100, Math.floor((completed * 100) / total));
}

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
    percent_complete: percentOf(Number(row.completed_lectures), Number(row.total_lectures)),
    updated_at: toIso(row.updated_at)!,
  };
}

export function createEnrollmentAdmin(db: Db) {
  async function mustFind(site: Site, id: string): Promise<EnrollmentRow> {
    const row = await repo.findEnrollment(db, site.id, id);
    if (!row) throw new NotFound('No enrollment with that id at this school.');
    return row;
  }

  async function page(site: Site, input: EnrollmentListInput, scope: { personId?: string; courseId?: string }) {
    const window = listWindow(
      scope.personId ? 'student-enrollments' : 'course-enrollments',
      input,
      { enrolled_at: 'time' },
      '-enrolled_at',
    );
    const rows = await repo.listEnrollments(db, site.id, {
      ...window,
      status: input.status,
      search: input.q,
      ...scope,
    });
    return pageOf(rows, window, (row) => row.enrolled_exact, toEnrollment);
  }

  return {
    async listForStudent(site: Site, personId: string, input: EnrollmentListInput) {
      if (!(await findStudent(db, site.id, personId))) throw new NotFound('No student with that id at this school.');
      return page(site, input, { personId });
    },
    async listForCourse(site: Site, courseId: string, input: EnrollmentListInput) {
      if (!(await findCourse(db, site.id, courseId))) throw new NotFound('No course with that id at this school.');
      return page(site, input, { courseId });
    },
    async get(site: Site, id: string) {
      return toEnrollment(await mustFind(site, id));
    },
    /** @returns the enrollment, and whether this call created it */
    async enroll(site: Site, personId: string, input: AccessInput & { course_id: string }, now = new Date()) {
      if (!(await findStudent(db, site.id, personId))) throw new NotFound('No student with that id at this school.');
      const course = await findCourse(db, site.id, input.course_id);
      if (!course) {
        throw new NotFound('No course with that id at this school.', [
          { pointer: '/body/course_id', detail: 'names no course at this school' },
        ]);
      }
      const requested = requestedAccess(input, now);
      const existing = await repo.findEnrollmentOf(db, site.id, personId, course.id);
      if (existing) return { created: false, enrollment: toEnrollment(existing) };
      if (course.status === 'archived') {
        throw new RuleViolation('An archived course takes no new students; publish it again first.', [
          { pointer: '/body/course_id', detail: 'names an archived course' },
        ]);
      }
      const access = requested ?? defaultAccess(course.access_days, now);
      return db.transaction().execute(async (trx) => {
        const id = await repo.insertEnrollment(trx, {
          site_id: site.id,
          person_id: personId,
          course_id: course.id,
          status: 'active',
          ...access,
        });
        // A concurrent enroll won the unique (site_id, person_id, course_id): return its row.
        const row = id
          ? await repo.findEnrollment(trx, site.id, id)
          : await repo.findEnrollmentOf(trx, site.id, personId, course.id);
        const enrollment = toEnrollment(row!);
        // Webhook enrollment.created, only from the call that created it.
        if (id !== undefined) await recordEvent(trx, site, 'enrollment.created', enrollment);
        return { created: id !== undefined, enrollment };
      });
    },
    async setAccess(site: Site, id: string, input: AccessInput, now = new Date()) {
      await mustFind(site, id);
      const access = requestedAccess(input, now);
      if (access) await repo.updateEnrollment(db, site.id, id, { ...access, status: 'active' });
      return toEnrollment(await mustFind(site, id));
    },
    async expire(site: Site, id: string, now = new Date()) {
      const row = await mustFind(site, id);
      // Idempotent: an enrollment that already ended (expired or revoked) stays as it is.
      if (row.status !== 'active') return toEnrollment(row);
      return db.transaction().execute(async (trx) => {
        await repo.updateEnrollment(trx, site.id, id, {
          status: 'expired',
          expires_at: now,
          has_lifetime_access: false,
        });
        const expired = toEnrollment((await repo.findEnrollment(trx, site.id, id))!);
        await recordEvent(trx, site, 'enrollment.expired', expired);
        return expired;
      });
    },
    /** Webhook enrollment.revoked carries the enrollment as it was just before its removal. */
    async unenroll(site: Site, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await repo.findEnrollment(trx, site.id, id);
        if (!row || !(await repo.deleteEnrollment(trx, site.id, id)))
          throw new NotFound('No enrollment with that id at this school.');
        await recordEvent(trx, site, 'enrollment.revoked', toEnrollment(row));
      });
    },
  };
}

export type EnrollmentAdmin = ReturnType<typeof createEnrollmentAdmin>;
