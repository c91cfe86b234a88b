// Rules of the admin API's webhooks (OpenAPI tag Webhooks, scopes webhooks:read and
// webhooks:write): endpoints subscribe to catalogued event types (services/webhooks/catalogue.ts)
// at a URL the SSRF rules admit (endpoint-url.ts); a secret is answered once, at creation and at
// each rotation, and stored encrypted; a rotated-out secret keeps signing for the overlap the
// rotation chose (ROTATION_OVERLAP_SECONDS unless told).
// Every change (creating, changing, enabling, disabling, rotating, deleting) is audited in its
// transaction. /webhooks.md "Who may receive what": an endpoint may subscribe only to event types
// its creator may read (catalogue.ts names each type's scope), records that person as its owner,
// and a stored body is shown only to a reader who may read it while the owner still may.
import type { Db } from '../../db/database.ts';
import { insertAuditEvents } from '../../db/repositories/audit-events.ts';
import * as deliveries from '../../db/repositories/webhook-deliveries.ts';
import * as endpoints from '../../db/repositories/webhook-endpoints.ts';
import { findEventPayload, insertDelivery } from '../../db/repositories/webhook-events.ts';
import { Forbidden, InvalidInput, LimitReached, NotFound, RuleViolation } from '../errors.ts';
import { listWindow, pageOf, type ListQuery } from '../list-window.ts';
import type { RateLimiter } from '../rate-limiter.ts';
import type { Site } from '../school/sites.ts';
import { isEventSelector, readScopesOf, WEBHOOK_PAYLOAD_VERSION, WEBHOOK_TEST_EVENT } from './catalogue.ts';
import { disableEndpoint } from './disable.ts';
import { checkEndpointUrl } from './endpoint-url.ts';
import { recordEvent } from './outbox.ts';
import { ownerMayRead } from './owner-standing.ts';
import { limitEndpointAction } from './endpoint-rate-limits.ts';
import { queueRecovery, recoveryRange, type RecoveryRange } from './recovery.ts';
import { newSecret, ROTATION_OVERLAP_MAX_SECONDS, ROTATION_OVERLAP_SECONDS } from './secrets.ts';
import type { ChangeActor } from '../people/role-changes.ts';
import type { AnyWebhookEvent } from './catalogue.ts';
import { toWebhookDelivery, toWebhookDeliveryAttempt, toWebhookEndpoint } from './shapes.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

export type WebhookOptions = {
  keyEncryptionKey: Buffer;
  allowPrivateAddresses: boolean;
  /** WEBHOOK_ENDPOINTS_PER_SCHOOL: /webhooks.md "Limits". */
  endpointsPerSchool: number;
  /** WEBHOOK_EVENTS_RETENTION_DAYS: how far back a recovery reaches (/webhooks.md "Events and recovery"). */
  eventsRetentionDays: number;
  rateLimiter: RateLimiter;
};

export type WebhookEndpointInput = {
  url?: string;
  description?: string;
  event_types?: string[];
  enabled?: boolean;
  /** /webhooks.md "Pace": null lifts the cap. */
  max_deliveries_per_second?: number | null;
};

/**
 * Throws unless the caller may read every one of `scopes` now: the admin API checks its token's
 * scopes (403 insufficient-scope), the admin area the signed-in person's roles.
 */
export type ReadAccess = (scopes: readonly string[]) => void;

const ENDPOINT_MISSING = 'No webhook endpoint with that id at this school.';

function checkEventTypes(types: string[] | undefined): string[] | undefined {
  if (types === undefined) return undefined;
  const unknown = types.findIndex((type) => !isEventSelector(type));
  if (unknown >= 0)
    throw new InvalidInput([
      { pointer: `/body/event_types/${unknown}`, detail: 'is neither a catalogued event type nor a wildcard' },
    ]);
  return [...new Set(types)];
}

export function createWebhookAdmin(db: Db, options: WebhookOptions, cursors: CursorCodec) {
  async function mustFind(site: Site, id: string, trx: Db = db) {
    const row = await endpoints.findEndpoint(trx, site.id, id);
    if (!row) throw new NotFound(ENDPOINT_MISSING);
    return row;
  }

  function audit(trx: Db, site: Site, actor: ChangeActor, action: string, id: string, details = {}) {
    return insertAuditEvents(trx, [
      {
        siteId: site.id,
        actorPersonId: actor.personId ?? null,
        actorClientId: actor.clientId ?? null,
        ip: actor.ip ?? null,
        action,
        targetType: 'webhook_endpoint',
        targetId: id,
        details,
      },
    ]);
  }

  function mustBeEnabled(row: { status: string }): void {
    if (row.status !== 'enabled')
      throw new RuleViolation('The endpoint is disabled: enable it first (updateWebhookEndpoint, enabled: true).');
  }

  return {
    async list(site: Site, query: ListQuery) {
      const window = listWindow(cursors, 'webhook-endpoints', query, { created_at: 'time' }, '-created_at');
      const rows = await endpoints.listEndpoints(db, site.id, window);
      return pageOf(rows, window, (row) => row.created_at_exact, toWebhookEndpoint);
    },
    async get(site: Site, id: string) {
      return toWebhookEndpoint(await mustFind(site, id));
    },
    /** @returns the endpoint with its secret, which is never shown again */
    async create(
      site: Site,
      input: WebhookEndpointInput & { url: string; event_types: string[] },
      actor: ChangeActor,
      access: ReadAccess,
    ) {
      const url = checkEndpointUrl(input.url, options.allowPrivateAddresses);
      const eventTypes = checkEventTypes(input.event_types)!;
      access(readScopesOf(eventTypes));
      const sealed = newSecret(options.keyEncryptionKey);
      return db.transaction().execute(async (trx) => {
        // Counted under the school's lock, so concurrent creations cannot pass the cap together.
        if ((await endpoints.countEndpointsLocked(trx, site.id)) >= options.endpointsPerSchool)
          throw new LimitReached(
            `This school has ${options.endpointsPerSchool} webhook endpoints, the most this deployment allows (WEBHOOK_ENDPOINTS_PER_SCHOOL): delete one first.`,
          );
        const row = await endpoints.insertEndpoint(trx, {
          site_id: site.id,
          url,
          description: input.description ?? '',
          event_types: JSON.stringify(eventTypes),
          max_deliveries_per_second: input.max_deliveries_per_second ?? null,
          version: WEBHOOK_PAYLOAD_VERSION,
          owner_person_id: actor.personId ?? null,
        });
        await endpoints.insertSecret(trx, { id: sealed.id, endpoint_id: row.id, secret_ciphertext: sealed.ciphertext });
        await audit(trx, site, actor, 'webhook_endpoint.created', row.id, { url });
        return { ...toWebhookEndpoint(row), secret: sealed.secret };
      });
    },
    async update(site: Site, id: string, input: WebhookEndpointInput, actor: ChangeActor, access: ReadAccess) {
      const url = input.url === undefined ? undefined : checkEndpointUrl(input.url, options.allowPrivateAddresses);
      const eventTypes = checkEventTypes(input.event_types);
      const stored = await mustFind(site, id);
      // What the endpoint will subscribe to after the change, whichever fields it names.
      access(readScopesOf(eventTypes ?? stored.event_types));
      if (input.enabled === false && stored.status === 'enabled')
        await disableEndpoint(db, site.id, id, 'operator', actor);
      // The change and its audit entries in one transaction, compared with the row under its lock.
      return db.transaction().execute(async (trx) => {
        const before = await endpoints.lockEndpoint(trx, site.id, id);
        if (!before) throw new NotFound(ENDPOINT_MISSING);
        const row = (await endpoints.updateEndpoint(trx, site.id, id, {
          ...(url !== undefined ? { url } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(eventTypes !== undefined ? { event_types: JSON.stringify(eventTypes) } : {}),
          ...(input.max_deliveries_per_second !== undefined
            ? { max_deliveries_per_second: input.max_deliveries_per_second }
            : {}),
          // Enabling starts afresh: no failing run carried over from before.
          ...(input.enabled === true
            ? { status: 'enabled', disabled_reason: null, disabled_at: null, failing_since: null }
            : {}),
        }))!;
        const changed = (['url', 'description', 'event_types', 'max_deliveries_per_second'] as const).filter(
          (field) => JSON.stringify(before[field]) !== JSON.stringify(row[field]),
        );
        if (changed.length) await audit(trx, site, actor, 'webhook_endpoint.updated', id, { url: row.url, changed });
        if (before.status === 'disabled' && row.status === 'enabled')
          await audit(trx, site, actor, 'webhook_endpoint.enabled', id, {
            url: row.url,
            disabled_reason: before.disabled_reason,
          });
        return toWebhookEndpoint(row);
      });
    },
    async remove(site: Site, id: string, actor: ChangeActor = {}): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await mustFind(site, id, trx);
        await endpoints.deleteEndpoint(trx, site.id, id);
        await audit(trx, site, actor, 'webhook_endpoint.deleted', id, { url: row.url });
      });
    },
    /**
     * Standard Webhooks "Signature scheme": several signatures during the overlap, one per live
     * secret. `overlapSeconds` 0 ends every previous secret at once (a leaked secret); the bounds
     * (0 to 7 days) are the spec's, checked by the request validation.
     */
    async rotateSecret(site: Site, id: string, actor: ChangeActor = {}, overlapSeconds = ROTATION_OVERLAP_SECONDS) {
      // The admin API's request validation checks it too; the admin area's form does not pass there.
      if (!Number.isInteger(overlapSeconds) || overlapSeconds < 0 || overlapSeconds > ROTATION_OVERLAP_MAX_SECONDS)
        throw new InvalidInput([
          {
            pointer: '/body/overlap_seconds',
            detail: `is not a whole number of seconds from 0 to ${ROTATION_OVERLAP_MAX_SECONDS}`,
          },
        ]);
      await mustFind(site, id);
      await limitEndpointAction(options.rateLimiter, 'webhookSecretRotationsPerEndpoint', id);
      const sealed = newSecret(options.keyEncryptionKey);
      const overlapEnds = new Date(Date.now() + overlapSeconds * 1000);
      return db.transaction().execute(async (trx) => {
        if (!(await endpoints.lockEndpoint(trx, site.id, id))) throw new NotFound(ENDPOINT_MISSING);
        await endpoints.expireCurrentSecrets(trx, id, overlapEnds);
        await endpoints.insertSecret(trx, { id: sealed.id, endpoint_id: id, secret_ciphertext: sealed.ciphertext });
        await audit(trx, site, actor, 'webhook_endpoint.secret_rotated', id, { overlap_seconds: overlapSeconds });
        return { secret: sealed.secret, previous_secret_expires_at: overlapEnds.toISOString() };
      });
    },
    /** A `webhook.test` event, delivered to this endpoint only, signed and retried like any other. */
    async sendTest(site: Site, id: string) {
      const row = await mustFind(site, id);
      mustBeEnabled(row);
      await limitEndpointAction(options.rateLimiter, 'webhookTestEventsPerEndpoint', id);
      return db.transaction().execute(async (trx) => {
        const event = await recordEvent(trx, site, WEBHOOK_TEST_EVENT, {
          endpoint_id: id,
          message: 'A test event sent from the admin API.',
        });
        const deliveryId = await insertDelivery(trx, { siteId: site.id, eventId: event.id, endpointId: id });
        return toWebhookDelivery((await deliveries.findDelivery(trx, site.id, id, deliveryId))!);
      });
    },
    async listDeliveries(site: Site, id: string, query: ListQuery & { status?: string }) {
      await mustFind(site, id);
      const window = listWindow(cursors, 'webhook-deliveries', query, { created_at: 'time' }, '-created_at');
      const rows = await deliveries.listDeliveries(db, site.id, id, { ...window, status: query.status });
      return pageOf(rows, window, (row) => row.created_at_exact, toWebhookDelivery);
    },
    /** The delivery and its attempts (/webhooks.md "History"), without the event's body. */
    async getDeliveryAttempts(site: Site, id: string, deliveryId: string) {
      const row = await deliveries.findDelivery(db, site.id, id, deliveryId);
      if (!row) throw new NotFound('No delivery with that id for this endpoint.');
      const attempts = await deliveries.listAttempts(db, row.id);
      return { ...toWebhookDelivery(row), attempt_history: attempts.map(toWebhookDeliveryAttempt) };
    },
    /** The delivery and the event its requests carry, byte for byte as sent (parsed), and its attempts. */
    async getDelivery(site: Site, id: string, deliveryId: string, access: ReadAccess) {
      const row = await deliveries.findDelivery(db, site.id, id, deliveryId);
      if (!row) throw new NotFound('No delivery with that id for this endpoint.');
      access(readScopesOf([row.event_type]));
      if (!(await ownerMayRead(db, site.id, id, row.event_type)))
        throw new Forbidden(
          'owner-standing',
          `The endpoint's owner may no longer read ${row.event_type} events, so their bodies are withheld.`,
        );
      const payload = await findEventPayload(db, site.id, row.event_id);
      const attempts = await deliveries.listAttempts(db, row.id);
      return {
        ...toWebhookDelivery(row),
        event: JSON.parse(payload!) as AnyWebhookEvent,
        attempt_history: attempts.map(toWebhookDeliveryAttempt),
      };
    },
    /** The same delivery (same webhook-id) is due again at once: one more attempt, counted with the others. */
    async redeliver(site: Site, id: string, deliveryId: string) {
      mustBeEnabled(await mustFind(site, id));
      const row = await deliveries.findDelivery(db, site.id, id, deliveryId);
      if (!row) throw new NotFound('No delivery with that id for this endpoint.');
      await limitEndpointAction(options.rateLimiter, 'webhookRedeliveriesPerEndpoint', id);
      if (row.status !== 'pending') await deliveries.requeueDelivery(db, site.id, deliveryId);
      // The purge job may have removed a delivery past its retention in between: gone, as if unknown.
      const due = await deliveries.findDelivery(db, site.id, id, deliveryId);
      if (!due) throw new NotFound('No delivery with that id for this endpoint.');
      return toWebhookDelivery(due);
    },
    /** recoverWebhookEndpoint: every event in the range the endpoint missed, queued again (recovery.ts). */
    async recover(site: Site, id: string, input: RecoveryRange, actor: ChangeActor = {}) {
      mustBeEnabled(await mustFind(site, id));
      const range = recoveryRange(input, options.eventsRetentionDays);
      await limitEndpointAction(options.rateLimiter, 'webhookRecoveriesPerEndpoint', id);
      return db.transaction().execute(async (trx) => {
        const row = await endpoints.lockEndpoint(trx, site.id, id);
        if (!row) throw new NotFound(ENDPOINT_MISSING);
        mustBeEnabled(row);
        const recovery = await queueRecovery(trx, row, range);
        await audit(trx, site, actor, 'webhook_endpoint.recovered', id, recovery);
        return recovery;
      });
    },
  };
}

export type WebhookAdmin = ReturnType<typeof createWebhookAdmin>;
