// A lost database connection is an error, never a crash (docs/operations.md "Behind a load balancer"). On a
// PostgreSQL cluster of the test's own (never the shared server), under a mixed load from a second
// process (load.ts: code exchanges, refreshes, GraphQL reads), the service's sessions are first
// ended with pg_terminate_backend while the server stays up, then the server itself is stopped as
// in a crash (`pg_ctl stop -m immediate`) for longer than the 5 s school cache and started again.
// Meanwhile a prober asks /healthz and /readyz with a pod address in Host, as an orchestrator does.
// The process must never exit, no request may hang, every failure must be a 503 with Retry-After,
// the first success must follow the database's return at once, and every token a client received
// must work afterwards. Run on one process and on WEB_CONCURRENCY=2; figures go to contract-tests/reports/RESULTS.md.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/http.ts';
import { newKeyEncryptionKey, startInstance, type Instance } from './instance.ts';
import type { LoadReport, RequestRecord } from './load.ts';
import { prepareLoadClient, refusedTokens, runLoad } from './load-client.ts';
import { countFamilies, type FamilyCount } from './refresh-families.ts';
import { writeResults } from './results.ts';
import { createThrowawayCluster, skipWithoutThrowawayPostgres, type Cluster } from './throwaway-postgres.ts';

const SESSIONS_KILLED_AT_MS = 2_000;
const CRASH_AT_MS = 5_000;
/** Longer than every cache on the probes' way: the 5 s school cache (docs/operations.md "Several instances"). */
const OUTAGE_MS = 6_500;
const DURATION_MS = 16_000;
/** No request may take longer than this (the bound: a request that hangs). */
const HANG_MS = 30_000;
/** The first success after PostgreSQL accepts connections again, measured loosely. */
const FIRST_SUCCESS_MS = 1_000;
/** An orchestrator's probe names the pod, not a school. */
const POD_HOST = '10.0.0.7:8080';

type Probe = { path: '/healthz' | '/readyz'; at: number; ms: number; status: number; retryAfter?: string };

/** One request per surface whose 503 has a shape of its own (docs/operations.md "Behind a load balancer"). */
type SurfaceAnswer = { surface: Surface; at: number; status: number; retryAfter?: string; body: string };
type Surface = keyof typeof SURFACES;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const SURFACES = {
  admin: { path: '/api/v1/catalog/courses', method: 'GET', headers: {}, body: undefined },
  oauth: {
    path: '/api/oauth/token',
    method: 'POST',
    headers: FORM,
    body: 'grant_type=refresh_token&refresh_token=scr_unknown&client_id=demo-study-buddy',
  },
  graphql: {
    path: '/account/graphql',
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sat_unknown' },
    body: '{"query":"{ viewer { id } }"}',
  },
  mcp: {
    path: '/mcp',
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_catalog","arguments":{}}}',
  },
} as const;

/** Whether a 503 (or, on MCP, a tool's own error result) has its surface's shape while the database is away. */
function unavailableInShape(answer: SurfaceAnswer): boolean {
  const body = JSON.parse(answer.body || 'null') as Record<string, unknown> | null;
  const retry = Number(answer.retryAfter) > 0;
  switch (answer.surface) {
    case 'admin': // RFC 9457
      return answer.status === 503 && retry && body?.status === 503;
    case 'oauth': // RFC 6749 5.2
      return answer.status === 503 && retry && body?.error === 'temporarily_unavailable';
    case 'graphql':
      return (
        answer.status === 503 &&
        retry &&
        (body?.errors as { extensions?: { code?: string } }[] | undefined)?.[0]?.extensions?.code ===
          'SERVICE_UNAVAILABLE'
      );
    case 'mcp': {
      // JSON-RPC 2.0 5.1 before the tool runs; MCP "Error Handling", a tool error result, once it runs.
      const result = body?.result as { isError?: boolean; content?: { text?: string }[] } | undefined;
      if (answer.status === 200)
        return result?.isError === true && /could not reach the database/.test(result.content?.[0]?.text ?? '');
      return answer.status === 503 && retry && (body?.error as { code?: number } | undefined)?.code === -32000;
    }
  }
}

type Drill = {
  report: LoadReport;
  probes: Probe[];
  answers: SurfaceAnswer[];
  sessionsKilledAt: number;
  sessionsKilled: number;
  downAt: number;
  upAt: number;
  exitedDuringRun: boolean;
  workerRestarts: number;
  tokens: Awaited<ReturnType<typeof refusedTokens>>;
  families: FamilyCount;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const succeeded = (r: RequestRecord) => r.status === 200 || r.status === 302;

async function sql<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** One request; what it answered, or status 0 when it got no answer. */
async function ask(
  port: number,
  request: { path: string; method?: string; headers: Record<string, string>; body?: string },
): Promise<{ at: number; ms: number; status: number; body: string; retryAfter?: string }> {
  const at = Date.now();
  const answer = await rawRequest(`http://127.0.0.1:${port}${request.path}`, request).catch(() => undefined);
  const retryAfter = answer?.headers['retry-after'];
  return {
    at,
    ms: Date.now() - at,
    status: answer?.status ?? 0,
    body: answer?.body ?? '',
    ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
  };
}

/** Asks both probes (a pod address in Host), and each surface at the school's origin, every 200 ms until `until`. */
async function probeUntil(instance: Instance, drill: Pick<Drill, 'probes' | 'answers'>, until: () => boolean) {
  const host = new URL(instance.origin).host;
  while (!until()) {
    await Promise.all([
      ...(['/healthz', '/readyz'] as const).map(async (path) => {
        const { body: _body, ...probe } = await ask(instance.port, { path, headers: { host: POD_HOST } });
        drill.probes.push({ path, ...probe });
      }),
      ...Object.entries(SURFACES).map(async ([surface, request]) => {
        const answer = await ask(instance.port, { ...request, headers: { host, ...request.headers } });
        drill.answers.push({ surface: surface as Surface, ...answer });
      }),
    ]);
    await sleep(200);
  }
}

async function runDrill(cluster: Cluster, database: string, env: Record<string, string>): Promise<Drill> {
  await sql(cluster.url, `create database ${database}`);
  const url = cluster.url.replace(/\/postgres$/, `/${database}`);
  const deployment = { DATABASE_URL: url, KEY_ENCRYPTION_KEY: newKeyEncryptionKey(), ...env };
  const instance: Instance = await startInstance(
    {
      ...deployment,
      // One client sends all the token requests of the run: lift its limit, and the address limits.
      RATE_LIMIT_OVERRIDES: 'tokenPerClient=1000000,signInPerAddress=100000,registrationPerAddress=100000',
      LOG_LEVEL: 'warn',
    },
    { readyMs: 120_000 },
  );
  let running = true;
  let exitedDuringRun = false;
  void instance.exited.then(() => (exitedDuringRun ||= running));
  try {
    const client = await prepareLoadClient(deployment, instance.origin);
    const seen = { probes: [] as Probe[], answers: [] as SurfaceAnswer[] };
    const times = { sessionsKilledAt: 0, sessionsKilled: 0, downAt: 0, upAt: 0 };
    let faults: Promise<void> = Promise.resolve();
    let loadDone = false;
    const prober = probeUntil(instance, seen, () => loadDone);
    const report = await runLoad(
      {
        ...client,
        ports: [instance.port],
        durationMs: DURATION_MS,
        rate: 150,
        workers: 12,
        refreshesPerGrant: 4,
        requestTimeoutMs: HANG_MS,
      },
      () => {
        faults = (async () => {
          await sleep(SESSIONS_KILLED_AT_MS);
          times.sessionsKilledAt = Date.now();
          // The service's own sessions, on its own database of the test's own cluster.
          const [ended] = await sql<{ n: number }>(
            cluster.url,
            'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [database],
          );
          times.sessionsKilled = ended!.n;
          await sleep(CRASH_AT_MS - SESSIONS_KILLED_AT_MS);
          cluster.crash(); // returns once the server's processes are gone
          times.downAt = Date.now();
          await sleep(OUTAGE_MS);
          cluster.start(); // returns once the server accepts connections
          times.upAt = Date.now();
        })();
      },
    );
    await faults;
    loadDone = true;
    await prober;
    if (exitedDuringRun)
      throw new Error(
        `the process exited during the run: ${JSON.stringify(await instance.exited)}\n${instance.stderr()}`,
      );
    const families = await countFamilies({ kind: 'postgres', url });
    const tokens = await refusedTokens(report, instance.port);
    running = false;
    const workerRestarts = instance
      .stdout()
      .split('\n')
      .filter((line) => line.includes('worker stopped')).length;
    return { report, ...seen, ...times, exitedDuringRun, workerRestarts, tokens, families };
  } finally {
    running = false;
    await instance.stop();
  }
}

function firstSuccessAfter(report: LoadReport, from: number): number | undefined {
  const done = report.requests.filter((r) => r.at >= from && succeeded(r)).map((r) => r.at + r.ms);
  return done.length ? Math.min(...done) - from : undefined;
}

/** Answers sent while the database was away (a little inside the outage, so none straddles an edge). */
const outageAnswers = (drill: Drill) =>
  drill.answers.filter((a) => a.at > drill.downAt + 200 && a.at < drill.upAt - 200);
const outageProbes = (drill: Drill, path: Probe['path']) =>
  drill.probes.filter((p) => p.path === path && p.at > drill.downAt && p.at + p.ms < drill.upAt);

async function recordFigures(key: string, label: string, drill: Drill): Promise<void> {
  const { report } = drill;
  const requests = report.requests;
  const byStatus = Object.entries(Object.groupBy(requests, (r) => String(r.status || r.error)))
    .map(([status, list]) => `${status}: ${list!.length}`)
    .join(', ');
  await writeResults(key, `A lost database connection under load, ${label} (PostgreSQL, own cluster)`, [
    ['requests sent', requests.length, `${report.config.rate} requests/s asked, ${report.config.workers} clients`],
    ['answers by status', byStatus],
    ['sessions ended by pg_terminate_backend', drill.sessionsKilled, `${SESSIONS_KILLED_AT_MS / 1000} s into the run`],
    ['outage (pg_ctl stop -m immediate, then start)', `${((drill.upAt - drill.downAt) / 1000).toFixed(1)} s`],
    [
      'process exits and worker restarts',
      `${drill.exitedDuringRun ? 1 : 0} / ${drill.workerRestarts}`,
      'must be 0 / 0',
    ],
    [
      'requests without an answer (refused, reset, timed out)',
      requests.filter((r) => r.status === 0).length,
      'must be 0',
    ],
    [
      '5xx other than 503, 503 without Retry-After, or GraphQL 200 with errors',
      requests.filter(badFailure).length,
      'must be 0',
    ],
    ['slowest answer, ms', Math.max(...requests.map((r) => r.ms)), `must stay under ${HANG_MS}`],
    ['first success after the sessions were ended, ms', firstSuccessAfter(report, drill.sessionsKilledAt) ?? 'none'],
    [
      'first success after PostgreSQL accepted connections again, ms',
      firstSuccessAfter(report, drill.upAt) ?? 'none',
      `within ${FIRST_SUCCESS_MS}`,
    ],
    [
      '/healthz during the outage (pod address in Host): 200 of asked',
      `${outageProbes(drill, '/healthz').filter((p) => p.status === 200).length} of ${outageProbes(drill, '/healthz').length}`,
    ],
    [
      '/readyz during the outage: 503 with Retry-After of asked',
      `${outageProbes(drill, '/readyz').filter((p) => p.status === 503 && p.retryAfter).length} of ${outageProbes(drill, '/readyz').length}`,
    ],
    [
      'each surface during the outage: answered in its own 503 shape, of asked',
      Object.keys(SURFACES)
        .map((surface) => {
          const asked = outageAnswers(drill).filter((a) => a.surface === surface);
          return `${surface} ${asked.filter(unavailableInShape).length} of ${asked.length}`;
        })
        .join(', '),
      'problem, temporarily_unavailable, SERVICE_UNAVAILABLE, JSON-RPC or tool error',
    ],
    [
      'lost tokens afterwards: access / current refresh',
      `${drill.tokens.lostAccess.length} of ${drill.tokens.accessTokens} / ${drill.tokens.lostRefresh.length} of ${report.families.length}`,
      'must be 0 / 0',
    ],
    [
      'families half-rotated / forked (SQL)',
      `${drill.families.halfRotated} / ${drill.families.forked}`,
      'must be 0 / 0',
    ],
  ]);
}

/**
 * An answer that is not what a lost database may cause: a 5xx other than 503, a 503 without
 * Retry-After, or a GraphQL 200 carrying an error (a resolver's lost connection must be the 503).
 */
function badFailure(r: RequestRecord): boolean {
  return (
    (r.status >= 500 && r.status !== 503) ||
    (r.status === 503 && !(Number(r.retryAfter) > 0)) ||
    Boolean(r.graphqlError)
  );
}

const skipReason = skipWithoutThrowawayPostgres('lost-connections.test.ts');

describe.skipIf(skipReason)(
  'A lost database connection is an error, never a crash (docs/operations.md "Behind a load balancer")',
  () => {
    let cluster: Cluster | undefined;
    beforeAll(async () => {
      cluster = await createThrowawayCluster();
    }, 120_000);
    afterAll(() => cluster?.destroy());

    describe.each([
      { label: 'one process', database: 'drill_single', env: { WEB_CONCURRENCY: '1' } },
      { label: 'WEB_CONCURRENCY=2', database: 'drill_workers', env: { WEB_CONCURRENCY: '2' } },
    ])('$label', ({ label, database, env }) => {
      let drill: Drill;
      beforeAll(async () => {
        drill = await runDrill(cluster!, database, env);
        await recordFigures(`lost-connections-${database.replace('drill_', '')}`, label, drill);
      }, 240_000);

      it('the process serves on through killed sessions and a crash-style stop: never exits, no worker restarts', () => {
        expect(drill.sessionsKilled, 'the service had sessions to end').toBeGreaterThan(0);
        expect(drill.exitedDuringRun).toBe(false);
        expect(drill.workerRestarts).toBe(0);
        expect(drill.report.requests.filter((r) => r.status === 0).map((r) => `${r.op} ${r.error}`)).toEqual([]);
      });

      it(`RFC 9110 15.6.4: a request whose connection fails answers 503 with Retry-After, none hangs past ${HANG_MS / 1000} s`, () => {
        const { requests } = drill.report;
        expect(requests.filter(badFailure).map((r) => `${r.op} ${r.status} ${r.retryAfter} ${r.graphqlError}`)).toEqual(
          [],
        );
        expect(requests.filter((r) => r.status === 503).length, 'the faults were felt').toBeGreaterThan(0);
        expect(Math.max(...requests.map((r) => r.ms))).toBeLessThan(HANG_MS);
      });

      it('docs/operations.md "Behind a load balancer": while the database is away each surface answers in its own shape (RFC 9457 problem, RFC 6749 temporarily_unavailable, GraphQL SERVICE_UNAVAILABLE, MCP JSON-RPC or tool error)', () => {
        const during = outageAnswers(drill);
        for (const surface of Object.keys(SURFACES))
          expect(during.filter((a) => a.surface === surface).length, surface).toBeGreaterThan(5);
        expect(
          during.filter((a) => !unavailableInShape(a)).map((a) => `${a.surface} ${a.status} ${a.body.slice(0, 100)}`),
        ).toEqual([]);
      });

      it(`the first success follows the database's return within a second (measured loosely: ${FIRST_SUCCESS_MS} ms)`, () => {
        expect(firstSuccessAfter(drill.report, drill.sessionsKilledAt)).toBeLessThan(FIRST_SUCCESS_MS);
        expect(firstSuccessAfter(drill.report, drill.upAt)).toBeLessThan(FIRST_SUCCESS_MS);
      });

      it('docs/operations.md "Behind a load balancer": during an outage longer than the school cache, /healthz answers 200 for a pod address and /readyz 503 with Retry-After', () => {
        const healthz = outageProbes(drill, '/healthz');
        const readyz = outageProbes(drill, '/readyz');
        expect(
          healthz.filter((p) => p.at > drill.downAt + 5_000).length,
          'asked after the school cache expired',
        ).toBeGreaterThan(0);
        expect(healthz.filter((p) => p.status !== 200).map((p) => p.status)).toEqual([]);
        expect(readyz.length).toBeGreaterThan(5);
        expect(readyz.filter((p) => p.status !== 503 || !(Number(p.retryAfter) > 0)).map((p) => p.status)).toEqual([]);
      });

      it('nothing acknowledged is lost: every token a client received works afterwards, no family half-rotated or forked (RFC 9700 4.14.2)', () => {
        expect(drill.report.families.length).toBeGreaterThan(10);
        expect(drill.tokens.lostAccess.length, `of ${drill.tokens.accessTokens} access tokens`).toBe(0);
        expect(drill.tokens.lostRefresh.length, `of ${drill.report.families.length} refresh tokens`).toBe(0);
        expect([drill.families.halfRotated, drill.families.forked]).toEqual([0, 0]);
      });
    });
  },
);
