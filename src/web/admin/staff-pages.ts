// "Staff": everyone with a role here (OpenAPI listMembers, searchable, paged with its cursors), a
// member's page with their roles, "Invite a member" (inviteMember) and changing roles
// (setMemberRoles). Who may: the admin API's rule, asked for the signed-in person (page-guards.ts
// mayUse): reading needs members:read, inviting and changing roles members:write, which only an
// owner's token may hold (services/auth/standing/allowed-scopes.ts) — so an admin sees the staff
// but changes no one's roles, and no one but an owner makes an owner. The last owner is kept
// (members.ts: 409, said above the form).
import { textKey } from '../../lib/text-key.ts';
import type { SiteRole } from '../../db/schema.ts';
import type { AreaCall } from '../areas/area-route.ts';
import { field, fieldValues } from '../areas/forms.ts';
import { addError, refusalErrors, type FieldErrors } from './field-errors.ts';
import { badQueryPage, foundOr, mayUse, requireScope, rowId } from './page-guards.ts';
import {
  listQuery,
  PEOPLE_PURPOSES,
  readInviteForm,
  STAFF_ROLES,
  type InviteForm,
  type StaffRole,
} from './people-forms.ts';
import type { AdminPageDeps } from './types.ts';

const PER_PAGE = 25;
const NO_MEMBER = 'adminStaff.error.noSuchMember';
/** Every role a member may hold, as setMemberRoles takes them (the full set afterwards). */
const ALL_ROLES: readonly SiteRole[] = ['owner', 'admin', 'lecturer', 'student'];

export function mountStaffPages({ router, area, admin }: AdminPageDeps): void {
  const { people } = admin;

  router.get(
    '/members',
    area.page(async (call) => {
      requireScope(call, 'members:read');
      const { q, cursor } = listQuery(call.query);
      let list;
      try {
        list = await people.members.list(call.ctx.site, { q, cursor, limit: PER_PAGE });
      } catch (error) {
        return badQueryPage(call, 'adminStaff.title', error);
      }
      return call.page('./admin/members', {
        titleKey: 'adminStaff.title',
        current: '/admin/members',
        q: q ?? '',
        members: list.data,
        next: list.next_cursor,
        isFirstPage: !cursor,
        canWrite: mayUse(call, 'members:write'),
      });
    }),
  );

  const invitePage = (call: AreaCall, form: InviteForm & { role: string }, errors: FieldErrors = {}, status = 200) =>
    call.page(
      './admin/member-invite',
      {
        titleKey: 'adminStaff.invite.title',
        current: '/admin/members',
        form,
        roles: STAFF_ROLES,
        errors,
        csrfToken: call.csrf(PEOPLE_PURPOSES.inviteMember),
      },
      status,
    );

  router.get(
    '/members/invite',
    area.page(async (call) => {
      requireScope(call, 'members:write');
      return invitePage(call, { email: '', name: '', role: 'lecturer' });
    }),
  );

  router.post(
    '/members/invite',
    area.action(PEOPLE_PURPOSES.inviteMember, async (call) => {
      requireScope(call, 'members:write');
      const { form, errors } = readInviteForm(call.body);
      const role = field(call.body, 'role') ?? '';
      if (!(STAFF_ROLES as readonly string[]).includes(role))
        addError(errors, 'role', textKey('adminForms.fieldError.chooseRole'));
      if (Object.keys(errors).length) return invitePage(call, { ...form, role }, errors, 400);
      try {
        const outcome = await people.inviteMember(call.ctx.site, call.actor, { ...form, role: role as StaffRole });
        if (outcome.kind === 'invited') return { redirect: '/admin/invitations?done=member-invited' };
        return { redirect: `/admin/members/${outcome.member.id}?done=member-added` };
      } catch (error) {
        const refused = refusalErrors(error, { email: 'email', name: 'name', role: 'role' });
        if (!refused) throw error;
        return invitePage(call, { ...form, role }, refused, 400);
      }
    }),
  );

  async function memberPage(call: AreaCall, errors: FieldErrors = {}, status = 200) {
    requireScope(call, 'members:read');
    const id = rowId(call.params.id, NO_MEMBER);
    const member = await foundOr(NO_MEMBER, () => people.members.get(call.ctx.site, id));
    return call.page(
      './admin/member',
      {
        titleKey: 'adminStaff.member.title',
        titleVars: { name: member.name ?? member.email },
        current: '/admin/members',
        member,
        roles: ALL_ROLES,
        isStudent: member.roles.includes('student'),
        canWrite: mayUse(call, 'members:write'),
        errors,
        csrfToken: call.csrf(PEOPLE_PURPOSES.roles),
      },
      status,
    );
  }

  router.get(
    '/members/:id',
    area.page((call) => memberPage(call)),
  );

  router.post(
    '/members/:id/roles',
    area.action(PEOPLE_PURPOSES.roles, async (call) => {
      requireScope(call, 'members:write');
      const id = rowId(call.params.id, NO_MEMBER);
      const chosen = fieldValues(call.body, 'role');
      const roles = ALL_ROLES.filter((role) => chosen.includes(role));
      if (roles.length === 0 || roles.length !== chosen.length)
        return memberPage(call, addError({}, 'roles', textKey('adminForms.fieldError.chooseRoles')), 400);
      try {
        await people.setRoles(call.ctx.site, call.actor, id, roles);
      } catch (error) {
        const refused = refusalErrors(error, { roles: 'roles' }, NO_MEMBER);
        if (!refused) throw error;
        return memberPage(call, refused, 409);
      }
      return { redirect: `/admin/members/${id}?done=roles-changed` };
    }),
  );
}
