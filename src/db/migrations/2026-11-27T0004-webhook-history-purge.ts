// Indexes for purging webhook history (services/purge-job.ts): settled deliveries by age, events
// by age, and deliveries by event, which the purge's "no delivery left" test and the cascade from
// a deleted event both look up (without it each deleted event would scan every delivery).
// Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index webhook_deliveries_event on webhook_deliveries (event_id)`.execute(db);
  await sql`create index webhook_deliveries_settled on webhook_deliveries (updated_at)
    where status in ('succeeded', 'failed', 'abandoned')`.execute(db);
  await sql`create index webhook_events_created on webhook_events (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists webhook_events_created`.execute(db);
  await sql`drop index if exists webhook_deliveries_settled`.execute(db);
  await sql`drop index if exists webhook_deliveries_event`.execute(db);
}
