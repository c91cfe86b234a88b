// The bound on attempts in flight per endpoint (/webhooks.md "Limits") with leases at write
// (lease-at-write.ts) and claims (claimer.ts) at once: on PostgreSQL, through a pool of several
// connections, writers leasing in their own transactions and a claimer never together hold more
// than the bound, and no delivery is leased twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, insertTestSite, type TestDatabase } from '../../db/testing.ts';
import { insertEndpoint } from '../../db/repositories/webhook-endpoints.ts';
import { recordAttempts } from '../../db/repositories/webhook-deliveries.ts';
import { leaseEventDeliveries, lockEndpointsOfEvents } from '../../db/repositories/webhook-leases.ts';
import type { Db } from '../../db/database.ts';
import { claimDeliveries } from './claimer.ts';
import { IN_FLIGHT_PER_ENDPOINT } from './delivery-worker.ts';
import { DeliveryLane } from './lease-at-write.ts';
import { recordEvent } from './outbox.ts';

const WRITERS = 6;
const EVENTS_PER_WRITER = 15;
const LEASE_MS = 60_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the in-flight bound per endpoint with leases at write (/webhooks.md "Limits")', () => {
  let test: TestDatabase;
  let siteId: string;
  let endpointId: string;
  beforeAll(async () => {
    test = await createTestDatabase();
    siteId = await insertTestSite(test.db, 'lease-bound');
    endpointId = (
      await insertEndpoint(test.db, {
        site_id: siteId,
        url: 'https://receiver.example/hook',
        event_types: JSON.stringify(['course.published']),
        version: '2026-11-27',
      })
    ).id;
  });
  afterAll(() => test.drop());

  it('writers leasing at commit and a claimer together never hold more than the bound, and no delivery is leased twice', async () => {
    let inFlight = 0;
    let most = 0;
    const sent = new Map<string, number>();
    const sends: Promise<void>[] = [];
    // An attempt: counted from the commit of its lease to just before its outcome is written, a
    // span within the one the database counts, so a count past the bound here is one there too.
    const send = (ids: string[]) => {
      for (const id of ids) {
        inFlight++;
        most = Math.max(most, inFlight);
        sent.set(id, (sent.get(id) ?? 0) + 1);
        sends.push(
          pause(Math.random() * 4).then(async () => {
            inFlight--;
            await recordAttempts(test.db, [
              {
                id,
                endpointId,
                status: 'succeeded',
                retryInMs: null,
                responseCode: 200,
                error: null,
                errorClass: null,
                durationMs: 1,
                responseBody: null,
                postponed: false,
              },
            ]);
          }),
        );
      }
    };
    const lane = new DeliveryLane();
    lane.attach({
      async lease(trx: Db, eventIds) {
        const waiting = await lockEndpointsOfEvents(trx, eventIds);
        if (waiting.size === 0) return { leased: [], leftFor: [] };
        const leased = await leaseEventDeliveries(trx, {
          eventIds,
          perEndpoint: IN_FLIGHT_PER_ENDPOINT,
          leaseMs: LEASE_MS,
          limit: 100,
          ended: [],
        });
        return { leased, leftFor: [] };
      },
      committed: ({ leased }) => send(leased.map((d) => d.id)),
      wake: () => undefined,
    });
    const db = test.db.withPlugin(lane);

    let writing = true;
    const writers = Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; i < EVENTS_PER_WRITER; i++)
        await db.transaction().execute((trx) => recordEvent(trx, siteId, 'course.published', { id: `${w}-${i}` }));
    });
    const claim = () =>
      claimDeliveries(test.db, { limit: 20, perEndpoint: IN_FLIGHT_PER_ENDPOINT, leaseMs: LEASE_MS }).then((claimed) =>
        send(claimed.map((d) => d.id)),
      );
    const claimer = (async () => {
      while (writing) await claim();
    })();
    await Promise.all(writers);
    writing = false;
    await claimer;
    // What stayed waiting (an endpoint at its bound when it was written) is claimed until none is left.
    for (let rounds = 0; rounds < 1_000; rounds++) {
      await Promise.all(sends);
      const { rows } = await sql<{ waiting: number }>`
        select count(*) as waiting from webhook_deliveries where endpoint_id = ${endpointId} and status = 'pending'`.execute(
        test.db,
      );
      if (Number(rows[0]!.waiting) === 0) break;
      await claim();
    }
    await Promise.all(sends);

    expect(most).toBeLessThanOrEqual(IN_FLIGHT_PER_ENDPOINT);
    expect(sent.size).toBe(WRITERS * EVENTS_PER_WRITER);
    expect([...sent.values()].every((times) => times === 1)).toBe(true);
  }, 120_000);
});
