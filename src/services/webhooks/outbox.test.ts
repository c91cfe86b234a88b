// The transactional outbox and the claim (services/webhooks/outbox.ts, claimer.ts): an event exists
// exactly when the change that caused it committed, and instances share due deliveries without
// taking the same one twice or exceeding an endpoint's concurrency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSchools } from '../../db/seed/demo-schools.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { insertEndpoint } from '../../db/repositories/webhook-endpoints.ts';
import { claimDeliveries } from './claimer.ts';
import { recordEvent } from './outbox.ts';

describe('webhook outbox (events recorded in the transaction of their change)', () => {
  let test: TestDatabase;
  let siteId: string;
  let endpointId: string;
  beforeAll(async () => {
    test = await createTestDatabase();
    await seedDemoSchools(test.db, { primary: 'http://localhost:1', secondary: 'http://127.0.0.1:1' });
    siteId = (
      await test.db.selectFrom('sites').select('id').where('slug', '=', 'demo-academy').executeTakeFirstOrThrow()
    ).id;
    const endpoint = await insertEndpoint(test.db, {
      site_id: siteId,
      url: 'https://receiver.example/hook',
      event_types: JSON.stringify(['course.published']),
      version: '2026-11-27',
    });
    endpointId = endpoint.id;
  });
  afterAll(() => test.drop());

  const countEvents = async () =>
    Number(
      (
        await test.db
          .selectFrom('webhook_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('site_id', '=', siteId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('writes no event for a change that rolled back', async () => {
    const before = await countEvents();
    await expect(
      test.db.transaction().execute(async (trx) => {
        await recordEvent(trx, siteId, 'course.published', { id: 'x' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await countEvents()).toBe(before);
  });

  it('queues a delivery only for endpoints subscribed to the type', async () => {
    const published = await test.db
      .transaction()
      .execute((trx) => recordEvent(trx, siteId, 'course.published', { id: 'c1' }));
    await test.db.transaction().execute((trx) => recordEvent(trx, siteId, 'course.archived', { id: 'c1' }));
    const queued = await test.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .execute();
    expect(queued.map((d) => d.event_id)).toEqual([published.id]);
    expect(published).toMatchObject({ type: 'course.published', school: { id: siteId, slug: 'demo-academy' } });
  });

  it('claims at most the per-endpoint limit, and never the same delivery twice while leased', async () => {
    for (let i = 0; i < 5; i++)
      await test.db.transaction().execute((trx) => recordEvent(trx, siteId, 'course.published', { id: `c${i}` }));
    const first = await claimDeliveries(test.db, { limit: 10, perEndpoint: 2, leaseMs: 60_000 });
    expect(first).toHaveLength(2);
    const second = await claimDeliveries(test.db, { limit: 10, perEndpoint: 2, leaseMs: 60_000 });
    expect(second).toHaveLength(0);
    expect(first.every((d) => d.attempts === 1 && d.url === 'https://receiver.example/hook')).toBe(true);
  });

  // On PostgreSQL the claims below run on separate connections at once, as instances or
  // WEB_CONCURRENCY workers polling at the same moment do; PGlite's one connection runs them in turn.
  it('concurrent claims never exceed the per-endpoint limit together', async () => {
    for (let round = 0; round < 8; round++) {
      await test.db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', endpointId).execute();
      for (let i = 0; i < 12; i++)
        await test.db.transaction().execute((trx) => recordEvent(trx, siteId, 'course.published', { id: `r${i}` }));
      const claims = await Promise.all(
        Array.from({ length: 4 }, () => claimDeliveries(test.db, { limit: 2, perEndpoint: 2, leaseMs: 60_000 })),
      );
      expect(claims.flat()).toHaveLength(2);
    }
  });

  it('gives back the claims of an instance that stopped (the lease runs out)', async () => {
    await test.db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', endpointId).execute();
    await test.db.transaction().execute((trx) => recordEvent(trx, siteId, 'course.published', { id: 'lost' }));
    const claimed = await claimDeliveries(test.db, { limit: 10, perEndpoint: 4, leaseMs: 1 });
    expect(claimed).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await claimDeliveries(test.db, { limit: 10, perEndpoint: 4, leaseMs: 60_000 });
    expect(again.map((d) => d.id)).toEqual(claimed.map((d) => d.id));
    expect(again[0]!.attempts).toBe(2);
  });
});
