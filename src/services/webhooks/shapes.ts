// The admin API's shapes of webhook endpoints and deliveries (OpenAPI WebhookEndpoint,
// WebhookDelivery).
import type { WebhookEndpointRow } from '../../db/repositories/webhook-endpoints.ts';
import type { WebhookDeliveryAttemptRow, WebhookDeliveryRow } from '../../db/repositories/webhook-deliveries.ts';
import type { DeliveryErrorClass } from './delivery-error.ts';
import { toIso } from '../../lib/time.ts';
import type { WebhookEventSelector } from './catalogue.ts';

export function toWebhookEndpoint(row: WebhookEndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    // Types and wildcards, checked against the catalogue when written (services/webhooks/endpoints.ts).
    event_types: row.event_types as WebhookEventSelector[],
    status: row.status,
    disabled_reason: row.disabled_reason,
    version: row.version,
    max_deliveries_per_second: row.max_deliveries_per_second,
    // A pause that has ended is no pause: the column keeps its last value until the next one.
    paused_until: row.paused_until && new Date(row.paused_until) > new Date() ? toIso(row.paused_until) : null,
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

export function toWebhookDelivery(row: WebhookDeliveryRow) {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    postponements: row.postponements,
    next_attempt_at: row.status === 'pending' ? toIso(row.next_attempt_at) : null,
    last_attempt_at: toIso(row.last_attempt_at),
    last_response_code: row.last_response_code,
    last_error: row.last_error,
    last_duration_ms: row.last_duration_ms,
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

/** One attempt (OpenAPI WebhookDeliveryAttempt): never the receiver's headers, only its first 4 KB of body. */
export function toWebhookDeliveryAttempt(row: WebhookDeliveryAttemptRow) {
  return {
    attempted_at: toIso(row.attempted_at)!,
    duration_ms: row.duration_ms,
    response_code: row.response_code,
    error_class: row.error_class as DeliveryErrorClass | null,
    response_body: row.response_body,
  };
}
