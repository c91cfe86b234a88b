// Who holds access through the OAuth applications of a school, and ending it: the one rule behind
// the admin API (OpenAPI tag Applications) and the admin area's "Connected apps" pages. A school
// sees its own member applications and every client holding a live grant at it; revoking ends the
// grants (and so every token of them at once) and the remembered consents, so each person is asked
// again, and writes the audit entry in the same transaction (/auth.md "6. Refresh and revoke").
import type { Db } from '../../db/database.ts';
import * as access from '../../db/repositories/application-access.ts';
import { deleteConsentsOfClient } from '../../db/repositories/connected-apps.ts';
import { deleteConsent } from '../../db/repositories/oauth-consents.ts';
import { insertAuditEvents } from '../../db/repositories/audit-events.ts';
import { InvalidCursor, type CursorCodec } from '../../db/pagination/cursor.ts';
import type { Audience } from '../../db/schema-oauth.ts';
import { NotFound } from '../errors.ts';
import { listWindow, pageOf, type ListQuery } from '../list-window.ts';
import type { ChangeActor } from '../people/role-changes.ts';
import { recordGrantsRevoked, type Revocation } from '../audit/auth-events.ts';

export const APPLICATION_MISSING = 'No OAuth application with that id at this school.';
const HOLDER_MISSING = 'That person holds no live authorization of this application at this school.';

export type Application = {
  id: string;
  client_id: string;
  name: string;
  kind: access.ApplicationRow['kind'];
  audience: Audience;
  members_with_access: number;
  grants: number;
  last_used_at: string | null;
};

export type ApplicationGrant = {
  person_id: string;
  email: string;
  name: string | null;
  scopes: string[];
  granted_at: string;
  last_used_at: string | null;
  grants: number;
};

export type RevokedAccess = { revoked_grants: number; members: number };

function toApplication(row: access.ApplicationRow): Application {
  return {
    id: row.id,
    client_id: row.client_id,
    name: row.name,
    kind: row.kind,
    audience: row.audience,
    members_with_access: row.members_with_access,
    grants: row.grants,
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

function toGrant(row: access.GrantHolderRow): ApplicationGrant {
  return {
    person_id: row.id,
    email: row.email,
    name: row.name,
    scopes: row.scopes,
    granted_at: row.granted_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    grants: row.grants,
  };
}

function auditRow(siteId: string, actor: ChangeActor, action: string, clientRowId: string, details: object) {
  return {
    siteId,
    actorPersonId: actor.personId ?? null,
    actorClientId: actor.clientId ?? null,
    ip: actor.ip ?? null,
    action,
    targetType: 'client',
    targetId: clientRowId,
    details: { ...details, by: 'school' },
  };
}

/**
 * A page of the admin area: a cursor that does not decode (edited by hand, or from before a key
 * change) starts again from the first page, never an error page (as the audit log's page does).
 */
export async function fromStartOnBadCursor<T>(
  read: (cursor: string | undefined) => Promise<T>,
  cursor: string | undefined,
): Promise<T> {
  try {
    return await read(cursor);
  } catch (error) {
    if (!(error instanceof InvalidCursor) || cursor === undefined) throw error;
    return read(undefined);
  }
}

export function createApplicationAccess(db: Db, cursors: CursorCodec) {
  async function mustFind(siteId: string, id: string, trx: Db = db): Promise<access.ApplicationRow> {
    const row = await access.findApplication(trx, siteId, id);
    if (!row) throw new NotFound(APPLICATION_MISSING);
    return row;
  }

  return {
    async list(siteId: string, query: ListQuery & { audience?: Audience | undefined }) {
      const window = listWindow(cursors, 'applications', query, { created_at: 'time' }, '-created_at');
      const rows = await access.listApplications(db, siteId, { ...window, audience: query.audience });
      return pageOf(rows, window, (row) => row.created_at_exact, toApplication);
    },

    async get(siteId: string, id: string): Promise<Application> {
      return toApplication(await mustFind(siteId, id));
    },

    async listGrants(siteId: string, id: string, query: ListQuery) {
      await mustFind(siteId, id);
      const window = listWindow(cursors, 'application-grants', query, { granted_at: 'time' }, '-granted_at');
      const rows = await access.listGrantHolders(db, siteId, id, window);
      return pageOf(rows, window, (row) => row.granted_at_exact, toGrant);
    },

    /** Ends one person's grants to the application here and the remembered consent; NotFound if none is live. */
    async revokePerson(siteId: string, id: string, personId: string, actor: ChangeActor): Promise<ApplicationGrant> {
      return db.transaction().execute(async (trx) => {
        const app = await mustFind(siteId, id, trx);
        const [holder] = await access.listGrantHolders(trx, siteId, id, {
          limit: 1,
          after: null,
          sort: { column: 'granted_at', direction: 'desc' },
          personId,
        });
        if (!holder) throw new NotFound(HOLDER_MISSING);
        await deleteConsent(trx, siteId, personId, id);
        const revoked = await access.revokeApplicationGrants(trx, siteId, id, 'revoked_by_school', personId);
        await recordGrantsRevoked(trx, revoked.ended, operatorRevocation(actor));
        await insertAuditEvents(trx, [
          auditRow(siteId, actor, 'grant.revoked', id, {
            client_id: app.client_id,
            person: holder.email,
            grants: revoked.grants,
          }),
        ]);
        return toGrant(holder);
      });
    },

    /**
     * Ends every grant of the application here and every remembered consent. `confirmed` is the
     * number of members the person saw on the confirmation page (the admin area): all are revoked
     * whatever it was, and the audit entry records both.
     */
    async revokeAll(siteId: string, id: string, actor: ChangeActor, confirmed?: number): Promise<RevokedAccess> {
      return db.transaction().execute(async (trx) => {
        const app = await mustFind(siteId, id, trx);
        const revoked = await access.revokeApplicationGrants(trx, siteId, id, 'revoked_by_school');
        await recordGrantsRevoked(trx, revoked.ended, operatorRevocation(actor));
        await deleteConsentsOfClient(trx, siteId, id);
        await insertAuditEvents(trx, [
          auditRow(siteId, actor, 'grant.revoked_all', id, {
            client_id: app.client_id,
            grants: revoked.grants,
            members: revoked.members,
            ...(confirmed === undefined ? {} : { confirmed_members: confirmed }),
          }),
        ]);
        return { revoked_grants: revoked.grants, members: revoked.members };
      });
    },
  };
}

/** docs/operations.md "Access trail": the school ended them, and who of its people did. */
function operatorRevocation(actor: ChangeActor): Revocation {
  return { reason: 'operator', actorPersonId: actor.personId ?? null, ip: actor.ip ?? null };
}

export type ApplicationAccess = ReturnType<typeof createApplicationAccess>;
