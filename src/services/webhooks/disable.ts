// Disabling an endpoint, by an operator or by the delivery worker (a 410 Gone, or failing for the
// whole retry window): the status, the reason and its time, the audit entry, and the waiting
// deliveries marked abandoned, in one transaction.
import type { Db } from '../../db/database.ts';
import { insertAuditEvents } from '../../db/repositories/audit-events.ts';
import { abandonPending } from '../../db/repositories/webhook-deliveries.ts';
import { lockEndpoint, updateEndpoint } from '../../db/repositories/webhook-endpoints.ts';
import type { WebhookDisabledReason } from '../../db/schema-webhooks.ts';

export type DisableActor = { personId?: string | null; clientId?: string | null; ip?: string | null };

/** @returns false when the endpoint is gone or was disabled already */
export async function disableEndpoint(
  db: Db,
  siteId: string,
  endpointId: string,
  reason: WebhookDisabledReason,
  actor: DisableActor = {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const endpoint = await lockEndpoint(trx, siteId, endpointId);
    if (!endpoint || endpoint.status === 'disabled') return false;
    await updateEndpoint(trx, siteId, endpointId, {
      status: 'disabled',
      disabled_reason: reason,
      disabled_at: new Date(),
    });
    await abandonPending(trx, endpointId);
    await insertAuditEvents(trx, [
      {
        siteId,
        actorPersonId: actor.personId ?? null,
        actorClientId: actor.clientId ?? null,
        ip: actor.ip ?? null,
        action: 'webhook_endpoint.disabled',
        targetType: 'webhook_endpoint',
        targetId: endpointId,
        details: { reason, url: endpoint.url },
      },
    ]);
    return true;
  });
}
