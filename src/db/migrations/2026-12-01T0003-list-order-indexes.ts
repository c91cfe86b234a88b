// The rest of the admin lists over rows that grow with a school's people and time page in the order
// of an index (guide "bounded work per request"; list-order-plans.test.ts holds every such list to
// it): orders by total, subscriptions by creation or period end, an event's registrations, and
// the school's comments. Each index is the list's (site_id or event_id, sort key, id), the keyset
// order of pagination/keyset.ts, so a page reads its rows and stops instead of sorting them all.
// Frozen once landed.
import { sql, type Kysely } from 'kysely';

const INDEXES = [
  ['orders_site_total', 'orders (site_id, total_amount, id)'],
  ['subscriptions_site_created', 'subscriptions (site_id, created_at, id)'],
  ['subscriptions_site_period_end', 'subscriptions (site_id, current_period_end, id)'],
  ['event_registrations_event_registered', 'event_registrations (event_id, registered_at, id)'],
  ['comments_site_created', 'comments (site_id, created_at, id)'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, on] of INDEXES) await sql.raw(`create index ${name} on ${on}`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await sql.raw(`drop index ${name}`).execute(db);
}
