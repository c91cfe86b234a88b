// Disabling an endpoint (disable.ts, /webhooks.md "Retries"): its waiting deliveries are abandoned;
// one an instance is sending is left to its outcome, which ends it abandoned rather than tried
// again, and disabling never waits for that outcome (an operator's PATCH and the delivery worker
// lock the endpoint and its deliveries in opposite orders). Deleting one (webhook-endpoints.ts
// deleteEndpoint) takes its deliveries under way first, as the outcome does, and so waits for it.
// PGlite, and PostgreSQL with DATABASE_URL.
import { sql } from 'kysely';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, insertTestSite, type TestDatabase } from '../../db/testing.ts';
import { recordAttempts, type AttemptRecord } from '../../db/repositories/webhook-deliveries.ts';
import { deleteEndpoint, insertEndpoint } from '../../db/repositories/webhook-endpoints.ts';
import { claimDeliveries } from './claimer.ts';
import { disableEndpoint } from './disable.ts';
import { recordEvent } from './outbox.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe('disabling an endpoint while a delivery to it is under way', () => {
  let test: TestDatabase | undefined;
  let siteId: string;
  let endpointId: string;
  /** The delivery being sent (leased) and the one still waiting. */
  let sending: string;
  let waiting: string;

  beforeEach(async () => {
    test ??= await createTestDatabase();
    const { db } = test;
    siteId ??= await insertTestSite(db, 'disable');
    // Failing for an hour: a success then ends the run, so the outcome writes the endpoint's row too.
    const endpoint = await insertEndpoint(db, {
      site_id: siteId,
      url: 'https://receiver.example/hook',
      event_types: JSON.stringify(['course.published']),
      version: '2026-11-27',
      failing_since: new Date(Date.now() - 3600_000),
    });
    endpointId = endpoint.id;
    for (const id of ['c1', 'c2'])
      await db.transaction().execute((trx) => recordEvent(trx, siteId, 'course.published', { id }));
    const [claimed] = await claimDeliveries(db, {
      limit: 1,
      perEndpoint: 4,
      perSlot: 1,
      deep: [],
      leaseMs: 60_000,
      owner: '00000000-0000-4000-8000-000000000001',
    });
    sending = claimed!.id;
    waiting = (
      await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('endpoint_id', '=', endpointId)
        .where('id', '<>', sending)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => test?.drop());

  const outcome = (status: AttemptRecord['status']): AttemptRecord => ({
    id: sending,
    endpointId,
    status,
    retryInMs: status === null ? 10_000 : null,
    responseCode: status === 'succeeded' ? 200 : 500,
    error: null,
    errorClass: status === 'succeeded' ? null : 'http_status',
    durationMs: 3,
    responseBody: null,
    postponed: false,
  });
  const statusOf = async (id: string) =>
    (await test!.db.selectFrom('webhook_deliveries').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  it('abandons the waiting delivery, and the one under way ends as its outcome says', async () => {
    expect(await disableEndpoint(test!.db, siteId, endpointId, 'operator')).toBe(true);
    expect(await statusOf(waiting)).toBe('abandoned');
    expect(await statusOf(sending)).toBe('pending');
    await recordAttempts(test!.db, [outcome('succeeded')]);
    expect(await statusOf(sending)).toBe('succeeded');
  });

  it('a delivery under way that would be tried again ends abandoned once its endpoint is disabled', async () => {
    await disableEndpoint(test!.db, siteId, endpointId, 'operator');
    await recordAttempts(test!.db, [outcome(null)]);
    expect(await statusOf(sending)).toBe('abandoned');
  });

  /**
   * An outcome being written, held after its first lock: its statement has taken the delivery's
   * row (recordAttempts updates it before the endpoint's). `finish` lets it go on and commit.
   */
  async function outcomeUnderWay(): Promise<{ finish: () => Promise<void> }> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const recording = test!.db.transaction().execute(async (trx) => {
      await sql`select id from webhook_deliveries where id = ${sending} for update`.execute(trx);
      locked();
      await released;
      await recordAttempts(trx, [outcome('succeeded')]);
    });
    await holding;
    return { finish: () => (release(), recording) };
  }

  // PostgreSQL alone runs two transactions at once. Before, disabling waited on the outcome's row
  // lock while holding the endpoint's, and the outcome then waited on the endpoint: a deadlock.
  it.runIf(onPostgres)('disabling does not wait for an outcome being written, and both commit', async () => {
    const underWay = await outcomeUnderWay();
    const disabling = disableEndpoint(test!.db, siteId, endpointId, 'operator');
    const waited = await Promise.race([
      disabling.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 3_000)),
    ]);
    await underWay.finish();
    await disabling;
    expect(waited).toBe(false);
    expect(await statusOf(sending)).toBe('succeeded');
    expect(await statusOf(waiting)).toBe('abandoned');
  });

  // The same orders, for deleting: the delete took the endpoint's row, then its deliveries by cascade.
  it.runIf(onPostgres)('deleting an endpoint waits for an outcome being written, and both commit', async () => {
    const underWay = await outcomeUnderWay();
    const deleting = test!.db.transaction().execute((trx) => deleteEndpoint(trx, siteId, endpointId));
    // Long enough for the delete to reach its first lock wait.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await underWay.finish();
    expect(await deleting).toBe(true);
    const left = await test!.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('endpoint_id', '=', endpointId)
      .execute();
    expect(left).toEqual([]);
  });
});
