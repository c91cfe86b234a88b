// Table types of webhooks (migration 2026-11-27T0001-webhooks).
import type { Generated, JSONColumnType } from 'kysely';
import type { DefaultedTimestamp, Id, NullableTimestamp } from './schema-columns.ts';

export type WebhookEndpointStatus = 'enabled' | 'disabled';
export type WebhookDisabledReason = 'operator' | 'gone' | 'failing';
export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'abandoned';

export interface WebhookEndpointsTable {
  id: Id;
  site_id: string;
  url: string;
  description: Generated<string>;
  event_types: JSONColumnType<string[], string, string>;
  status: Generated<WebhookEndpointStatus>;
  disabled_reason: WebhookDisabledReason | null;
  /** When it was disabled; null while enabled (migration 2026-11-27T0003). */
  disabled_at: NullableTimestamp;
  version: string;
  /** Who created it: deliveries follow that person's standing (migration 2026-12-06T0102); null once they are gone. */
  owner_person_id: string | null;
  failing_since: NullableTimestamp;
  /** Until then nothing is sent: the receiver's Retry-After (migration 2026-12-06T0601). */
  paused_until: NullableTimestamp;
  /** The receiver's cap on attempts started a second; null: none (migration 2026-12-06T0601). */
  max_deliveries_per_second: number | null;
  /** The failing_since its "failing for a day" notice reported (migration 2026-12-06T0701): one per run. */
  failing_noticed_since: NullableTimestamp;
  /** The disabled_at its "disabled" notice reported (migration 2026-12-06T0701): one per disable. */
  disabled_noticed_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface WebhookEndpointSecretsTable {
  id: Id;
  endpoint_id: string;
  secret_ciphertext: string;
  created_at: DefaultedTimestamp;
  expires_at: NullableTimestamp;
}

export interface WebhookEventsTable {
  id: Id;
  site_id: string;
  type: string;
  version: string;
  payload: string;
  created_at: DefaultedTimestamp;
}

export interface WebhookDeliveriesTable {
  id: Id;
  site_id: string;
  event_id: string;
  endpoint_id: string;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: DefaultedTimestamp;
  lease_until: NullableTimestamp;
  last_attempt_at: NullableTimestamp;
  last_response_code: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
  /** Attempts answered 429/503 with Retry-After, not counted as failures (migration 2026-12-06T0601). */
  postponements: Generated<number>;
  /** The worker instance holding the lease, and its slot of the endpoint's in-flight bound (migration 2026-12-07T0101). */
  lease_owner: string | null;
  lease_slot: number | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

/** One attempt of a delivery (migration 2026-12-06T0601): deleted with its delivery. */
export interface WebhookDeliveryAttemptsTable {
  id: Id;
  delivery_id: string;
  attempted_at: DefaultedTimestamp;
  duration_ms: number;
  response_code: number | null;
  error_class: string | null;
  response_body: string | null;
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_endpoint_secrets: WebhookEndpointSecretsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
}
