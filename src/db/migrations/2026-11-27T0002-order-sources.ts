// Orders recorded by the school: an order paid outside the school's checkout (another store, a
// bank transfer) or granted by hand is a normal order with its `source`, so reports and webhooks
// see every sale the same way. `external_id` is the other system's reference: unique at a school,
// so an integration that retries a recording cannot book the same sale twice. An item's `position`
// keeps the lines in the order they were given (ids made in one millisecond sort at random).
// Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table orders
    add column source text not null default 'checkout' check (source in ('checkout', 'external', 'manual')),
    add column external_id text check (length(external_id) between 1 and 200)`.execute(db);
  await sql`alter table order_items add column position smallint not null default 0 check (position >= 0)`.execute(db);
  await sql`create unique index orders_external_id on orders (site_id, external_id) where external_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists orders_external_id`.execute(db);
  await sql`alter table orders drop column if exists external_id, drop column if exists source`.execute(db);
  await sql`alter table order_items drop column if exists position`.execute(db);
}
