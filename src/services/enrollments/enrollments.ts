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
import type { Site } from '../school/sites.ts';
import { defaultAccess, requestedAccess, type AccessInput } from './enrollment-access.ts';
import { grantEnrollment, revokeEnrollment } from './enrollment-grant.ts';
import { toEnrollment } from './enrollment-shape.ts';
import { listWindow, pageOf } from '../list-window.ts';
import { recordEvent } from '../webhooks/outbox.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

export type EnrollmentListInput = {
  limit?: number;
  cursor?: string;
  status?: EnrollmentStatus;
  sort?: string;
  q?: string;
};

export function createEnrollmentAdmin(db: Db, cursors: CursorCodec) {
  async function mustFind(site: Site, id: string): Promise<EnrollmentRow> {
    const row = await repo.findEnrollment(db, site.id, id);
    if (!row) throw new NotFound('No enrollment with that id at this school.');
    return row;
  }

  async function page(site: Site, input: EnrollmentListInput, scope: { personId?: string; courseId?: string }) {
    const window = listWindow(
      cursors,
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
      if (existing) {
        // The school now grants it too: a refund of the order that sold it leaves it (refund-access.ts).
        if (!existing.manual_grant) await repo.updateEnrollment(db, site.id, existing.id, { manual_grant: true });
        return { created: false, enrollment: toEnrollment(existing) };
      }
      if (course.status === 'archived') {
        throw new RuleViolation('An archived course takes no new students; publish it again first.', [
          { pointer: '/body/course_id', detail: 'names an archived course' },
        ]);
      }
      const access = requested ?? defaultAccess(course.access_days, now);
      return db.transaction().execute((trx) => grantEnrollment(trx, site, personId, course.id, access, true));
    },
    async setAccess(site: Site, id: string, input: AccessInput, now = new Date()) {
      await mustFind(site, id);
      const access = requestedAccess(input, now);
      if (access) await repo.updateEnrollment(db, site.id, id, { ...access, status: 'active' });
      return toEnrollment(await mustFind(site, id));
    },
    async expire(site: Site, id: string, now = new Date()) {
      await mustFind(site, id);
      // Idempotent: an enrollment that already ended (expired or revoked) stays as it is; the
      // conditional update lets one of concurrent calls end it and announce enrollment.expired.
      return db.transaction().execute(async (trx) => {
        const ended = await repo.endEnrollment(trx, site.id, id, 'expired', now);
        const row = toEnrollment((await repo.findEnrollment(trx, site.id, id))!);
        if (ended) await recordEvent(trx, site, 'enrollment.expired', row);
        return row;
      });
    },
    /** Webhook enrollment.revoked carries the enrollment as it was just before its removal. */
    async unenroll(site: Site, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await revokeEnrollment(trx, site, id))) throw new NotFound('No enrollment with that id at this school.');
      });
    },
  };
}

export type EnrollmentAdmin = ReturnType<typeof createEnrollmentAdmin>;
