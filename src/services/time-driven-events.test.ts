// docs/webhooks.md "Time-driven events" and "Operators hear about failure" against the database:
// sweeps running at the same moment (two instances) announce each lapse and tell of each episode
// once; a new failing run is a new episode; an operator's own disable mails no one.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markHealthy, insertEndpoint, markFailing } from '../db/repositories/webhook-endpoints.ts';
import { seedDemoSchools } from '../db/seed/demo-schools.ts';
import { createTestDatabase, type TestDatabase } from '../db/testing.ts';
import { announceLapsedEnrollments } from './enrollments/expiry-sweep.ts';
import { createMailOutbox } from './mail/mail-outbox.ts';
import { disableEndpoint } from './webhooks/disable.ts';
import { noticeEndpointTrouble } from './webhooks/endpoint-notices.ts';

const DAY_MS = 86_400_000;

describe('time-driven events (docs/webhooks.md "Time-driven events", "Operators hear about failure")', () => {
  let test: TestDatabase;
  let siteId: string;
  let watcherId: string;
  const mail = createMailOutbox({
    transport: { kind: 'files', dir: '/nonexistent/mail' },
    keyEncryptionKey: randomBytes(32),
  });

  beforeAll(async () => {
    test = await createTestDatabase();
    await seedDemoSchools(test.db, { primary: 'http://localhost:1', secondary: 'http://127.0.0.1:1' });
    siteId = (
      await test.db.selectFrom('sites').select('id').where('slug', '=', 'demo-academy').executeTakeFirstOrThrow()
    ).id;
    watcherId = (await endpoint(['webhook_endpoint.failing', 'webhook_endpoint.disabled', 'enrollment.expired'])).id;
  });
  afterAll(() => test.drop());

  function endpoint(types: string[]) {
    return insertEndpoint(test.db, {
      site_id: siteId,
      url: `https://receiver.example/${types[0]}`,
      event_types: JSON.stringify(types),
      version: '2026-11-27',
    });
  }

  /** The watcher's deliveries of `type` about `id` (an enrollment's or an endpoint's). */
  async function told(type: string, id: string): Promise<number> {
    const rows = await test.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .select('e.payload')
      .where('d.endpoint_id', '=', watcherId)
      .where('e.type', '=', type)
      .execute();
    return rows.filter((row) => (JSON.parse(row.payload) as { data: { id: string } }).data.id === id).length;
  }

  const mails = async () =>
    Number(
      (
        await test.db
          .selectFrom('outbox_messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('kind', '=', 'mail')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('announces an enrollment whose expires_at passed once, whichever of two concurrent sweeps claims it', async () => {
    const enrollment = await test.db
      .selectFrom('enrollments')
      .select('id')
      .where('site_id', '=', siteId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    await test.db
      .updateTable('enrollments')
      .set({ expires_at: sql<Date>`now() - interval '1 second'`, has_lifetime_access: false })
      .where('id', '=', enrollment.id)
      .execute();
    const counts = await Promise.all([announceLapsedEnrollments(test.db), announceLapsedEnrollments(test.db)]);
    expect(counts[0] + counts[1]).toBe(1);
    expect(await announceLapsedEnrollments(test.db)).toBe(0);
    expect(await told('enrollment.expired', enrollment.id)).toBe(1);
    const row = await test.db
      .selectFrom('enrollments')
      .select('status')
      .where('id', '=', enrollment.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
  });

  it('tells of a failing run once however many sweeps run, and of a later run again; never the endpoint itself', async () => {
    const failing = await endpoint(['webhook_endpoint.failing']);
    await markFailing(test.db, failing.id);
    const before = await mails();
    // Not failing long enough yet.
    expect(await noticeEndpointTrouble({ db: test.db, mail }, DAY_MS)).toBe(0);
    await test.db
      .updateTable('webhook_endpoints')
      .set({ failing_since: sql<Date>`now() - interval '2 days'` })
      .where('id', '=', failing.id)
      .execute();
    const counts = await Promise.all([
      noticeEndpointTrouble({ db: test.db, mail }, DAY_MS),
      noticeEndpointTrouble({ db: test.db, mail }, DAY_MS),
    ]);
    expect(counts[0] + counts[1]).toBe(1);
    expect(await noticeEndpointTrouble({ db: test.db, mail }, DAY_MS)).toBe(0);
    expect(await told('webhook_endpoint.failing', failing.id)).toBe(1);
    // Demo Academy has one owner and one admin.
    expect((await mails()) - before).toBe(2);
    const own = await test.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('endpoint_id', '=', failing.id)
      .execute();
    expect(own).toEqual([]);

    // A success ends the run; the next run, once long enough, is told of again.
    await markHealthy(test.db, failing.id);
    await markFailing(test.db, failing.id);
    await test.db
      .updateTable('webhook_endpoints')
      .set({ failing_since: sql<Date>`now() - interval '25 hours'` })
      .where('id', '=', failing.id)
      .execute();
    expect(await noticeEndpointTrouble({ db: test.db, mail }, DAY_MS)).toBe(1);
    expect(await told('webhook_endpoint.failing', failing.id)).toBe(2);
  });

  it('tells of each disable once; mails the operators for a 410, not for a disable an operator made', async () => {
    const gone = await endpoint(['course.published']);
    const switched = await endpoint(['course.archived']);
    await disableEndpoint(test.db, siteId, gone.id, 'gone');
    await disableEndpoint(test.db, siteId, switched.id, 'operator');
    const before = await mails();
    expect(await noticeEndpointTrouble({ db: test.db, mail }, DAY_MS)).toBe(2);
    expect(await noticeEndpointTrouble({ db: test.db, mail }, DAY_MS)).toBe(0);
    expect(await told('webhook_endpoint.disabled', gone.id)).toBe(1);
    expect(await told('webhook_endpoint.disabled', switched.id)).toBe(1);
    expect((await mails()) - before).toBe(2);
  });
});
