// Ending a student's access to a course, the admin API's two ways: "Expire" (expireEnrollment:
// access ends now, the enrollment and its progress stay, enrolling again restores it) and "Remove"
// "Revoke" (unenrollStudent, webhook enrollment.revoked: the enrollment is deleted with its progress),
// which asks first on a page saying exactly that.
import { textKey } from '../../lib/text-key.ts';
import { AreaNotFound } from '../../services/audit/actor.ts';
import type { AreaCall } from '../areas/area-route.ts';
import { foundOr, requireScope, rowId } from './page-guards.ts';
import { PEOPLE_PURPOSES } from './people-forms.ts';
import { NO_STUDENT } from './student-profile.ts';
import type { AdminPageDeps } from './types.ts';

const NO_ENROLLMENT = 'adminStudents.error.noSuchEnrollment';

export function mountEnrollmentActions({ router, area, admin }: AdminPageDeps): void {
  const { people } = admin;

  /** The enrollment of the path, which must be this student's (another's id names nothing here). */
  async function enrollmentOf(call: AreaCall) {
    requireScope(call, 'students:write');
    const studentId = rowId(call.params.id, NO_STUDENT);
    const enrollmentId = rowId(call.params.enrollmentId, NO_ENROLLMENT);
    const enrollment = await foundOr(NO_ENROLLMENT, () => people.enrollments.get(call.ctx.site, enrollmentId));
    if (enrollment.student.id !== studentId) throw new AreaNotFound(textKey(NO_ENROLLMENT));
    return enrollment;
  }

  router.post(
    '/students/:id/enrollments/:enrollmentId/expire',
    area.action(PEOPLE_PURPOSES.expire, async (call) => {
      const enrollment = await enrollmentOf(call);
      await foundOr(NO_ENROLLMENT, () => people.expire(call.ctx.site, call.actor, enrollment.id));
      return { redirect: `/admin/students/${enrollment.student.id}?done=enrollment-expired#enrollments` };
    }),
  );

  router.get(
    '/students/:id/enrollments/:enrollmentId/revoke',
    area.page(async (call) => {
      const enrollment = await enrollmentOf(call);
      const progress = await people.progress.forStudent(call.ctx.site, enrollment.student.id, {
        course_id: enrollment.course.id,
        limit: 1,
      });
      return call.page('./admin/enrollment-revoke', {
        titleKey: 'adminStudents.revoke.title',
        current: '/admin/students',
        enrollment,
        progress: progress.data[0],
        csrfToken: call.csrf(PEOPLE_PURPOSES.revoke),
      });
    }),
  );

  router.post(
    '/students/:id/enrollments/:enrollmentId/revoke',
    area.action(PEOPLE_PURPOSES.revoke, async (call) => {
      const enrollment = await enrollmentOf(call);
      await foundOr(NO_ENROLLMENT, () => people.revoke(call.ctx.site, call.actor, enrollment.id));
      return { redirect: `/admin/students/${enrollment.student.id}?done=enrollment-revoked#enrollments` };
    }),
  );
}
