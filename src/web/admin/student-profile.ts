// A student's page: who they are, each enrollment with its progress (completed of published
// lectures and percent complete, services/percent-complete.ts, as OpenAPI getStudentProgress
// reports it), and "Enroll in a course" (enrollStudent: idempotent, the school's own grant).
import type { AreaCall } from '../areas/area-route.ts';
import { field, isUuid } from '../areas/forms.ts';
import { textKey } from '../../lib/text-key.ts';
import { addError, refusalErrors, type FieldErrors } from './field-errors.ts';
import { foundOr, mayUse, requireScope, rowId } from './page-guards.ts';
import { PEOPLE_PURPOSES } from './people-forms.ts';
import type { AdminPageDeps } from './types.ts';

/** How many enrollments the page shows with their progress; a student with more is read through the API. */
const ENROLLMENTS_SHOWN = 100;

export const NO_STUDENT = 'adminStudents.error.noSuchStudent';

export function mountStudentProfile({ router, area, admin }: AdminPageDeps): void {
  const { people } = admin;

  async function profilePage(call: AreaCall, errors: FieldErrors = {}, courseId = '', status = 200) {
    requireScope(call, 'students:read');
    const { site } = call.ctx;
    const id = rowId(call.params.id, NO_STUDENT);
    const student = await foundOr(NO_STUDENT, () => people.students.get(site, id));
    const progress = await people.progress.forStudent(site, id, { limit: ENROLLMENTS_SHOWN });
    const byEnrollment = new Map(progress.data.map((p) => [p.enrollment_id, p]));
    const canWrite = mayUse(call, 'students:write');
    return call.page(
      './admin/student',
      {
        titleKey: 'adminStudents.profile.title',
        titleVars: { name: student.name ?? student.email },
        current: '/admin/students',
        student,
        enrollments: student.enrollments.map((e) => ({ ...e, progress: byEnrollment.get(e.id) })),
        courses: canWrite ? await people.enrollableCourses(site) : [],
        canWrite,
        mayOrder: mayUse(call, 'orders:write'),
        courseId,
        errors,
        enrollCsrf: call.csrf(PEOPLE_PURPOSES.enroll),
        expireCsrf: call.csrf(PEOPLE_PURPOSES.expire),
      },
      status,
    );
  }

  router.get(
    '/students/:id',
    area.page((call) => profilePage(call)),
  );

  router.post(
    '/students/:id/enrollments',
    area.action(PEOPLE_PURPOSES.enroll, async (call) => {
      requireScope(call, 'students:write');
      const id = rowId(call.params.id, NO_STUDENT);
      const courseId = field(call.body, 'course_id') ?? '';
      if (!isUuid(courseId))
        return profilePage(call, addError({}, 'course_id', textKey('adminForms.fieldError.chooseCourse')), '', 400);
      try {
        await people.enroll(call.ctx.site, call.actor, id, courseId);
      } catch (error) {
        const refused = refusalErrors(error, { course_id: 'course_id' }, NO_STUDENT);
        if (!refused) throw error;
        return profilePage(call, refused, courseId, 400);
      }
      return { redirect: `/admin/students/${id}?done=enrolled#enrollments` };
    }),
  );
}
