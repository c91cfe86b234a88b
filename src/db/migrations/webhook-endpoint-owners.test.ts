// Migration 2026-12-06T0102-webhook-endpoint-owners (/webhooks.md "Who may receive what"): an
// endpoint created before takes as owner the actor of its `webhook_endpoint.created` audit entry;
// one without has none (and sends nothing); removing the person leaves the endpoint ownerless.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { down, up } from './2026-12-06T0102-webhook-endpoint-owners.ts';

describe('migration 2026-12-06T0102-webhook-endpoint-owners', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => test?.drop());

  it('gives each earlier endpoint the creator its audit log names, and none without one', async () => {
    const db = test.db;
    await down(db);
    const site = await db
      .insertInto('sites')
      .values({ slug: 'o', origin: 'http://o.test', name: 'O' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const person = await db
      .insertInto('people')
      .values({ email: 'creator@o.test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const endpoint = async () =>
      (
        await sql<{ id: string }>`insert into webhook_endpoints (site_id, url, event_types, version)
          values (${site.id}, 'https://r.example/', '[]', 'v') returning id`.execute(db)
      ).rows[0]!.id;
    const audited = await endpoint();
    const unaudited = await endpoint();
    await db
      .insertInto('audit_events')
      .values({
        site_id: site.id,
        actor_person_id: person.id,
        action: 'webhook_endpoint.created',
        target_type: 'webhook_endpoint',
        target_id: audited,
      })
      .execute();

    await up(db);
    const owners = async () =>
      Object.fromEntries(
        (await db.selectFrom('webhook_endpoints').select(['id', 'owner_person_id']).execute()).map((r) => [
          r.id,
          r.owner_person_id,
        ]),
      );
    expect(await owners()).toEqual({ [audited]: person.id, [unaudited]: null });
    await db.deleteFrom('audit_events').execute();
    await db.deleteFrom('people').where('id', '=', person.id).execute();
    expect(await owners()).toEqual({ [audited]: null, [unaudited]: null });
  });
});
