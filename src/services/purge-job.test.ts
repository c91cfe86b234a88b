// The purge job removes what can never be used again and webhook history past its retention,
// and two runs at once are safe.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSchools } from '../db/seed/demo-schools.ts';
import { createTestDatabase, type TestDatabase } from '../db/testing.ts';
import { runPurge, WEBHOOK_HISTORY_RETENTION_MS } from './purge-job.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
  await seedDemoSchools(test.db, { primary: 'http://localhost:1', secondary: 'http://127.0.0.1:1' });
});
afterAll(() => test.drop());

const demoAcademy = () =>
  test.db.selectFrom('sites').select('id').where('slug', '=', 'demo-academy').executeTakeFirstOrThrow();

describe('purge job: mailed links and the outbox (docs/operations.md "Mail")', () => {
  it('deletes links past their expiry and settled outbox messages a day old; keeps live links and pending messages', async () => {
    const site = await demoAcademy();
    const people = await test.db.selectFrom('people').select('id').limit(2).execute();
    const old = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    const soon = new Date(Date.now() + 30 * 60 * 1000);
    await test.db
      .insertInto('person_links')
      .values([
        {
          person_id: people[0]!.id,
          site_id: site.id,
          purpose: 'password_reset',
          token_hash: `old-${randomUUID()}`,
          expires_at: old,
        },
        {
          person_id: people[1]!.id,
          site_id: site.id,
          purpose: 'password_reset',
          token_hash: `live-${randomUUID()}`,
          expires_at: soon,
        },
      ])
      .execute();
    const message = { site_id: site.id, kind: 'mail', payload: JSON.stringify({}) };
    await test.db
      .insertInto('outbox_messages')
      .values([
        { ...message, sent_at: old },
        { ...message, failed_at: old },
        { ...message, sent_at: new Date() },
        { ...message },
      ])
      .execute();

    const counts = await runPurge(test.db);
    expect(counts).toMatchObject({ personLinks: 1, settledOutboxMessages: 2 });
    const links = await test.db.selectFrom('person_links').select('token_hash').execute();
    expect(links.map((l) => l.token_hash.split('-')[0])).toEqual(['live']);
    const left = await test.db.selectFrom('outbox_messages').select(['sent_at', 'failed_at']).execute();
    expect(left).toHaveLength(2);
    expect(left.every((m) => m.failed_at === null)).toBe(true);
  });
});

describe('purge job (unused loopback registrations too, /auth.md "2. Get a client")', () => {
  it('deletes old unused loopback clients and expired sessions, keeps used and fresh ones', async () => {
    const site = await demoAcademy();
    const person = await test.db.selectFrom('people').select('id').limit(1).executeTakeFirstOrThrow();
    const old = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    const base = {
      site_id: site.id,
      kind: 'loopback' as const,
      audience: 'operator' as const,
      name: 'x',
      redirect_uris: ['http://127.0.0.1/cb'],
      token_endpoint_auth_method: 'none' as const,
      client_secret_hash: null,
    };
    await test.db
      .insertInto('oauth_clients')
      .values([
        { ...base, client_id: 'old-unused', created_at: old },
        { ...base, client_id: 'old-used', created_at: old, last_used_at: new Date() },
        { ...base, client_id: 'fresh-unused' },
      ])
      .execute();
    await test.db
      .insertInto('oauth_sessions')
      .values({ token_hash: 'h1', site_id: site.id, person_id: person.id, expires_at: old })
      .execute();

    const counts = await runPurge(test.db);
    expect(counts).toMatchObject({ unusedLoopbackClients: 1, sessions: 1 });
    const left = await test.db.selectFrom('oauth_clients').select('client_id').where('kind', '=', 'loopback').execute();
    expect(left.map((c) => c.client_id).sort()).toEqual(['fresh-unused', 'old-used']);
  });

  it('two concurrent runs never fail; at most one does the work', async () => {
    const results = await Promise.all([runPurge(test.db), runPurge(test.db)]);
    expect(results.filter((r) => r !== false).length).toBeGreaterThanOrEqual(1);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from oauth_sessions where expires_at < now() - interval '1 day'`.execute(test.db);
    expect(rows[0]?.n).toBe(0);
  });
});

describe('purge job: webhook history (docs/webhooks.md "Webhooks": kept 30 days, never a pending delivery)', () => {
  const DAY = 24 * 3600 * 1000;

  it('deletes settled deliveries and then events no delivery refers to, once past the retention; keeps every pending delivery and its event', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - WEBHOOK_HISTORY_RETENTION_MS - DAY);
    const recent = new Date(now.getTime() - WEBHOOK_HISTORY_RETENTION_MS + DAY);
    const site = await demoAcademy();
    const endpoint = (url: string) =>
      test.db
        .insertInto('webhook_endpoints')
        .values({ site_id: site.id, url, event_types: JSON.stringify(['course.published']), version: '2026-11-27' })
        .returning('id')
        .executeTakeFirstOrThrow();
    const [a, b] = [await endpoint('https://a.example/hook'), await endpoint('https://b.example/hook')];
    // The payload says what each event stands for, for a reader of the table.
    const event = async (payload: string, createdAt: Date) => {
      const id = randomUUID();
      await test.db
        .insertInto('webhook_events')
        .values({
          id,
          site_id: site.id,
          type: 'course.published',
          version: '2026-11-27',
          payload,
          created_at: createdAt,
        })
        .execute();
      return id;
    };
    const delivery = (
      eventId: string,
      endpointId: string,
      status: 'pending' | 'succeeded' | 'failed' | 'abandoned',
      updatedAt: Date,
    ) =>
      test.db
        .insertInto('webhook_deliveries')
        .values({
          site_id: site.id,
          event_id: eventId,
          endpoint_id: endpointId,
          status,
          created_at: old,
          updated_at: updatedAt,
        })
        .execute();

    const delivered = await event('delivered long ago', old);
    await delivery(delivered, a.id, 'succeeded', old);
    await delivery(delivered, b.id, 'abandoned', old);
    const retrying = await event('still retrying', old);
    await delivery(retrying, a.id, 'pending', old);
    const half = await event('one settled, one pending', old);
    await delivery(half, a.id, 'failed', old);
    await delivery(half, b.id, 'pending', old);
    const redelivered = await event('redelivered recently', old);
    await delivery(redelivered, a.id, 'failed', recent);
    const fresh = await event('fresh', recent);
    await delivery(fresh, a.id, 'succeeded', recent);
    const unsubscribed = await event('no endpoint was subscribed', old);
    const newUnsubscribed = await event('no endpoint subscribed, recent', recent);

    const counts = await runPurge(test.db, now);
    expect(counts).toMatchObject({ webhookDeliveries: 3, webhookEvents: 2 });
    const events = await test.db.selectFrom('webhook_events').select('id').execute();
    expect(events.map((e) => e.id).sort()).toEqual([retrying, half, redelivered, fresh, newUnsubscribed].sort());
    expect(events.map((e) => e.id)).not.toContain(unsubscribed);
    const left = await test.db.selectFrom('webhook_deliveries').select(['event_id', 'status']).execute();
    expect(
      left
        .filter((d) => d.status === 'pending')
        .map((d) => d.event_id)
        .sort(),
    ).toEqual([retrying, half].sort());
    expect(left).toHaveLength(4);
  });
});

describe('purge job: WEBHOOK_EVENTS_RETENTION_DAYS (/webhooks.md "Events and recovery")', () => {
  it('deletes events no delivery refers to once older than the retention it is given, and keeps younger ones', async () => {
    const site = await demoAcademy();
    const DAY = 24 * 3600 * 1000;
    const now = new Date();
    const event = async (ageDays: number) => {
      const id = randomUUID();
      await test.db
        .insertInto('webhook_events')
        .values({
          id,
          site_id: site.id,
          type: 'course.archived',
          version: '2026-11-27',
          payload: `${ageDays} days old`,
          created_at: new Date(now.getTime() - ageDays * DAY),
        })
        .execute();
      return id;
    };
    const [older, younger] = [await event(8), await event(6)];
    await runPurge(test.db, now, 7 * DAY);
    const left = (await test.db.selectFrom('webhook_events').select('id').execute()).map((e) => e.id);
    expect(left).toContain(younger);
    expect(left).not.toContain(older);
  });
});
