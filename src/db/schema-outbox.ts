// Table types of the outbox (migration 2026-12-06T0301-outbox-messages).
import type { Generated, JSONColumnType } from 'kysely';
import type { DefaultedTimestamp, Id, NullableTimestamp } from './schema-columns.ts';

export interface OutboxMessagesTable {
  id: Id;
  site_id: string;
  /** services/outbox/kinds.ts OutboxKind; text here, so db/ needs nothing of services/. */
  kind: string;
  payload: JSONColumnType<object, string, string>;
  attempts: Generated<number>;
  next_attempt_at: DefaultedTimestamp;
  locked_until: NullableTimestamp;
  created_at: DefaultedTimestamp;
  sent_at: NullableTimestamp;
  failed_at: NullableTimestamp;
  last_error: string | null;
}

export interface OutboxTables {
  outbox_messages: OutboxMessagesTable;
}
