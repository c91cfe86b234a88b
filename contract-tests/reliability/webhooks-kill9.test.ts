// kill -9 of one of two instances in the middle of webhook deliveries
// (docs/operations.md "Several instances"; services/webhooks/claimer.ts): two instances share a scratch PostgreSQL database
// and a loopback receiver that answers slowly, so deliveries are in flight at both when instance
// A is killed with SIGKILL. Every event committed before the kill must reach the receiver (the
// survivor takes A's claims back when their lease runs out); duplicates are allowed (at least
// once) and counted. PostgreSQL only: two processes cannot share PGlite. Figures go to
// contract-tests/reports/RESULTS.md.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { createDatabase } from '../../src/db/database.ts';
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import { recordEvent } from '../../src/services/webhooks/outbox.ts';
import { adminClient } from '../support/admin-client.ts';
import { operatorToken } from '../support/tokens.ts';
import { DATABASE_URL, skipWithoutPostgres, startTwoInstances, type Instance } from './instance.ts';
import { databaseLabel, writeResults } from './results.ts';

const EVENTS = 80;
const RECEIVER_DELAY_MS = 150;
const TIMEOUT_MS = 1_000; // the lease is twice this and 5 s (delivery-worker.ts)

describe.skipIf(skipWithoutPostgres('webhooks-kill9.test.ts'))(
  'kill -9 of one of two instances during webhook deliveries loses no event (docs/operations.md "Several instances")',
  () => {
    let scratch: { url: string; drop: () => Promise<void> } | undefined;
    const instances: Instance[] = [];
    let server: Server;
    const received: Array<{ id: string; at: number }> = [];
    let committed: string[] = [];
    let killAt = 0;
    let doneAt = 0;
    let statuses: Record<string, number> = {};

    beforeAll(async () => {
      server = createServer((request, response) => {
        request.resume();
        request.on('end', () =>
          setTimeout(() => {
            received.push({ id: String(request.headers['webhook-id']), at: Date.now() });
            response.writeHead(204).end();
          }, RECEIVER_DELAY_MS),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

      scratch = await createScratchPostgresDatabase(DATABASE_URL!);
      const { a, b, origin } = await startTwoInstances(scratch.url, {
        WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
        WEBHOOK_POLL_MS: '50',
        WEBHOOK_RETRY_BASE_MS: '200',
        WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
        LOG_LEVEL: 'warn',
      });
      instances.push(a, b);

      const client = adminClient(origin, await operatorToken(origin, 'webhooks:write courses:read courses:write'));
      const endpoint = await sdk.createWebhookEndpoint({
        client,
        body: { url: receiverUrl, event_types: ['course.published'] },
      });
      expect(endpoint.response.status).toBe(201);
      // The events: committed at A before the kill, each with its webhook-id in the database.
      for (let i = 0; i < EVENTS / 2; i++) {
        const course = await sdk.createCourse({ client, body: { title: `Kill course ${i}` } });
        await sdk.publishCourse({ client, path: { course_id: course.data!.id } });
      }
      const db = await createDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
      try {
        // Twice as many as the API made, written straight into the outbox in one transaction.
        await db.transaction().execute(async (trx) => {
          const site = await trx
            .selectFrom('sites')
            .select('id')
            .where('slug', '=', 'demo-academy')
            .executeTakeFirstOrThrow();
          for (let i = 0; i < EVENTS / 2; i++) await recordEvent(trx, site.id, 'course.published', { id: `bulk-${i}` });
        });
        committed = (
          await db.selectFrom('webhook_events').select('id').where('type', '=', 'course.published').execute()
        ).map((row) => row.id);
        // Kill A while both instances have deliveries in flight.
        await new Promise((resolve) => setTimeout(resolve, 600));
        killAt = Date.now();
        a.kill('SIGKILL');
        await a.exited;
        const deadline = Date.now() + 60_000;
        while (new Set(received.map((r) => r.id)).size < committed.length && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 100));
        doneAt = Date.now();
        // The last outcomes are written just after their answers arrive.
        for (let tries = 0; tries < 100; tries++) {
          const { rows } = await sql<{ status: string; n: number }>`
            select status, count(*)::int as n from webhook_deliveries group by status`.execute(db);
          statuses = Object.fromEntries(rows.map((row) => [row.status, row.n]));
          if (!statuses.pending) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        await db.destroy();
      }
    }, 240_000);

    afterAll(async () => {
      for (const instance of instances) await instance.stop();
      await scratch?.drop();
      await new Promise<void>((resolve) => server?.close(() => resolve()));
    });

    it('delivers every committed event at least once, and the survivor marks every delivery succeeded', async () => {
      const unique = new Set(received.map((r) => r.id));
      const lost = committed.filter((id) => !unique.has(id));
      const afterKill = received.filter((r) => r.at > killAt).length;
      await writeResults(
        'webhooks-kill9',
        `kill -9 of one of two instances during webhook deliveries (${databaseLabel()})`,
        [
          [
            'events committed before the kill',
            committed.length,
            `${EVENTS / 2} by publishCourse, ${EVENTS / 2} in one outbox transaction`,
          ],
          ['receiver', `${RECEIVER_DELAY_MS} ms per answer`, 'node:http on 127.0.0.1'],
          ['requests received', received.length, `${afterKill} after the kill`],
          ['distinct webhook-ids received', unique.size, 'a receiver deduplicates by webhook-id'],
          [
            'duplicates (at least once)',
            received.length - unique.size,
            'deliveries A had sent whose outcome it never wrote',
          ],
          ['events lost', lost.length, ''],
          [
            'all delivered',
            `${((doneAt - killAt) / 1000).toFixed(1)} s after the kill`,
            `lease ${(TIMEOUT_MS * 2 + 5_000) / 1000} s`,
          ],
          ['deliveries by status at the end', JSON.stringify(statuses), ''],
        ],
      );
      expect(lost).toEqual([]);
      expect(statuses).toEqual({ succeeded: committed.length });
    });
  },
);
