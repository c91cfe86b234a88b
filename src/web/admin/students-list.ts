// "Students": the school's students, newest first, searchable by name or e-mail and paged with the
// admin API's own cursors (OpenAPI listStudents), and "Invite a student" (inviteStudent: someone
// here already becomes a student at once; anyone else is mailed an invitation to accept).
import type { AreaCall } from '../areas/area-route.ts';
import { refusalErrors, type FieldErrors } from './field-errors.ts';
import { badQueryPage, requireScope } from './page-guards.ts';
import { listQuery, PEOPLE_PURPOSES, readInviteForm, type InviteForm } from './people-forms.ts';
import type { AdminPageDeps } from './types.ts';

const PER_PAGE = 25;

export function mountStudentsList({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/students',
    area.page(async (call) => {
      requireScope(call, 'students:read');
      const { q, cursor } = listQuery(call.query);
      let list;
      try {
        list = await admin.people.students.list(call.ctx.site, { q, cursor, limit: PER_PAGE });
      } catch (error) {
        return badQueryPage(call, 'adminStudents.title', error);
      }
      return call.page('./admin/students', {
        titleKey: 'adminStudents.title',
        current: '/admin/students',
        q: q ?? '',
        students: list.data,
        next: list.next_cursor,
        isFirstPage: !cursor,
      });
    }),
  );

  const invitePage = (call: AreaCall, form: InviteForm, errors: FieldErrors = {}, status = 200) =>
    call.page(
      './admin/student-invite',
      {
        titleKey: 'adminStudents.invite.title',
        current: '/admin/students',
        form,
        errors,
        csrfToken: call.csrf(PEOPLE_PURPOSES.inviteStudent),
      },
      status,
    );

  router.get(
    '/students/invite',
    area.page(async (call) => {
      requireScope(call, 'students:write');
      return invitePage(call, { email: '', name: '' });
    }),
  );

  router.post(
    '/students/invite',
    area.action(PEOPLE_PURPOSES.inviteStudent, async (call) => {
      requireScope(call, 'students:write');
      const { form, errors } = readInviteForm(call.body);
      if (Object.keys(errors).length) return invitePage(call, form, errors, 400);
      try {
        const outcome = await admin.people.inviteStudent(call.ctx.site, call.actor, form);
        if (outcome.kind === 'invited') return { redirect: '/admin/invitations?done=student-invited' };
        return { redirect: `/admin/students/${outcome.student.id}?done=student-added` };
      } catch (error) {
        const refused = refusalErrors(error, { email: 'email', name: 'name' });
        if (!refused) throw error;
        return invitePage(call, form, refused, 400);
      }
    }),
  );
}
