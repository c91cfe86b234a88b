// "Client metadata documents": which hosts may identify clients by an HTTPS client_id at this
// school (/auth.md "2. Get a client"), open registration, and the review queue. Approving lifts
// the read-only limit of unreviewed documents (identity and *:read scopes only); blocking refuses the client
// from then on and ends what it already holds.
import type { Db } from '../../../db/database.ts';
import { deleteConsentsOfClient, revokeGrantsOfClient } from '../../../db/repositories/connected-apps.ts';
import { recordGrantsRevoked } from '../../audit/auth-events.ts';
import {
  findSiteClient,
  listMetadataDocumentClients,
  updateSiteClient,
} from '../../../db/repositories/oauth-clients.ts';
import {
  addAllowedMetadataHost,
  removeAllowedMetadataHost,
  setOpenRegistration,
} from '../../../db/repositories/site-settings.ts';
import { toClient, type Client } from '../clients/client.ts';
import type { AuditLog } from '../../audit/audit-log.ts';
import { requireOwner } from './metadata-host-owners.ts';
import { AreaNotFound, recordChange, type Actor } from '../../audit/actor.ts';
import { KeyedError, textKey } from '../../../lib/text-key.ts';

/** A host the allowlist cannot hold; its words are a catalogue key (docs/development.md "Page languages"). */
export class InvalidHost extends KeyedError {}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST = new RegExp(`^(${LABEL}(?:\\.${LABEL})*)(?::(\\d{1,5}))?$`);

/** `host` or `host:port`, lower case. A bare host allows any port (metadata-document-client.ts). */
export function normalizeHost(input: string): string {
  const value = input.trim().toLowerCase().replace(/\.$/, '');
  const match = HOST.exec(value);
  const port = match?.[2] === undefined ? undefined : Number(match[2]);
  if (!match || value.length > 253 || (port !== undefined && (port < 1 || port > 65535))) {
    throw new InvalidHost(textKey('admin.metadata.error.invalidHost'));
  }
  return value;
}

export function createMetadataDocumentActions(db: Db, audit: AuditLog) {
  return {
    async queue(siteId: string): Promise<Client[]> {
      return (await listMetadataDocumentClients(db, siteId)).map(toClient);
    },

    // The allowlist and open registration are the owners' to change (OwnerRequired).
    async addHost(actor: Actor, input: string): Promise<string> {
      await requireOwner(db, actor.siteId, actor.personId);
      const host = normalizeHost(input);
      if (await addAllowedMetadataHost(db, actor.siteId, host)) {
        await recordChange(audit, actor, {
          action: 'metadata_host.added',
          targetType: 'site',
          targetId: actor.siteId,
          details: { host },
        });
      }
      return host;
    },

    async removeHost(actor: Actor, host: string): Promise<void> {
      await requireOwner(db, actor.siteId, actor.personId);
      if (!(await removeAllowedMetadataHost(db, actor.siteId, host)))
        throw new AreaNotFound(textKey('admin.metadata.error.hostNotListed'));
      await recordChange(audit, actor, {
        action: 'metadata_host.removed',
        targetType: 'site',
        targetId: actor.siteId,
        details: { host },
      });
    },

    async setOpenRegistration(actor: Actor, enabled: boolean): Promise<void> {
      await requireOwner(db, actor.siteId, actor.personId);
      await setOpenRegistration(db, actor.siteId, enabled);
      await recordChange(audit, actor, {
        action: 'open_registration.changed',
        targetType: 'site',
        targetId: actor.siteId,
        details: { enabled },
      });
    },

    async review(actor: Actor, rowId: string, decision: 'approved' | 'blocked'): Promise<Client> {
      const row = await findSiteClient(db, actor.siteId, rowId);
      if (row?.kind !== 'metadata_document') throw new AreaNotFound(textKey('admin.metadata.error.noSuchClient'));
      const revoked = await db.transaction().execute(async (trx) => {
        await updateSiteClient(trx, actor.siteId, rowId, { review_status: decision });
        if (decision !== 'blocked') return 0;
        await deleteConsentsOfClient(trx, actor.siteId, rowId);
        const ended = await revokeGrantsOfClient(trx, actor.siteId, rowId, 'blocked_by_school');
        await recordGrantsRevoked(trx, ended, { reason: 'operator', actorPersonId: actor.personId, ip: actor.ip });
        return ended.length;
      });
      await recordChange(audit, actor, {
        action: decision === 'approved' ? 'metadata_client.approved' : 'metadata_client.blocked',
        targetType: 'client',
        targetId: rowId,
        details: { client_id: row.client_id, grants_revoked: revoked },
      });
      return toClient(row);
    },
  };
}
