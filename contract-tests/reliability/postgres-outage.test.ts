// PostgreSQL stopped for ten seconds and started again: on a cluster of the test's own
// (never the shared server), an instance keeps answering while the database is gone: /readyz says
// 503 with Retry-After, every request fails fast with 503 and Retry-After (never hangs, never a
// 500 or a stack), and once PostgreSQL is back the same process serves again by itself. A prober
// sends one request per surface every 100 ms throughout; figures go to contract-tests/reports/RESULTS.md.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { authorizeInBrowser, discover, exchangeCode } from '../support/oauth-flow.ts';
import { newKeyEncryptionKey, startInstance, type Instance } from './instance.ts';
import { writeResults } from './results.ts';
import { createThrowawayCluster, skipWithoutThrowawayPostgres, type Cluster } from './throwaway-postgres.ts';

const OUTAGE_MS = 10_000;
/** A request that takes longer than this while the database is down counts as hanging. */
const FAST_MS = 3_000;
const RECOVERY_BOUND_MS = 15_000;
/**
 * The sign-in page without a session needs the database only to find its school, which an
 * instance may still hold in memory: 200 then, else 503 like the rest.
 */
const MAY_SERVE_FROM_MEMORY = new Set(['signInPage']);

type Probe = { surface: string; at: number; ms: number; status: number; retryAfter: string | null; body: string };

const skipReason = skipWithoutThrowawayPostgres('postgres-outage.test.ts');

describe.skipIf(skipReason)(
  'PostgreSQL stopped for ten seconds and started again (503, never a hang, recovers by itself)',
  () => {
    let cluster: Cluster | undefined;
    let instance: Instance | undefined;
    const probes: Probe[] = [];
    let downAt = 0;
    let upAt = 0;
    let recoveredAt = 0;
    let tokenAfter = 0;
    let restarted = false;

    beforeAll(async () => {
      cluster = await createThrowawayCluster();
      instance = await startInstance(
        { DATABASE_URL: cluster.url, KEY_ENCRYPTION_KEY: newKeyEncryptionKey() },
        { readyMs: 120_000 },
      );
      void instance.exited.then(() => (restarted = true));
      const origin = instance.origin;
      const as = await discover(origin);
      const client: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };
      const redirectUri = 'http://127.0.0.1:43194/callback';
      const outcome = await authorizeInBrowser(as, {
        clientId: client.client_id,
        redirectUri,
        scope: 'openid account:read',
        resource: origin,
        email: ACCOUNTS.student,
      });
      const tokens = await exchangeCode(as, client, oauth.None(), outcome, redirectUri, origin);
      const bearer = { authorization: `Bearer ${tokens.access_token}` };

      // One request per surface: probe, OAuth (bearer and token endpoint), GraphQL, catalog, pages.
      const surfaces: Record<string, () => Promise<Response>> = {
        readyz: () => fetch(`${origin}/readyz`),
        userinfo: () => fetch(`${origin}/api/oauth/userinfo`, { headers: bearer }),
        token: () =>
          fetch(`${origin}/api/oauth/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: `grant_type=refresh_token&refresh_token=scr_unknown&client_id=${client.client_id}`,
          }),
        graphql: () =>
          fetch(`${origin}/account/graphql`, {
            method: 'POST',
            headers: { ...bearer, 'content-type': 'application/json' },
            body: '{"query":"{ viewer { id } }"}',
          }),
        catalog: () => fetch(`${origin}/api/v1/catalog/courses`),
        signInPage: () => fetch(`${origin}/oauth/sign-in`),
      };
      const healthy: Record<string, number> = {
        readyz: 200,
        userinfo: 200,
        token: 400,
        graphql: 200,
        catalog: 200,
        signInPage: 200,
      };
      const probeAll = () =>
        Promise.all(
          Object.entries(surfaces).map(async ([surface, send]) => {
            const at = Date.now();
            try {
              const response = await send().then(async (r) => ({
                status: r.status,
                retryAfter: r.headers.get('retry-after'),
                body: await r.text(),
              }));
              const probe = { surface, at, ms: Date.now() - at, ...response };
              probes.push(probe);
              return probe;
            } catch (error) {
              const probe = { surface, at, ms: Date.now() - at, status: 0, retryAfter: null, body: String(error) };
              probes.push(probe);
              return probe;
            }
          }),
        );
      const allHealthy = (round: Probe[]) => round.every((p) => p.status === healthy[p.surface]);

      expect(allHealthy(await probeAll()), 'every surface answers before the outage').toBe(true);
      let probing = true;
      const prober = (async () => {
        while (probing) {
          const started = Date.now();
          const round = await probeAll();
          // Recovered: the first round sent after PostgreSQL is back in which every surface answers as before.
          if (upAt && started >= upAt && !recoveredAt && allHealthy(round))
            recoveredAt = Math.max(...round.map((p) => p.at + p.ms));
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      await new Promise((r) => setTimeout(r, 1_000));
      cluster.stop(); // returns once the server is down
      downAt = Date.now();
      await new Promise((r) => setTimeout(r, OUTAGE_MS));
      cluster.start(); // returns once the server accepts connections
      upAt = Date.now();
      while (!recoveredAt && Date.now() - upAt < RECOVERY_BOUND_MS) await new Promise((r) => setTimeout(r, 100));
      probing = false;
      await prober;
      // The token issued before the outage works after it, at the same process.
      tokenAfter = (await fetch(`${origin}/api/oauth/userinfo`, { headers: bearer })).status;

      const during = probes.filter((p) => p.at > downAt && p.at + p.ms < upAt);
      const worst = Math.max(...during.map((p) => p.ms));
      await writeResults('postgres-outage', 'PostgreSQL stopped for ten seconds and started again (own cluster)', [
        ['requests sent (6 surfaces every 100 ms)', probes.length],
        ['sent while PostgreSQL was down', during.length],
        ['of those answered 503 with Retry-After', during.filter((p) => p.status === 503 && p.retryAfter).length],
        ['of those answered 200 from memory (sign-in page)', during.filter((p) => p.status === 200).length],
        [
          'answered 500, another 5xx, or not at all',
          probes.filter((p) => p.status === 0 || (p.status >= 500 && p.status !== 503)).length,
          'must be 0',
        ],
        ['slowest answer while down, ms', worst, `must stay under ${FAST_MS}`],
        ['outage', `${Math.round((upAt - downAt) / 1000)} s`, 'pg_ctl stop -m fast, then start'],
        [
          'first /readyz 503 after the stop, ms',
          Math.min(
            ...probes
              .filter((p) => p.surface === 'readyz' && p.at > downAt && p.status === 503)
              .map((p) => p.at + p.ms),
          ) - downAt,
        ],
        [
          'time to recover after PostgreSQL accepted connections, ms',
          recoveredAt ? recoveredAt - upAt : 'not recovered',
          'every surface answers as before; no restart',
        ],
        ['instance restarted', restarted ? 'yes' : 'no', 'must be no'],
      ]);
    }, 180_000);

    afterAll(async () => {
      await instance?.stop();
      cluster?.destroy();
    });

    const duringOutage = () => probes.filter((p) => p.at > downAt && p.at + p.ms < upAt);

    it('/readyz answers 503 with Retry-After while PostgreSQL is down (docs/operations.md "Behind a load balancer")', () => {
      const readyz = duringOutage().filter((p) => p.surface === 'readyz');
      expect(readyz.length).toBeGreaterThan(20);
      expect(
        readyz.filter((p) => p.status !== 503 || !(Number(p.retryAfter) > 0)).map((p) => `${p.status} ${p.retryAfter}`),
      ).toEqual([]);
    });

    it('every request that needs the database fails fast with 503 and Retry-After while PostgreSQL is down: no hang, no 500, no stack', () => {
      const during = duringOutage();
      expect(new Set(during.map((p) => p.surface)).size).toBe(6);
      const servedFromMemory = (p: Probe) => MAY_SERVE_FROM_MEMORY.has(p.surface) && p.status === 200;
      expect(
        during
          .filter((p) => !servedFromMemory(p) && (p.status !== 503 || !(Number(p.retryAfter) > 0)))
          .map((p) => `${p.surface} ${p.status} ${p.retryAfter} ${p.body.slice(0, 80)}`),
      ).toEqual([]);
      expect(during.filter((p) => p.ms >= FAST_MS).map((p) => `${p.surface} ${p.ms} ms`)).toEqual([]);
      expect(
        probes.filter((p) => /\bat .+\.(ts|js):\d+|ECONNREFUSED|DatabaseError/.test(p.body)).map((p) => p.surface),
      ).toEqual([]);
    });

    it('no request ever answers 500, another 5xx than 503, or not at all, before, during or after the outage', () => {
      expect(
        probes
          .filter((p) => p.status === 0 || (p.status >= 500 && p.status !== 503))
          .map((p) => `${p.surface} ${p.status} ${p.body.slice(0, 80)}`),
      ).toEqual([]);
    });

    it(`recovers by itself within ${RECOVERY_BOUND_MS / 1000} s of PostgreSQL's return, without a restart; a token issued before works after`, () => {
      expect(restarted).toBe(false);
      expect(recoveredAt, 'every surface answered as before the outage').toBeGreaterThan(0);
      expect(recoveredAt - upAt).toBeLessThan(RECOVERY_BOUND_MS);
      expect(tokenAfter).toBe(200);
    });
  },
);
