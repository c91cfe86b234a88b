// "Invitations": the invitations still waiting for an answer, students' and staff's, each with
// "Resend" (resendStudentInvitation, resendMemberInvitation: a fresh link mailed, the earlier one
// stops working) and "Cancel" (the link stops working, the person gains nothing). Staff
// invitations are the owners' to send again or cancel, as members:write is (staff-pages.ts).
import { field } from '../areas/forms.ts';
import type { AreaCall } from '../areas/area-route.ts';
import { textKey } from '../../lib/text-key.ts';
import { AreaNotFound } from '../../services/audit/actor.ts';
import { refusalErrors, messagePageOf } from './field-errors.ts';
import { mayUse, requireScope, rowId } from './page-guards.ts';
import { PEOPLE_PURPOSES } from './people-forms.ts';
import type { AdminPageDeps } from './types.ts';

const NO_INVITATION = 'adminStaff.error.noSuchInvitation';
/** Which scope reads and which changes each kind of invitation (OpenAPI: students:*, members:*). */
const SCOPES = {
  student: { read: 'students:read', write: 'students:write' },
  staff: { read: 'members:read', write: 'members:write' },
} as const;
type Kind = keyof typeof SCOPES;

function kindOf(call: AreaCall): Kind {
  const kind = field(call.body, 'kind');
  if (kind !== 'student' && kind !== 'staff') throw new AreaNotFound(textKey(NO_INVITATION));
  requireScope(call, SCOPES[kind].write);
  return kind;
}

export function mountInvitations({ router, area, admin }: AdminPageDeps): void {
  const { people } = admin;

  router.get(
    '/invitations',
    area.page(async (call) => {
      const { site } = call.ctx;
      const sections = [];
      for (const kind of ['student', 'staff'] as const) {
        if (!mayUse(call, SCOPES[kind].read)) continue;
        const service = kind === 'student' ? people.students : people.members;
        sections.push({
          kind,
          invitations: await service.pendingInvitations(site),
          canWrite: mayUse(call, SCOPES[kind].write),
        });
      }
      if (sections.length === 0) requireScope(call, SCOPES.student.read);
      return call.page('./admin/invitations', {
        titleKey: 'adminStaff.invitations.title',
        current: '/admin/members',
        sections,
        resendCsrf: call.csrf(PEOPLE_PURPOSES.resend),
        cancelCsrf: call.csrf(PEOPLE_PURPOSES.cancel),
      });
    }),
  );

  for (const [action, purpose, done] of [
    ['resend', PEOPLE_PURPOSES.resend, 'invitation-resent'],
    ['cancel', PEOPLE_PURPOSES.cancel, 'invitation-cancelled'],
  ] as const) {
    router.post(
      `/invitations/:id/${action}`,
      area.action(purpose, async (call) => {
        const kind = kindOf(call);
        const id = rowId(call.params.id, NO_INVITATION);
        try {
          if (action === 'resend') await people.resendInvitation(call.ctx.site, call.actor, kind, id);
          else await people.cancelInvitation(call.ctx.site, call.actor, kind, id);
        } catch (error) {
          // No mail can leave (docs/operations.md "Mail"): said on a page; a gone invitation is the 404.
          const refused = refusalErrors(error, {}, NO_INVITATION);
          if (!refused) throw error;
          return call.page(
            './admin/message',
            { titleKey: 'adminStaff.invitations.title', ...messagePageOf(refused), status: 400 },
            400,
          );
        }
        return { redirect: `/admin/invitations?done=${done}` };
      }),
    );
  }
}
