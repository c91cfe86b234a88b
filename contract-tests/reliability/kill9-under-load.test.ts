// kill -9 of one of two instances while a bounded load runs against both (docs/operations.md "Several instances"): two instances
// share a scratch PostgreSQL database; a second process (load.ts) sends a few hundred requests a
// second of code exchanges, refreshes and GraphQL reads to both; instance A is killed with SIGKILL
// a few seconds in. The load must go on at B, every token a client received must work afterwards,
// and no refresh family may be left half-rotated or forked (counted in SQL). PostgreSQL only: two
// processes cannot share PGlite. Figures go to contract-tests/reports/RESULTS.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import { DATABASE_URL, skipWithoutPostgres, startTwoInstances, type Instance } from './instance.ts';
import type { LoadReport } from './load.ts';
import { prepareLoadClient, refusedTokens, runLoad } from './load-client.ts';
import { countFamilies, type FamilyCount } from './refresh-families.ts';
import { writeResults } from './results.ts';

const DURATION_MS = 9_000;
const KILL_AFTER_MS = 3_000;
const RATE = 300;
/** After the kill, a client may see failures until it has left A out (2 s) and retried. */
const SETTLE_MS = 2_500;

describe.skipIf(skipWithoutPostgres('kill9-under-load.test.ts'))(
  'kill -9 of one of two instances under load (docs/operations.md "Several instances")',
  () => {
    let scratch: { url: string; drop: () => Promise<void> } | undefined;
    const instances: Instance[] = [];
    let a: Instance;
    let b: Instance;
    let report: LoadReport;
    let killAt = 0;
    let aExit: { code: number | null; signal: NodeJS.Signals | null };
    let families: FamilyCount;
    let lostAccess: string[] = [];
    let lostRefresh: string[] = [];

    beforeAll(async () => {
      scratch = await createScratchPostgresDatabase(DATABASE_URL!);
      let origin: string;
      let env: Record<string, string>;
      ({ a, b, origin, env } = await startTwoInstances(scratch.url, {
        // One client sends all the token requests of the run: lift its limit, and the address limits.
        RATE_LIMIT_OVERRIDES: 'tokenPerClient=1000000,signInPerAddress=100000,registrationPerAddress=100000',
        LOG_LEVEL: 'warn',
      }));
      instances.push(a, b);

      // The load's client (load-client.ts): a member application and a session whose consent is remembered.
      const client = await prepareLoadClient(env, origin);
      let killTimer: NodeJS.Timeout | undefined;
      report = await runLoad(
        { ...client, ports: [a.port, b.port], durationMs: DURATION_MS, rate: RATE, workers: 24, refreshesPerGrant: 4 },
        () => {
          killTimer = setTimeout(() => {
            killAt = Date.now();
            a.kill('SIGKILL');
          }, KILL_AFTER_MS);
        },
      );
      clearTimeout(killTimer);
      aExit = await a.exited;

      // The families as the crash left them, before anything else touches them.
      families = await countFamilies({ kind: 'postgres', url: scratch.url });

      // Every token a client received, at the surviving instance.
      let accessTokenCount: number;
      ({ accessTokens: accessTokenCount, lostAccess, lostRefresh } = await refusedTokens(report, b.port));

      const requests = report.requests;
      const seconds = (report.endedAt - report.startedAt) / 1000;
      const failed = requests.filter((r) => r.status === 0);
      const operationsAfter = report.operations.filter((o) => o.at >= killAt + SETTLE_MS);
      const failedOperations = report.operations.filter((o) => !o.answered);
      const perSecond = (from: number, to: number) =>
        Math.round(
          report.operations.filter((o) => o.answered && o.doneAt >= from && o.doneAt < to).length /
            ((to - from) / 1000),
        );
      const ops = (op: string) => requests.filter((r) => r.op === op).length;
      await writeResults(
        'kill9-under-load',
        'kill -9 of one of two instances under load (PostgreSQL)',
        [
          [
            'load',
            `${RATE} requests/s asked, ${report.config.workers} clients, ${seconds.toFixed(1)} s`,
            'a second process on loopback (load.ts)',
          ],
          ['requests sent', requests.length, `${Math.round(requests.length / seconds)} per second achieved`],
          [
            'of which authorize / code exchange / refresh / GraphQL read',
            `${ops('authorize')} / ${ops('exchange')} / ${ops('refresh')} / ${ops('graphql')}`,
          ],
          [
            'answers by status',
            Object.entries(Object.groupBy(requests, (r) => `${r.op} ${r.status || r.error}`))
              .map(([k, v]) => `${k}: ${v!.length}`)
              .sort()
              .join(', '),
          ],
          ['instance A killed (SIGKILL)', `${((killAt - report.startedAt) / 1000).toFixed(1)} s into the run`],
          [
            'failed requests (connection refused or reset at A)',
            failed.length,
            'each retried once at B, as a load balancer would',
          ],
          ['operations failed at both attempts', failedOperations.length, 'must be 0'],
          ['5xx answers', requests.filter((r) => r.status >= 500).length, 'must be 0'],
          ['in flight at A when it died (reset)', failed.filter((r) => r.error !== 'ECONNREFUSED').length],
          [
            'time to recover: from the kill to the last operation that needed a retry, ms',
            failed.length ? Math.max(...failed.map((r) => r.at + r.ms)) - killAt : 0,
            'includes the balancer trying A again after 2 s',
          ],
          [
            'answered operations per second, before the kill / after it',
            `${perSecond(report.startedAt, killAt)} / ${perSecond(killAt, report.endedAt)}`,
            'two instances, then one',
          ],
          [
            `operations from ${(SETTLE_MS / 1000).toFixed(1)} s after the kill answered`,
            `${operationsAfter.filter((o) => o.answered).length} of ${operationsAfter.length}`,
            'the load goes on at B',
          ],
          [
            'code exchanges lost to the crash',
            report.lostExchanges,
            'answered by A, which died; the retry finds the code used (RFC 6749 4.1.2)',
          ],
          ['grants (refresh families) the clients hold', report.families.length],
          ['access tokens received', accessTokenCount],
          ['lost tokens: access tokens refused afterwards', lostAccess.length, 'must be 0'],
          ['lost tokens: current refresh tokens refused afterwards', lostRefresh.length, 'must be 0'],
          ['families half-rotated / forked (SQL)', `${families.halfRotated} / ${families.forked}`, 'must be 0 / 0'],
        ],
        [
          'A refresh in flight at A when it died may have rotated the token without the client hearing of it: the client retries the same token at B, inside REFRESH_REUSE_GRACE_SECONDS (60 s), and gets a working successor.',
        ],
      );
    }, 240_000);

    afterAll(async () => {
      await Promise.allSettled(instances.map((instance) => instance.stop()));
      await scratch?.drop();
    });

    it('A was killed with SIGKILL mid-run, and the load went on at B: every operation answered', () => {
      expect(aExit.signal).toBe('SIGKILL');
      expect(killAt - report.startedAt).toBeGreaterThanOrEqual(KILL_AFTER_MS - 100);
      const before = report.requests.filter((r) => r.at < killAt);
      expect(new Set(before.map((r) => r.port)).size, 'both instances served before the kill').toBe(2);
      const after = report.operations.filter((o) => o.at >= killAt + SETTLE_MS);
      expect(after.length, 'operations after the kill').toBeGreaterThan(
        ((DURATION_MS - KILL_AFTER_MS - SETTLE_MS) / 1000) * RATE * 0.3,
      );
      expect(
        report.operations.filter((o) => !o.answered).map((o) => `${o.op} at +${o.at - killAt} ms`),
        'every operation answered, by A or (after a retry) by B',
      ).toEqual([]);
      const answeredByBAfter = report.requests.filter(
        (r) => r.at >= killAt + SETTLE_MS && r.port === b.port && r.status > 0 && r.status < 500,
      );
      for (const op of ['authorize', 'exchange', 'refresh', 'graphql'])
        expect(
          answeredByBAfter.filter((r) => r.op === op).length,
          `${op} answered by B after the kill`,
        ).toBeGreaterThan(0);
    });

    it('no 5xx, and every failed request is a connection failure at the killed instance after the kill', () => {
      expect(report.requests.filter((r) => r.status >= 500).map((r) => `${r.op} ${r.status}`)).toEqual([]);
      const failed = report.requests.filter((r) => r.status === 0);
      expect(
        failed.filter((r) => r.port !== a.port || r.at + r.ms < killAt).map((r) => `${r.op} ${r.port} ${r.error}`),
      ).toEqual([]);
    });

    it('every token a client received works afterwards: no lost access or refresh token', () => {
      expect(report.families.length).toBeGreaterThan(20);
      expect(lostAccess.length, `of ${report.families.flatMap((f) => f.accessTokens).length} access tokens`).toBe(0);
      expect(lostRefresh.length, `of ${report.families.length} refresh tokens`).toBe(0);
    });

    it('no refresh family is left half-rotated (live grant, no live refresh token) or forked (two live), counted in SQL (RFC 9700 4.14.2)', () => {
      expect(families.grants).toBeGreaterThanOrEqual(report.families.length);
      expect([families.halfRotated, families.forked]).toEqual([0, 0]);
    });
  },
);
