// /webhooks.md "Pace": an endpoint's in-flight bound is a number of slots, each held by one
// instance at a time (`lease_owner`, a worker's random id, and `lease_slot`, 0 to the bound less
// one, on every live lease). The holder sends the deliveries it leased on a slot one after
// another, so the next is on its way as soon as the last is answered instead of after that
// answer's record and a new claim (services/webhooks/slot-queues.ts). The in-flight index now
// holds leased rows only: a backlog of due deliveries costs it nothing, and the claim reads every
// live lease from it. Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table webhook_deliveries add column lease_owner uuid`.execute(db);
  await sql`alter table webhook_deliveries add column lease_slot smallint`.execute(db);
  await sql`drop index if exists webhook_deliveries_in_flight`.execute(db);
  await sql`create index webhook_deliveries_in_flight on webhook_deliveries (endpoint_id, lease_until)
    where status = 'pending' and lease_until is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists webhook_deliveries_in_flight`.execute(db);
  await sql`create index webhook_deliveries_in_flight on webhook_deliveries (endpoint_id, lease_until)
    where status = 'pending'`.execute(db);
  await sql`alter table webhook_deliveries drop column if exists lease_slot`.execute(db);
  await sql`alter table webhook_deliveries drop column if exists lease_owner`.execute(db);
}
