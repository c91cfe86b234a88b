// The transactional outbox and the claim (services/webhooks/outbox.ts, claimer.ts): an event exists
// exactly when the change that caused it committed, and instances share due deliveries without
// taking the same one twice or exceeding an endpoint's concurrency.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database.ts';
import { seedDemoSchools } from '../../db/seed/demo-schools.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { insertEndpoint } from '../../db/repositories/webhook-endpoints.ts';
import { listAttempts, recordAttempts, releaseClaims } from '../../db/repositories/webhook-deliveries.ts';
import { claimDeliveries, type ClaimOptions } from './claimer.ts';
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

  const INSTANCE_A = '00000000-0000-4000-8000-00000000000a';
  /** One instance's claim: 2 slots per endpoint, one delivery per slot, unless told otherwise (the endpoint deep). */
  const limits = (over: Partial<ClaimOptions> = {}): ClaimOptions => ({
    limit: 10,
    perEndpoint: 2,
    perSlot: 1,
    deep: [endpointId],
    leaseMs: 60_000,
    owner: INSTANCE_A,
    ...over,
  });
  const queueEvents = async (n: number, prefix: string) => {
    await test.db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', endpointId).execute();
    for (let i = 0; i < n; i++)
      await test.db
        .transaction()
        .execute((trx) => recordEvent(trx, siteId, 'course.published', { id: `${prefix}${i}` }));
  };

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
    const first = await claimDeliveries(test.db, limits());
    expect(first).toHaveLength(2);
    const second = await claimDeliveries(test.db, limits());
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
      const claims = await Promise.all(Array.from({ length: 4 }, () => claimDeliveries(test.db, limits({ limit: 2 }))));
      expect(claims.flat()).toHaveLength(2);
    }
  });

  it('holds up to perSlot deliveries on each slot of one instance, filling every slot first', async () => {
    await queueEvents(12, 's');
    const first = await claimDeliveries(test.db, limits({ limit: 3, perSlot: 3 }));
    expect(first.map((d) => d.lease_slot).sort()).toEqual([0, 0, 1]);
    const rest = await claimDeliveries(test.db, limits({ perSlot: 3 }));
    expect([...first, ...rest].map((d) => d.lease_slot).sort()).toEqual([0, 0, 0, 1, 1, 1]);
    expect(await claimDeliveries(test.db, limits({ perSlot: 3 }))).toHaveLength(0);
  });

  it('leaves a slot another instance holds to it: one endpoint never has more requests at once than slots', async () => {
    await queueEvents(12, 'o');
    const mine = await claimDeliveries(test.db, limits({ perEndpoint: 2, perSlot: 3, limit: 1 }));
    expect(mine.map((d) => d.lease_slot)).toEqual([0]);
    const other = '00000000-0000-4000-8000-00000000000b';
    const theirs = await claimDeliveries(test.db, limits({ perSlot: 3, owner: other }));
    expect(theirs.map((d) => d.lease_slot)).toEqual([1, 1, 1]);
    expect(
      await claimDeliveries(test.db, limits({ perSlot: 3, owner: '00000000-0000-4000-8000-00000000000c' })),
    ).toEqual([]);
  });

  // On PostgreSQL at once on separate connections, as several instances claim; in turn on PGlite.
  it('concurrent claims of several instances give each slot to one of them', async () => {
    for (let round = 0; round < 4; round++) {
      await queueEvents(16, `c${round}-`);
      const owners = ['1', '2', '3', '4'].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
      const claims = await Promise.all(
        owners.map((owner) => claimDeliveries(test.db, limits({ perSlot: 3, limit: 4, owner }))),
      );
      const holders = new Map<number, Set<number>>();
      claims.forEach((claimed, who) => {
        for (const d of claimed) holders.set(d.lease_slot, (holders.get(d.lease_slot) ?? new Set()).add(who));
      });
      expect([...holders.keys()].every((slot) => slot === 0 || slot === 1)).toBe(true);
      expect([...holders.values()].every((who) => who.size === 1)).toBe(true);
    }
  });

  it('holds an endpoint not known to keep up to one delivery per slot', async () => {
    await queueEvents(6, 'h');
    const claimed = await claimDeliveries(test.db, limits({ perSlot: 3, deep: [] }));
    expect(claimed.map((d) => d.lease_slot).sort()).toEqual([0, 1]);
  });

  it('a claim given back (releaseClaims) is unleased and its attempt uncounted, and only by its holder', async () => {
    await queueEvents(1, 'g');
    const [claimed] = await claimDeliveries(test.db, limits());
    expect(claimed).toMatchObject({ attempts: 1, previous_attempt_at: null });
    await releaseClaims(test.db, '00000000-0000-4000-8000-00000000000f', [claimed!]);
    expect(await claimDeliveries(test.db, limits({ owner: '00000000-0000-4000-8000-00000000000f' }))).toEqual([]);
    await releaseClaims(test.db, INSTANCE_A, [claimed!]);
    const row = await test.db
      .selectFrom('webhook_deliveries')
      .select(['attempts', 'lease_until', 'lease_owner', 'last_attempt_at', 'status'])
      .where('id', '=', claimed!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      attempts: 0,
      lease_until: null,
      lease_owner: null,
      last_attempt_at: null,
      status: 'pending',
    });
    const [again] = await claimDeliveries(test.db, limits());
    expect(again).toMatchObject({ id: claimed!.id, attempts: 1 });
  });

  it('records outcomes of any text as sent, one statement for a batch (quotes, braces, backslashes, commas, no answer)', async () => {
    await queueEvents(2, 'r');
    const [first, second] = await claimDeliveries(test.db, limits());
    const awkward = 'he said "no", {then} \\ left\nNULL';
    await recordAttempts(test.db, [
      {
        id: first!.id,
        endpointId: endpointId,
        status: null,
        retryInMs: 60_000,
        responseCode: 500,
        error: 'http_status: 500',
        errorClass: 'http_status',
        durationMs: 12,
        responseBody: awkward,
        postponed: false,
      },
      {
        id: second!.id,
        endpointId: endpointId,
        status: 'succeeded',
        retryInMs: null,
        responseCode: null,
        error: null,
        errorClass: null,
        durationMs: 0,
        responseBody: null,
        postponed: false,
      },
    ]);
    expect(await listAttempts(test.db, first!.id)).toMatchObject([
      { response_code: 500, error_class: 'http_status', duration_ms: 12, response_body: awkward },
    ]);
    expect(await listAttempts(test.db, second!.id)).toMatchObject([{ response_code: null, response_body: null }]);
    const rows = await test.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'status', 'lease_until', 'lease_slot'])
      .where('id', 'in', [first!.id, second!.id])
      .orderBy('status')
      .execute();
    expect(rows.map(({ status, lease_until, lease_slot }) => ({ status, lease_until, lease_slot }))).toEqual([
      { status: 'pending', lease_until: null, lease_slot: null },
      { status: 'succeeded', lease_until: null, lease_slot: null },
    ]);
  });

  it('gives back the claims of an instance that stopped (the lease runs out)', async () => {
    await test.db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', endpointId).execute();
    await test.db.transaction().execute((trx) => recordEvent(trx, siteId, 'course.published', { id: 'lost' }));
    const claimed = await claimDeliveries(test.db, limits({ perEndpoint: 4, leaseMs: 1 }));
    expect(claimed).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await claimDeliveries(
      test.db,
      limits({ perEndpoint: 4, owner: '00000000-0000-4000-8000-00000000000e' }),
    );
    expect(again.map((d) => d.id)).toEqual(claimed.map((d) => d.id));
    expect(again[0]!.attempts).toBe(2);
  });
  // bench/FINDINGS.md "Named statements": the claim runs at every busy endpoint's turn. PostgreSQL
  // keeps a prepared statement's generic plan only when it is priced no dearer than the custom
  // ones, so a claim whose generic plan the planner cannot estimate is planned at every execution.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'the claim is planned once per connection: PostgreSQL keeps its generic plan after five custom ones',
    async () => {
      const single = await createDatabase({ kind: 'postgres', url: test.url!, poolSize: 1 });
      try {
        for (let i = 0; i < 8; i += 1) {
          await queueEvents(3, `plan${i}-`);
          expect(await claimDeliveries(single, limits({ perEndpoint: 4, perSlot: 4 }))).toHaveLength(3);
        }
        const { rows } = await sql<{ generic_plans: string }>`
          select generic_plans from pg_prepared_statements where name = 'webhook_claim'`.execute(single);
        expect(rows.map((row) => Number(row.generic_plans))).toEqual([3]);
      } finally {
        await single.destroy();
      }
    },
  );
});
