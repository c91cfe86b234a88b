// Rules of the admin API's members: everyone with a role here (OpenAPI tag Members:
// roles student/lecturer/manager/owner). A school always keeps an owner, since only an
// owner can delegate members:write (src/services/auth/authorize/role-permissions.ts): a change that leaves
// none is 409. Role changes run in one transaction holding the school's lock, so two owners
// demoting each other at once cannot both succeed. Identities are global and never deleted here.
import type { Db } from '../../db/database.ts';
import type { SiteRole } from '../../db/schema.ts';
import { findMember, listMembers, type PersonAtSiteRow } from '../../db/repositories/people-lists.ts';
import * as people from '../../db/repositories/school-people.ts';
import { NotFound, Conflict } from '../errors.ts';
import { pageOf } from '../list-window.ts';
import { toIso } from '../../lib/time.ts';
import { cancelInvitation, inviteToSchool, pendingInvitations, resendInvitation } from './invitations.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import { recordEvent } from '../webhooks/outbox.ts';
import { recordStudentCreated } from '../webhooks/student-events.ts';
import type { Site } from '../school/sites.ts';
import { normalizeEmail, peopleQueryOf, sortKeyOf, type PeopleListInput } from './people-query.ts';
import { applyRoleChange, type ChangeActor } from './role-changes.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

const ROLE_ORDER: readonly SiteRole[] = ['owner', 'admin', 'lecturer', 'student'];

export function toMember(row: PersonAtSiteRow) {
  const held = new Set(row.roles);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    avatar_url: row.avatar_url,
    roles: ROLE_ORDER.filter((role) => held.has(role)),
    created_at: toIso(row.created_at)!,
  };
}

const lastOwner = () => new Conflict('The school must keep at least one owner: make someone else an owner first.');

export function createMemberAdmin(db: Db, cursors: CursorCodec, mail: MailOutbox) {
  async function mustFind(site: Site, id: string): Promise<PersonAtSiteRow> {
    const row = await findMember(db, site.id, id);
    if (!row) throw new NotFound('No member with that id at this school.');
    return row;
  }

  /** Within the school's lock: the person's roles here (404 when none), refusing to drop the last owner. */
  async function checkOwnerKept(trx: Db, site: Site, id: string, keepsOwner: boolean): Promise<SiteRole[]> {
    await people.lockSiteRoles(trx, site.id);
    const current = await people.listRoles(trx, site.id, id);
    if (current.length === 0) throw new NotFound('No member with that id at this school.');
    if (current.includes('owner') && !keepsOwner && (await people.countOwners(trx, site.id)) <= 1) throw lastOwner();
    return current;
  }

  return {
    async list(site: Site, input: PeopleListInput & { role?: SiteRole }) {
      const query = { ...peopleQueryOf(cursors, 'members', input), role: input.role };
      return pageOf(await listMembers(db, site.id, query), query, sortKeyOf(query), toMember);
    },
    async get(site: Site, id: string) {
      return toMember(await mustFind(site, id));
    },
    /** OpenAPI inviteMember: a member here gains the role; anyone else is invited (services/people/invitations.ts). */
    /** OpenAPI resendMemberInvitation: a fresh link mailed for a pending invitation (services/people/invitations.ts). */
    resendInvitation(site: Site, id: string) {
      return resendInvitation(db, mail, site, id, 'staff');
    },
    /** The staff invitations still waiting for an answer (the admin area lists them with resend and cancel). */
    pendingInvitations(site: Site) {
      return pendingInvitations(db, site, 'staff');
    },
    cancelInvitation(site: Site, id: string) {
      return cancelInvitation(db, site, id, 'staff');
    },
    async invite(site: Site, input: { email: string; name: string; role: 'owner' | 'admin' | 'lecturer' }) {
      const outcome = await inviteToSchool(db, mail, site, {
        email: normalizeEmail(input.email),
        name: input.name.trim(),
        role: input.role,
      });
      if (outcome.kind === 'invited') return outcome;
      return {
        kind: 'member' as const,
        created: outcome.created,
        member: toMember(await mustFind(site, outcome.personId)),
      };
    },
    /** /auth.md "Access follows the school": the person's grants here are narrowed or revoked at once. */
    async setRoles(site: Site, id: string, roles: SiteRole[], actor: ChangeActor = {}) {
      await db.transaction().execute(async (trx) => {
        const current = await checkOwnerKept(trx, site, id, roles.includes('owner'));
        const removed = current.filter((role) => !roles.includes(role));
        const added = roles.filter((role) => !current.includes(role));
        if (removed.length || added.length) {
          await applyRoleChange(trx, site.id, id, { action: 'member.roles_changed', removed, added }, actor);
          await recordEvent(trx, site, 'member.roles_changed', toMember((await findMember(trx, site.id, id))!));
          if (added.includes('student')) await recordStudentCreated(trx, site.id, id);
        }
      });
      return toMember(await mustFind(site, id));
    },
    /** Every role and every enrollment here, and every grant held here; orders, comments and the identity stay. */
    async remove(site: Site, id: string, actor: ChangeActor = {}): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const current = await checkOwnerKept(trx, site, id, false);
        await people.deleteEnrollmentsOfPerson(trx, site.id, id);
        await applyRoleChange(trx, site.id, id, { action: 'member.removed', removed: current, added: [] }, actor);
      });
    },
  };
}

export type MemberAdmin = ReturnType<typeof createMemberAdmin>;
