// "Webhooks" in the admin area: the admin API's webhook rules (services/webhooks/endpoints.ts, the very
// functions its handlers call), for a person signed in to the area. Added here only what a page
// needs besides: who may (area-access.ts, the scopes webhooks:read and webhooks:write), the
// form's limits (endpoint-form.ts), the person as the audit actor, when an endpoint was disabled,
// and a missing row as the area's 404.
import type { Db } from '../../db/database.ts';
import { InvalidCursor } from '../../db/pagination/cursor.ts';
import { countPending } from '../../db/repositories/webhook-deliveries.ts';
import { listDisabledEndpoints } from '../../db/repositories/webhook-endpoints.ts';
import type { SiteRole } from '../../db/schema.ts';
import type { WebhookDisabledReason } from '../../db/schema-webhooks.ts';
import { textKey, type TextKey } from '../../lib/text-key.ts';
import type { WebhookAdmin } from './endpoints.ts';
import type { ChangeActor } from '../people/role-changes.ts';
import { NotFound } from '../errors.ts';
import type { Site } from '../school/sites.ts';
import { AreaNotFound, type Actor } from '../audit/actor.ts';
import { requireWebhookScope, webhookScopeAllowed } from './area-access.ts';
import { checkEndpointForm, type EndpointForm } from './endpoint-form.ts';

export const ENDPOINTS_PER_PAGE = 50;
export const DELIVERIES_PER_PAGE = 20;
/** The most endpoints the home page names; the Webhooks page shows every one. */
const HOME_NOTICES = 10;

/** Reasons the delivery worker disables an endpoint for (services/webhooks/delivery-worker.ts). */
const BY_DELIVERY: readonly WebhookDisabledReason[] = ['gone', 'failing'];

type Endpoint = Awaited<ReturnType<WebhookAdmin['get']>>;
/** An endpoint as the pages show it: the admin API's shape, and since when it is disabled. */
export type EndpointView = Endpoint & { disabled_at: Date | null };
export type DisabledNotice = { id: string; url: string; reason: WebhookDisabledReason; disabledAt: Date };

const NO_ENDPOINT = textKey('admin.webhooks.error.noSuchEndpoint');
const NO_DELIVERY = textKey('admin.webhooks.error.noSuchDelivery');

/** The service's NotFound, as the area's 404 page (its own words). */
async function found<T>(call: () => Promise<T>, missing: TextKey = NO_ENDPOINT): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof NotFound) throw new AreaNotFound(missing);
    throw error;
  }
}

/** A page cursor that does not decode (edited, or of another list) starts again from the newest, never a 500. */
async function fromCursor<T>(cursor: string | undefined, load: (cursor: string | undefined) => Promise<T>) {
  try {
    return await load(cursor);
  } catch (error) {
    if (!(error instanceof InvalidCursor) || cursor === undefined) throw error;
    return load(undefined);
  }
}

const changeActor = (actor: Actor): ChangeActor => ({ personId: actor.personId, ip: actor.ip });

export function createWebhookActions(db: Db, webhooks: WebhookAdmin) {
  const may = (site: Site, actor: Actor, scope: 'webhooks:read' | 'webhooks:write') =>
    requireWebhookScope(db, site, actor.personId, scope);

  /** The disabled ones among `endpoints`, with the time each was disabled. */
  async function withDisabledAt(site: Site, endpoints: Endpoint[]): Promise<EndpointView[]> {
    const disabled = endpoints.filter((e) => e.status === 'disabled').map((e) => e.id);
    const rows = await listDisabledEndpoints(db, site.id, { ids: disabled, limit: disabled.length });
    const since = new Map(rows.map((row) => [row.id, row.disabled_at]));
    return endpoints.map((e) => ({ ...e, disabled_at: since.get(e.id) ?? null }));
  }

  return {
    /** Whether the section is shown to this person at all (navigation, home page). */
    visibleTo: (site: Site, roles: readonly SiteRole[]) => webhookScopeAllowed(site, roles, 'webhooks:read'),

    async list(site: Site, actor: Actor, cursor: string | undefined) {
      await may(site, actor, 'webhooks:read');
      const page = await fromCursor(cursor, (c) => webhooks.list(site, { limit: ENDPOINTS_PER_PAGE, cursor: c }));
      return { endpoints: await withDisabledAt(site, page.data), older: page.next_cursor };
    },

    async get(site: Site, actor: Actor, id: string): Promise<EndpointView> {
      await may(site, actor, 'webhooks:read');
      const [endpoint] = await withDisabledAt(site, [await found(() => webhooks.get(site, id))]);
      return endpoint!;
    },

    async deliveries(site: Site, actor: Actor, id: string, cursor: string | undefined) {
      await may(site, actor, 'webhooks:read');
      const page = await found(() =>
        fromCursor(cursor, (c) => webhooks.listDeliveries(site, id, { limit: DELIVERIES_PER_PAGE, cursor: c })),
      );
      return { deliveries: page.data, older: page.next_cursor };
    },

    /** One delivery and every attempt of it (/webhooks.md "History"). */
    async delivery(site: Site, actor: Actor, id: string, deliveryId: string) {
      await may(site, actor, 'webhooks:read');
      return found(() => webhooks.getDeliveryAttempts(site, id, deliveryId), NO_DELIVERY);
    },

    /** The new endpoint with its signing secret, which no later page shows again. */
    async create(site: Site, actor: Actor, form: EndpointForm) {
      const access = await may(site, actor, 'webhooks:write');
      const input = checkEndpointForm(form);
      return webhooks.create(
        site,
        { url: input.url, description: input.description, event_types: input.eventTypes },
        changeActor(actor),
        access,
      );
    },

    async update(site: Site, actor: Actor, id: string, form: EndpointForm) {
      const access = await may(site, actor, 'webhooks:write');
      const input = checkEndpointForm(form);
      const changes = { url: input.url, description: input.description, event_types: input.eventTypes };
      return found(() => webhooks.update(site, id, changes, changeActor(actor), access));
    },

    /** What disabling would do, for its confirmation page: the endpoint, and how many deliveries it abandons. */
    async disableOutcome(site: Site, actor: Actor, id: string): Promise<{ endpoint: EndpointView; waiting: number }> {
      await may(site, actor, 'webhooks:write');
      const [endpoint] = await withDisabledAt(site, [await found(() => webhooks.get(site, id))]);
      return { endpoint: endpoint!, waiting: await countPending(db, site.id, id) };
    },

    async setEnabled(site: Site, actor: Actor, id: string, enabled: boolean) {
      const access = await may(site, actor, 'webhooks:write');
      return found(() => webhooks.update(site, id, { enabled }, changeActor(actor), access));
    },

    async remove(site: Site, actor: Actor, id: string): Promise<void> {
      await may(site, actor, 'webhooks:write');
      await found(() => webhooks.remove(site, id, changeActor(actor)));
    },

    /** The new secret, shown once; the previous one keeps signing until `previous_secret_expires_at`. */
    async rotateSecret(site: Site, actor: Actor, id: string, overlapSeconds?: number) {
      await may(site, actor, 'webhooks:write');
      return found(() => webhooks.rotateSecret(site, id, changeActor(actor), overlapSeconds));
    },

    async sendTest(site: Site, actor: Actor, id: string) {
      await may(site, actor, 'webhooks:write');
      return found(() => webhooks.sendTest(site, id));
    },

    async redeliver(site: Site, actor: Actor, id: string, deliveryId: string) {
      await may(site, actor, 'webhooks:write');
      // The endpoint first, so that a missing endpoint reads as such rather than as a missing delivery.
      await found(() => webhooks.get(site, id));
      return found(() => webhooks.redeliver(site, id, deliveryId), NO_DELIVERY);
    },

    /**
     * /webhooks.md "Events and recovery": the events the endpoint missed since `since`, queued;
     * undefined (what was typed is no time) is refused by the service's rule, naming the field.
     */
    async recover(site: Site, actor: Actor, id: string, since: Date | undefined) {
      await may(site, actor, 'webhooks:write');
      const range = { since: since?.toISOString() ?? '' };
      return found(() => webhooks.recover(site, id, range, changeActor(actor)));
    },

    /**
     * Endpoints the delivery worker disabled (410 Gone, or failing for the whole retry window), the
     * latest first, for the home page's notice; none for a person who may not see webhooks.
     */
    async disabledByDelivery(site: Site, roles: readonly SiteRole[]): Promise<DisabledNotice[]> {
      if (!webhookScopeAllowed(site, roles, 'webhooks:read')) return [];
      const rows = await listDisabledEndpoints(db, site.id, { reasons: BY_DELIVERY, limit: HOME_NOTICES });
      return rows.map((row) => ({
        id: row.id,
        url: row.url,
        reason: row.disabled_reason!,
        disabledAt: row.disabled_at!,
      }));
    },
  };
}

export type WebhookActions = ReturnType<typeof createWebhookActions>;
