// /webhooks.md "Who may receive what": an endpoint sends only what the person who created it (its
// owner) may still read, so it records that person. Endpoints created before take the actor of
// their `webhook_endpoint.created` audit entry; one without (or whose person is gone) has no owner
// and sends nothing until recreated. Removing the person leaves the endpoint ownerless. Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table webhook_endpoints
    add column owner_person_id uuid references people (id) on delete set null`.execute(db);
  await sql`create index webhook_endpoints_owner_person_id on webhook_endpoints (owner_person_id)`.execute(db);
  await sql`update webhook_endpoints w set owner_person_id = (
      select a.actor_person_id from audit_events a
      where a.site_id = w.site_id and a.action = 'webhook_endpoint.created'
        and a.target_type = 'webhook_endpoint' and a.target_id = w.id::text
        and exists (select 1 from people p where p.id = a.actor_person_id)
      order by a.created_at limit 1)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table webhook_endpoints drop column if exists owner_person_id`.execute(db);
}
