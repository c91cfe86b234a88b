// What the webhook pages share: the endpoint form's fields (new and edit) read from the body and
// offered back to the template with the event catalogue to choose from, the ids in their paths,
// the words of statuses and reasons, and a refusal of the service said on the page.
import { AreaNotFound } from '../../services/audit/actor.ts';
import { EndpointFormRefused, type EndpointForm } from '../../services/webhooks/endpoint-form.ts';
import { ServiceError } from '../../services/errors.ts';
import { WEBHOOK_EVENT_WILDCARDS, WEBHOOK_EVENTS } from '../../services/webhooks/catalogue.ts';
import { ROTATION_OVERLAP_MAX_SECONDS, ROTATION_OVERLAP_SECONDS } from '../../services/webhooks/secrets.ts';
import { textKey, type TextKey } from '../../lib/text-key.ts';
import { field, fieldValues, isUuid, type FormBody } from '../areas/forms.ts';

export const WEBHOOK_PURPOSES = {
  create: 'admin:webhooks:create',
  edit: 'admin:webhooks:edit',
  status: 'admin:webhooks:status',
  rotate: 'admin:webhooks:rotate-secret',
  test: 'admin:webhooks:test',
  redeliver: 'admin:webhooks:redeliver',
  recover: 'admin:webhooks:recover',
  delete: 'admin:webhooks:delete',
} as const;

/** Catalogue keys of an endpoint's status (docs/development.md "Page languages"). */
export const ENDPOINT_STATUS: Record<string, string> = {
  enabled: 'admin.webhooks.status.enabled',
  disabled: 'admin.webhooks.status.disabled',
};

/** Catalogue keys of why an endpoint is disabled (OpenAPI WebhookEndpoint `disabled_reason`). */
export const DISABLED_REASONS: Record<string, string> = {
  operator: 'admin.webhooks.reason.operator',
  gone: 'admin.webhooks.reason.gone',
  failing: 'admin.webhooks.reason.failing',
};

/** Catalogue keys of a delivery's status (OpenAPI WebhookDeliveryStatus). */
export const DELIVERY_STATUS: Record<string, string> = {
  pending: 'admin.webhooks.deliveryStatus.pending',
  succeeded: 'admin.webhooks.deliveryStatus.succeeded',
  failed: 'admin.webhooks.deliveryStatus.failed',
  abandoned: 'admin.webhooks.deliveryStatus.abandoned',
};

/** The words a page shows for each kind of text it knows. */
export const WEBHOOK_WORDS = { endpointStatus: ENDPOINT_STATUS, reasons: DISABLED_REASONS, delivery: DELIVERY_STATUS };

export function readWebhookForm(body: FormBody): EndpointForm {
  return {
    url: field(body, 'url') ?? '',
    description: field(body, 'description') ?? '',
    // Unknown names are kept, so that the service refuses them as the API would.
    eventTypes: fieldValues(body, 'event_type'),
  };
}

/** `*` → `all`, `order.*` → `order`: the wildcard's catalogue key (webhookWildcards.<name>). */
const wildcardName = (wildcard: string) => (wildcard === '*' ? 'all' : wildcard.slice(0, -2));

/**
 * The values the form template shows: the wildcards (/webhooks.md "Wildcards"), then every
 * catalogued type, each with its meaning in the school's language (webhookWildcards.<name>,
 * admin.webhooks.eventType.<type>), so an endpoint subscribed by wildcard keeps it when saved here.
 */
export function webhookFormValues(form: EndpointForm) {
  return {
    url: form.url,
    description: form.description,
    eventTypes: form.eventTypes,
    choices: [
      ...WEBHOOK_EVENT_WILDCARDS.map((wildcard) => ({
        type: wildcard,
        id: wildcard === '*' ? 'event-all' : `event-${wildcardName(wildcard)}-all`,
        labelKey: `webhookWildcards.${wildcardName(wildcard)}`,
      })),
      ...WEBHOOK_EVENTS.map((e) => ({
        type: e.type,
        id: `event-${e.type}`,
        labelKey: `admin.webhooks.eventType.${e.type}`,
      })),
    ],
  };
}

/**
 * The overlaps the rotate form offers (OpenAPI WebhookSecretRotation): at once, for a leaked
 * secret; an hour; the default day; the longest, a week. Each with its words under
 * webhookOperations.overlap.<seconds>.
 */
export const ROTATION_OVERLAP_CHOICES = [0, 3_600, ROTATION_OVERLAP_SECONDS, ROTATION_OVERLAP_MAX_SECONDS] as const;

/** The form's overlap; a value that is no whole number is passed on for the service to refuse. */
export function rotationOverlap(body: FormBody): number | undefined {
  const value = field(body, 'overlap_seconds');
  return value === undefined || value === '' ? undefined : /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

/** The :id of an endpoint route; anything but a UUID names no endpoint (and never reaches SQL). */
export function endpointId(id: string | undefined): string {
  if (!isUuid(id)) throw new AreaNotFound(textKey('admin.webhooks.error.noSuchEndpoint'));
  return id;
}

export function deliveryId(id: string | undefined): string {
  if (!isUuid(id)) throw new AreaNotFound(textKey('admin.webhooks.error.noSuchDelivery'));
  return id;
}

/** Catalogue keys of the fields a service refusal may point at (`/body/<field>`). */
const FIELD_LABELS: Record<string, string> = {
  url: 'admin.webhooks.field.url',
  description: 'admin.webhooks.field.description',
  event_types: 'admin.webhooks.field.eventTypes',
  overlap_seconds: 'webhookOperations.overlap.label',
};

/**
 * A refusal as the page says it: the form's own limits in the school's language (`text`), or the
 * service's rule in its English words (`details`, each with the field it concerns). Undefined for
 * anything else, which the caller rethrows.
 */
export type Refusal = { text?: TextKey; details?: Array<{ label?: string; detail: string }> };

const REFUSALS = new Set<ServiceError['kind']>(['rule-violation', 'invalid-input', 'limit-reached', 'rate-limited']);

export function refusalOf(error: unknown): Refusal | undefined {
  if (error instanceof EndpointFormRefused) return { text: error.text };
  // A person can act on these: correct a field, delete an endpoint first (/webhooks.md "Limits"), or wait.
  if (!(error instanceof ServiceError) || !REFUSALS.has(error.kind)) return undefined;
  const details = (error.errors ?? [{ pointer: '', detail: error.detail }]).map((e) => ({
    label: FIELD_LABELS[e.pointer.split('/')[2] ?? ''],
    detail: e.detail,
  }));
  return { details };
}
