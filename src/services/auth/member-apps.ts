// OAuth applications: the member-audience clients a school creates for developers (/auth.md
// "2. Get a client"). The rules live in services/auth/clients/manage-clients.ts; this adds the admin
// area's concerns: the school's own list, what happens to live grants, and the audit log.
import type { Db } from '../../db/database.ts';
import { deleteConsentsOfClient, revokeGrantsOfClient } from '../../db/repositories/connected-apps.ts';
import { deleteSiteClient, findSiteClient, listClients, type ClientRow } from '../../db/repositories/oauth-clients.ts';
import { toClient, type Client } from './clients/client.ts';
import {
  checkClientName,
  createMemberApp,
  rotateMemberAppSecret,
  updateMemberApp,
  type ClientRuleOptions,
  type MemberAppChanges,
} from './clients/manage-clients.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { recordClientRemoval, recordGrantsRevoked } from '../audit/auth-events.ts';
import { AreaNotFound, recordChange, type Actor } from '../audit/actor.ts';
import { textKey } from '../../lib/text-key.ts';

export type MemberAppInput = MemberAppChanges & { confidential: boolean };
export type ShownSecret = { client: Client; clientSecret: string | undefined };
export type MemberApp = Client & { lastUsedAt: Date | null };

function toMemberApp(row: ClientRow): MemberApp {
  return { ...toClient(row), lastUsedAt: row.last_used_at };
}

export function createMemberAppActions(db: Db, audit: AuditLog, options: ClientRuleOptions) {
  async function get(siteId: string, rowId: string): Promise<MemberApp> {
    const row = await findSiteClient(db, siteId, rowId);
    if (row?.kind !== 'member_app') throw new AreaNotFound(textKey('admin.applications.error.noSuchApp'));
    return toMemberApp(row);
  }

  return {
    get,

    async list(siteId: string): Promise<MemberApp[]> {
      return (await listClients(db, { siteId, kind: 'member_app' })).map(toMemberApp);
    },

    /** The secret of a confidential client is returned here once and never stored in clear. */
    async create(actor: Actor, input: MemberAppInput): Promise<ShownSecret> {
      const created = await createMemberApp(
        db,
        actor.siteId,
        {
          ...input,
          name: checkClientName(input.name),
          createdBy: actor.personId,
        },
        options,
      );
      const { client } = created;
      await recordChange(audit, actor, {
        action: 'member_app.created',
        targetType: 'client',
        targetId: client.rowId,
        details: {
          client_id: client.clientId,
          name: client.name,
          scopes: client.allowedScopes,
          confidential: input.confidential,
        },
      });
      return created;
    },

    /** Removing a scope ends every authorization that holds it, so no token outlives its scope. */
    async update(actor: Actor, rowId: string, changes: MemberAppChanges): Promise<void> {
      // One transaction: the new scopes and the end of the grants beyond them land together.
      const { before, removed, revoked } = await db.transaction().execute(async (trx) => {
        const before = await updateMemberApp(trx, actor.siteId, rowId, changes, options);
        if (!before) throw new AreaNotFound(textKey('admin.applications.error.noSuchApp'));
        const removed = before.allowedScopes.filter((scope) => !changes.scopes.includes(scope));
        if (!removed.length) return { before, removed, revoked: 0 };
        const ended = await revokeGrantsOfClient(trx, actor.siteId, rowId, 'scopes_removed_by_school', removed);
        await recordGrantsRevoked(trx, ended, { reason: 'operator', actorPersonId: actor.personId, ip: actor.ip });
        await deleteConsentsOfClient(trx, actor.siteId, rowId, removed);
        return { before, removed, revoked: ended.length };
      });
      await recordChange(audit, actor, {
        action: 'member_app.updated',
        targetType: 'client',
        targetId: rowId,
        details: {
          client_id: before.clientId,
          name: changes.name.trim(),
          scopes: changes.scopes,
          removed_scopes: removed,
          grants_revoked: revoked,
        },
      });
    },

    async rotateSecret(actor: Actor, rowId: string): Promise<ShownSecret> {
      const rotated = await rotateMemberAppSecret(db, actor.siteId, rowId);
      if (!rotated) throw new AreaNotFound(textKey('admin.applications.error.noSuchApp'));
      await recordChange(audit, actor, {
        action: 'member_app.secret_rotated',
        targetType: 'client',
        targetId: rowId,
        details: { client_id: rotated.client.clientId },
      });
      return rotated;
    },

    /** Deleting the client deletes its grants and tokens (foreign keys cascade): all revoked. */
    async remove(actor: Actor, rowId: string): Promise<Client> {
      // docs/operations.md "Access trail": its live grants' ends are written first, in the same transaction.
      const row = await db.transaction().execute(async (trx) => {
        await recordClientRemoval(trx, actor.siteId, rowId, { actorPersonId: actor.personId, ip: actor.ip });
        const deleted = await deleteSiteClient(trx, actor.siteId, rowId, 'member_app');
        if (!deleted) throw new AreaNotFound(textKey('admin.applications.error.noSuchApp'));
        return deleted;
      });
      await recordChange(audit, actor, {
        action: 'member_app.deleted',
        targetType: 'client',
        targetId: rowId,
        details: { client_id: row.client_id, name: row.name },
      });
      return toClient(row);
    },
  };
}
