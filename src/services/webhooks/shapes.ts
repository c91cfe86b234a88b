// The admin API's shapes of webhook endpoints and deliveries (OpenAPI WebhookEndpoint,
// WebhookDelivery).
import type { WebhookEndpointRow } from '../../db/repositories/webhook-endpoints.ts';
import type { WebhookDeliveryRow } from '../../db/repositories/webhook-deliveries.ts';
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
    next_attempt_at: row.status === 'pending' ? toIso(row.next_attempt_at) : null,
    last_attempt_at: toIso(row.last_attempt_at),
    last_response_code: row.last_response_code,
    last_error: row.last_error,
    last_duration_ms: row.last_duration_ms,
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}
