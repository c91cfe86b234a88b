// Keep-alive connections as a load balancer holds them (docs/operations.md "Behind a load balancer"): an idle
// connection outlives Node's old 5 s (KEEP_ALIVE_TIMEOUT_MS, 65 s by default), and SIGTERM drains
// without resetting anything sent before it: from the signal on every answer carries
// `Connection: close` (RFC 9112 9.6), idle connections close at once, busy ones after their answer,
// new connections are refused. On the embedded database, on PostgreSQL, and with WEB_CONCURRENCY=2
// on PostgreSQL; figures go to contract-tests/reports/RESULTS.md.
import http from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { DATABASE_URL, startInstance, type Instance } from './instance.ts';
import type { RequestOutcome } from './outcome.ts';
import { databaseLabel, writeResults } from './results.ts';

const GRACE_MS = 8_000;
/** Longer than Node's default keep-alive timeout (5 s), which this setting replaces. */
const IDLE_MS = 6_000;
const BUSY_CLIENTS = 8;
const IDLE_CLIENTS = 4;
/** Idle connections close "at once" after the signal, measured loosely. */
const AT_ONCE_MS = 1_000;

/** `sentAt`: when the request was written in full, which is what "sent before the signal" means. */
type Outcome = RequestOutcome & { connection?: string; reused: boolean };

/** One request on `agent`; `complete` only when the whole declared body arrived. */
function send(
  origin: string,
  agent: http.Agent,
  request: { path: string; method?: string; headers?: Record<string, string>; body?: string },
  id: string,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { id, sentAt: 0, doneAt: 0, reused: false };
    const settle = (fields: Partial<Outcome>) => resolve(Object.assign(outcome, fields, { doneAt: Date.now() }));
    const req = http.request(
      `${origin}${request.path}`,
      { method: request.method ?? 'GET', agent, headers: { 'x-request-id': id, ...request.headers } },
      (res) => {
        let length = 0;
        res.on('data', (c: Buffer) => (length += c.length));
        res.on('end', () => {
          const declared = res.headers['content-length'];
          settle({
            status: res.statusCode,
            connection: res.headers.connection,
            complete: declared === undefined || Number(declared) === length,
          });
        });
        res.on('error', (error: NodeJS.ErrnoException) =>
          settle({ complete: false, error: error.code ?? error.message }),
        );
      },
    );
    req.on('socket', (socket: Socket) => (outcome.reused = socket.bytesWritten > 0));
    req.on('finish', () => (outcome.sentAt = Date.now()));
    req.setTimeout(GRACE_MS + 5_000, () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
    req.end(request.body);
  });
}

const keepAliveAgent = () => new http.Agent({ keepAlive: true, maxSockets: 1 });

/** A failed sign-in (scrypt: the slowest request there is), so that some are surely in flight at the signal. */
async function signInAttempt(
  origin: string,
): Promise<{ path: string; method: string; headers: Record<string, string>; body: string }> {
  const page = await new Promise<{ cookie: string; body: string }>((resolve, reject) =>
    http
      .get(`${origin}/oauth/sign-in`, { agent: false }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () =>
          resolve({ cookie: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; '), body }),
        );
      })
      .on('error', reject),
  );
  const csrf = /name="csrf_token" value="([^"]+)"/.exec(page.body)![1]!;
  return {
    path: '/oauth/sign-in',
    method: 'POST',
    headers: { cookie: page.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf_token: csrf, email: ACCOUNTS.student2, password: 'not-the-password' }).toString(),
  };
}

type LogLine = { msg?: string; time?: string; req?: { id?: string } };
const logLines = (instance: Instance): LogLine[] =>
  instance
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

type Drained = {
  outcomes: Outcome[];
  idleClosedAfterDrainMs: number[];
  sigtermAt: number;
  /** When the (last) serving process began to drain, by its own log line. */
  drainAt: number;
  exit: { code: number | null; signal: NodeJS.Signals | null };
  exitMs: number;
  served: Set<string>;
  /** When the server finished each answer, by its log, per request id. */
  answeredAt: Map<string, number>;
  graceOver: boolean;
};

/** Keep-alive clients, busy and idle, while the instance is sent SIGTERM. */
async function drainUnderKeepAlive(instance: Instance): Promise<Drained> {
  const { origin } = instance;
  const signIn = await signInAttempt(origin);
  const requests = [
    { path: '/readyz' },
    { path: '/api/v1/catalog/courses' },
    signIn,
    { path: '/api/v1/catalog/courses' },
  ];
  let exitAt = 0;
  const exited = instance.exited.then((exit) => ((exitAt = Date.now()), exit));
  const outcomes: Outcome[] = [];
  let n = 0;

  // Idle: one answered request each, then the connection waits in its agent's pool.
  const idleClosedAt: number[] = [];
  await Promise.all(
    Array.from({ length: IDLE_CLIENTS }, async () => {
      const agent = keepAliveAgent();
      const answer = await send(origin, agent, { path: '/readyz' }, `idle-${++n}`);
      expect(answer.status).toBe(200);
      const [socket] = Object.values(agent.freeSockets).flat();
      socket!.once('close', () => idleClosedAt.push(Date.now()));
    }),
  );
  // Busy: back-to-back requests on one keep-alive connection each (a new one once the server closes it),
  // until well after the exit, so that requests keep arriving at a stopped listener.
  const busy = Array.from({ length: BUSY_CLIENTS }, async (_, w) => {
    const agent = keepAliveAgent();
    for (let i = w; exitAt === 0 || Date.now() - exitAt < 300; i++) {
      const outcome = await send(origin, agent, requests[i % requests.length]!, `drain-${w}-${++n}`);
      outcomes.push(outcome);
      await new Promise((r) => setTimeout(r, outcome.error ? 25 : 2));
    }
    agent.destroy();
  });
  await new Promise((r) => setTimeout(r, 1_500));
  const sigtermAt = Date.now();
  instance.kill('SIGTERM');
  const exit = await exited;
  await Promise.all(busy);
  const lines = logLines(instance);
  const drainAt = Math.max(
    ...lines.filter((l) => l.msg === 'shutting down: finishing in-flight requests').map((l) => Date.parse(l.time!)),
  );
  // The server's own time of each answer (its "request completed" line), on this machine's clock.
  const answeredAt = new Map(
    lines.filter((l) => l.req?.id && l.msg === 'request completed').map((l) => [l.req!.id!, Date.parse(l.time!)]),
  );
  return {
    outcomes,
    idleClosedAfterDrainMs: idleClosedAt.map((at) => at - drainAt),
    sigtermAt,
    drainAt,
    exit,
    exitMs: exitAt - sigtermAt,
    served: new Set(lines.map((l) => l.req?.id).filter((id): id is string => Boolean(id))),
    answeredAt,
    graceOver: lines.some((l) => l.msg?.startsWith('grace time over')),
  };
}

const ALLOWED_FAILURES = ['ECONNREFUSED', 'ECONNRESET', 'socket hang up'];
/**
 * An answer the server finished this long after its drain began was begun after it too: a small
 * answer is written at once, and its log line follows its last byte within milliseconds.
 */
const BEGUN_AFTER_MS = 100;

/** Answers that must carry Connection: close: sent after the drain began, or finished well after it. */
const answersAfterDrain = (d: Drained) =>
  d.outcomes.filter(
    (o) =>
      o.status !== undefined && (o.sentAt > d.drainAt || (d.answeredAt.get(o.id) ?? 0) > d.drainAt + BEGUN_AFTER_MS),
  );

async function recordDrain(label: string, drained: Drained): Promise<void> {
  const { outcomes, sigtermAt } = drained;
  const before = outcomes.filter((o) => o.sentAt && o.sentAt < sigtermAt);
  const after = answersAfterDrain(drained);
  const failed = outcomes.filter((o) => o.error);
  await writeResults(
    `sigterm-keep-alive-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    `SIGTERM with keep-alive clients (${label})`,
    [
      ['requests sent', outcomes.length, `${BUSY_CLIENTS} busy keep-alive clients, ${IDLE_CLIENTS} idle connections`],
      ['sent before the signal', before.length],
      [
        'of those not answered in full (reset, cut, timed out)',
        before.filter((o) => o.error || !o.complete).length,
        'must be 0',
      ],
      [
        'in flight at the signal, answered after it',
        before.filter((o) => o.doneAt > sigtermAt && o.status !== undefined).length,
      ],
      ['answers with Connection: close', outcomes.filter((o) => o.connection === 'close').length],
      [`answered after the drain began (sent after it, or finished ${BEGUN_AFTER_MS} ms after it)`, after.length],
      ['of those without Connection: close', after.filter((o) => o.connection !== 'close').length, 'must be 0'],
      [
        'failed at connect or before any answer byte',
        Object.entries(Object.groupBy(failed, (o) => o.error!))
          .map(([error, list]) => `${error}: ${list!.length}`)
          .join(', ') || 0,
        'all sent after the signal, none served',
      ],
      ['5xx answers', outcomes.filter((o) => (o.status ?? 0) >= 500).length, 'must be 0'],
      [
        'idle connections closed after the drain began, ms',
        drained.idleClosedAfterDrainMs.join(', '),
        `each within ${AT_ONCE_MS}`,
      ],
      [
        'SIGTERM to exit, ms',
        drained.exitMs,
        `SHUTDOWN_GRACE_MS = ${GRACE_MS}: busy connections closed after their answer`,
      ],
    ],
  );
}

function describeDrain(label: string, start: () => Promise<{ instance: Instance; cleanup: () => Promise<void> }>) {
  describe(`SIGTERM with keep-alive clients (${label})`, () => {
    let drained: Drained;
    let cleanup: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      const started = await start();
      cleanup = started.cleanup;
      drained = await drainUnderKeepAlive(started.instance);
      await recordDrain(label, drained);
    }, 180_000);
    afterAll(async () => cleanup?.());

    it('exits 0 before SHUTDOWN_GRACE_MS: busy keep-alive connections close after their current answer', () => {
      expect(drained.exit.code).toBe(0);
      expect(drained.graceOver).toBe(false);
      expect(drained.exitMs).toBeLessThan(GRACE_MS);
    });

    it('nothing sent before the signal is reset: each such request is answered in full, and none with a 5xx', () => {
      const before = drained.outcomes.filter((o) => o.sentAt && o.sentAt < drained.sigtermAt);
      expect(before.length).toBeGreaterThan(BUSY_CLIENTS);
      expect(before.filter((o) => o.error || !o.complete).map((o) => `${o.id} ${o.error}`)).toEqual([]);
      expect(before.filter((o) => o.doneAt > drained.sigtermAt).length, 'in flight at the signal').toBeGreaterThan(0);
      expect(drained.outcomes.filter((o) => (o.status ?? 0) >= 500).map((o) => `${o.id} ${o.status}`)).toEqual([]);
    });

    it('RFC 9112 9.6: every answer begun after the drain began carries Connection: close', () => {
      expect(drained.drainAt - drained.sigtermAt, 'the drain began on the signal').toBeGreaterThanOrEqual(-5);
      expect(drained.drainAt - drained.sigtermAt).toBeLessThan(GRACE_MS);
      const after = answersAfterDrain(drained);
      expect(after.filter((o) => o.connection !== 'close').map((o) => `${o.id} ${o.connection}`)).toEqual([]);
      expect(
        drained.outcomes.filter((o) => o.connection === 'close').length,
        'answers that closed their connection',
      ).toBeGreaterThan(0);
    });

    it('a request that fails was sent after the signal, failed at connect or before any answer byte, and was never served', () => {
      const failed = drained.outcomes.filter((o) => o.error);
      expect(failed.filter((o) => !ALLOWED_FAILURES.includes(o.error!)).map((o) => `${o.id} ${o.error}`)).toEqual([]);
      expect(failed.filter((o) => o.sentAt && o.sentAt < drained.sigtermAt).map((o) => o.id)).toEqual([]);
      expect(failed.filter((o) => drained.served.has(o.id)).map((o) => o.id)).toEqual([]);
      expect(failed.filter((o) => o.error === 'ECONNREFUSED').length, 'new connections refused').toBeGreaterThan(0);
    });

    it(`idle keep-alive connections close at once (measured loosely: within ${AT_ONCE_MS} ms of the drain)`, () => {
      expect(drained.idleClosedAfterDrainMs).toHaveLength(IDLE_CLIENTS);
      expect(drained.idleClosedAfterDrainMs.every(Number.isFinite)).toBe(true);
      expect(drained.idleClosedAfterDrainMs.filter((ms) => ms >= AT_ONCE_MS)).toEqual([]);
    });
  });
}

const env = {
  SHUTDOWN_GRACE_MS: String(GRACE_MS),
  RATE_LIMIT_OVERRIDES:
    'signInPerAddress=100000,signInPerAccount=100000,signInPerAccountAddress=100000,registrationPerAddress=100000',
};

/** The instance on this pass's database: a scratch PostgreSQL database when DATABASE_URL is set. */
async function startOnThisDatabase(extra: Record<string, string> = {}) {
  const scratch = DATABASE_URL ? await createScratchPostgresDatabase(DATABASE_URL) : undefined;
  const instance = await startInstance(
    { ...env, ...extra, ...(scratch ? { DATABASE_URL: scratch.url } : {}) },
    {
      readyMs: 120_000,
    },
  );
  return {
    instance,
    cleanup: async () => {
      await instance.stop();
      await scratch?.drop();
    },
  };
}

describe('docs/operations.md "Configuration" KEEP_ALIVE_TIMEOUT_MS: an idle keep-alive connection outlives a load balancer\'s 60 s idle', () => {
  let instance: Instance;
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => ({ instance, cleanup } = await startOnThisDatabase()), 120_000);
  afterAll(async () => cleanup?.());

  it(`a request sent on a connection idle for ${IDLE_MS / 1000} s (longer than Node's default 5 s) is answered on that connection`, async () => {
    const agent = keepAliveAgent();
    const first = await send(instance.origin, agent, { path: '/readyz' }, 'idle-first');
    expect(first.status).toBe(200);
    const [socket] = Object.values(agent.freeSockets).flat();
    let closedBy = '';
    socket!.once('close', () => (closedBy = 'server'));
    await new Promise((r) => setTimeout(r, IDLE_MS));
    expect(closedBy, 'the server kept the idle connection open').toBe('');
    const second = await send(instance.origin, agent, { path: '/readyz' }, 'idle-second');
    expect([second.status, second.error, second.reused]).toEqual([200, undefined, true]);
    agent.destroy();
  }, 30_000);

  it('docs/operations.md "Behind a load balancer": /healthz answers 200 for a pod address in Host, which names no school', async () => {
    const answer = await send(
      instance.origin,
      keepAliveAgent(),
      { path: '/healthz', headers: { host: '10.0.0.7:8080' } },
      'pod-probe',
    );
    expect(answer.status).toBe(200);
  });
});

describeDrain(`one process, ${databaseLabel()}`, () => startOnThisDatabase());

describe.skipIf(!DATABASE_URL)('with workers (docs/operations.md "Running on several cores")', () => {
  describeDrain('WEB_CONCURRENCY=2, PostgreSQL', () => startOnThisDatabase({ WEB_CONCURRENCY: '2' }));
});
