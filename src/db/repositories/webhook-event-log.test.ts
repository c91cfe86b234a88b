// recoverWebhookEndpoint's bound (/webhooks.md "Events and recovery"): one call queues at most
// `limit` missed events, oldest first, says whether the range held more, and the next call queues
// the rest; an event received or waiting, another type and another endpoint's delivery are left out.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSchools } from '../seed/demo-schools.ts';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { queueMissedEvents } from './webhook-event-log.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
  await seedDemoSchools(test.db, { primary: 'http://localhost:1', secondary: 'http://127.0.0.1:1' });
});
afterAll(() => test.drop());

describe('queueMissedEvents', () => {
  it('queues at most `limit` a call, oldest first, then the rest, never an event received or waiting', async () => {
    const site = await test.db
      .selectFrom('sites')
      .select('id')
      .where('slug', '=', 'demo-academy')
      .executeTakeFirstOrThrow();
    const endpoint = async () =>
      (
        await test.db
          .insertInto('webhook_endpoints')
          .values({ site_id: site.id, url: 'https://a.example/hook', event_types: '["*"]', version: '2026-11-27' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const [ours, theirs] = [await endpoint(), await endpoint()];
    const start = Date.now() - 60_000;
    const event = async (secondsIn: number, type = 'course.published') => {
      const id = randomUUID();
      const created_at = new Date(start + secondsIn * 1000);
      await test.db
        .insertInto('webhook_events')
        .values({ id, site_id: site.id, type, version: '2026-11-27', payload: '{}', created_at })
        .execute();
      return id;
    };
    const deliver = (eventId: string, endpointId: string, status: 'succeeded' | 'pending' | 'failed') =>
      test.db
        .insertInto('webhook_deliveries')
        .values({ site_id: site.id, event_id: eventId, endpoint_id: endpointId, status })
        .execute();
    const [received, waiting, failed, first, second, third] = [
      await event(1),
      await event(2),
      await event(3),
      await event(4),
      await event(5),
      await event(6),
    ];
    await event(7, 'order.paid');
    await deliver(received, ours, 'succeeded');
    await deliver(waiting, ours, 'pending');
    await deliver(failed, ours, 'failed');
    await deliver(first, theirs, 'succeeded');

    const range = { siteId: site.id, endpointId: ours, types: ['course.published'], since: new Date(start) };
    const queue = () => queueMissedEvents(test.db, { ...range, until: new Date(), limit: 2 });
    const queued = async () =>
      (
        await test.db
          .selectFrom('webhook_deliveries')
          .select('event_id')
          .where('endpoint_id', '=', ours)
          .where('status', '=', 'pending')
          .execute()
      ).map((d) => d.event_id);

    expect(await queue()).toEqual({ queued: 2, more: true });
    expect((await queued()).sort()).toEqual([waiting, failed, first].sort());
    expect(await queue()).toEqual({ queued: 2, more: false });
    expect((await queued()).sort()).toEqual([waiting, failed, first, second, third].sort());
    expect(await queue()).toEqual({ queued: 0, more: false });
  });
});
