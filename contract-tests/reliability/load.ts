// A small, bounded load generator for the crash test (a few hundred requests a second of
// code exchanges, refreshes and GraphQL reads, from a second process on loopback). Run by
// kill9-under-load.test.ts as `node contract-tests/reliability/load.ts <config.json>`.
//
// Each worker is a client that behaves well: it gets a code (authorize with a signed-in session
// whose consent is remembered), exchanges it, then alternates GraphQL reads and refreshes, and
// starts a new grant after a few refreshes. Requests go round-robin to the instances, as a load
// balancer would send them; an instance that fails at the connection is left out for a moment and
// the request is retried once at another (a refresh retried with the same token relies on the
// documented reuse grace window). Every token received is written to the output file, so that the
// test can check afterwards that each one works. Only node: modules, so it starts in milliseconds.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';

export type LoadConfig = {
  ports: number[];
  /** The school's origin: Host header, resource indicator. */
  origin: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  /** Cookie header of a signed-in session whose consent to the client is remembered. */
  cookie: string;
  durationMs: number;
  /** Requests per second, all workers together. */
  rate: number;
  workers: number;
  refreshesPerGrant: number;
  out: string;
  /** A request not answered within this long counts as failed ('timeout'); 5 s unless given. */
  requestTimeoutMs?: number;
};

type Op = 'authorize' | 'exchange' | 'refresh' | 'graphql';
export type RequestRecord = {
  op: Op;
  port: number;
  at: number;
  ms: number;
  status: number;
  /** Retry-After of a 503 (RFC 9110 10.2.3). */
  retryAfter?: string;
  /** A GraphQL answer with status 200 that carries errors: the first one's `extensions.code`. */
  graphqlError?: string;
  error?: string;
  retry: boolean;
};
/** What the client saw of one operation: answered (by either attempt) or failed at both. */
export type OperationRecord = { op: Op; at: number; doneAt: number; answered: boolean; attempts: number };
/** A client's grant as the client knows it: every access token it got, and its current refresh token. */
export type Family = { worker: number; accessTokens: string[]; refreshToken: string; refreshes: number };
export type LoadReport = {
  config: Omit<LoadConfig, 'cookie'>;
  startedAt: number;
  endedAt: number;
  requests: RequestRecord[];
  operations: OperationRecord[];
  families: Family[];
  lostExchanges: number;
};

const config = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadConfig;
const host = new URL(config.origin).host;
const agents = new Map(
  config.ports.map((port) => [port, new http.Agent({ keepAlive: true, maxSockets: config.workers })]),
);
const downUntil = new Map<number, number>();
const requests: RequestRecord[] = [];
const operations: OperationRecord[] = [];
const families: Family[] = [];
let lostExchanges = 0;

// Pacing: one slot every 1000/rate ms, shared by all workers.
let nextSlot = Date.now();
async function slot(): Promise<void> {
  const at = Math.max(Date.now(), nextSlot);
  nextSlot = at + 1000 / config.rate;
  const wait = at - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

let turn = 0;
function pickPort(except?: number): number {
  const now = Date.now();
  const up = config.ports.filter((p) => p !== except && (downUntil.get(p) ?? 0) <= now);
  const pool = up.length ? up : config.ports.filter((p) => p !== except);
  return pool[turn++ % pool.length] ?? config.ports[0]!;
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: agents.get(port),
        headers: { host, ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(config.requestTimeoutMs ?? 5_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

/** The code of the first error of a GraphQL answer, if it has errors. */
function graphqlErrorOf(body: string): string | undefined {
  const errors = (JSON.parse(body) as { errors?: { extensions?: { code?: string } }[] }).errors;
  return errors?.length ? (errors[0]!.extensions?.code ?? 'no code') : undefined;
}

/** One request, paced; on a connection failure, the instance is left out for 2 s and the request retried once elsewhere. */
async function call(
  op: Op,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer | undefined> {
  let except: number | undefined;
  const operation: OperationRecord = { op, at: 0, doneAt: 0, answered: false, attempts: 0 };
  operations.push(operation);
  for (const retry of [false, true]) {
    await slot();
    const port = pickPort(except);
    const at = Date.now();
    operation.at ||= at;
    operation.attempts += 1;
    try {
      const answer = await send(port, method, path, headers, body);
      const retryAfter = answer.status === 503 ? String(answer.headers['retry-after'] ?? '') : undefined;
      const graphqlError = op === 'graphql' && answer.status === 200 ? graphqlErrorOf(answer.body) : undefined;
      requests.push({
        op,
        port,
        at,
        ms: Date.now() - at,
        status: answer.status,
        retry,
        ...(retryAfter ? { retryAfter } : {}),
        ...(graphqlError ? { graphqlError } : {}),
      });
      Object.assign(operation, { answered: true, doneAt: Date.now() });
      return answer;
    } catch (error) {
      requests.push({
        op,
        port,
        at,
        ms: Date.now() - at,
        status: 0,
        error: (error as NodeJS.ErrnoException).code ?? (error as Error).message,
        retry,
      });
      downUntil.set(port, Date.now() + 2_000);
      except = port;
    }
  }
  operation.doneAt = Date.now();
  return undefined;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function newGrant(worker: number): Promise<Family | undefined> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = form({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    scope: config.scope,
    resource: config.origin,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
  });
  const authorized = await call('authorize', 'GET', `/oauth/authorize?${query}`, { cookie: config.cookie });
  const code =
    authorized?.status === 302 ? new URL(String(authorized.headers.location)).searchParams.get('code') : null;
  if (!code) return undefined;
  const exchanged = await call(
    'exchange',
    'POST',
    '/api/oauth/token',
    FORM,
    form({
      grant_type: 'authorization_code',
      code,
      redirect_uri: config.redirectUri,
      code_verifier: verifier,
      client_id: config.clientId,
      resource: config.origin,
    }),
  );
  if (exchanged?.status !== 200) {
    // A code whose exchange was answered by an instance that then died: the retry finds it used.
    lostExchanges += 1;
    return undefined;
  }
  const tokens = JSON.parse(exchanged.body) as { access_token: string; refresh_token: string };
  const family: Family = {
    worker,
    accessTokens: [tokens.access_token],
    refreshToken: tokens.refresh_token,
    refreshes: 0,
  };
  families.push(family);
  return family;
}

async function refresh(family: Family): Promise<boolean> {
  const answer = await call(
    'refresh',
    'POST',
    '/api/oauth/token',
    FORM,
    form({ grant_type: 'refresh_token', refresh_token: family.refreshToken, client_id: config.clientId }),
  );
  if (answer?.status !== 200) return false;
  const tokens = JSON.parse(answer.body) as { access_token: string; refresh_token: string };
  family.accessTokens.push(tokens.access_token);
  family.refreshToken = tokens.refresh_token;
  family.refreshes += 1;
  return true;
}

async function read(family: Family): Promise<void> {
  await call(
    'graphql',
    'POST',
    '/account/graphql',
    { authorization: `Bearer ${family.accessTokens.at(-1)}`, 'content-type': 'application/json' },
    '{"query":"{ viewer { id } }"}',
  );
}

const startedAt = Date.now();
const end = startedAt + config.durationMs;
process.stdout.write(`${JSON.stringify({ started: startedAt })}\n`); // the test times its fault from here
await Promise.all(
  Array.from({ length: config.workers }, async (_, worker) => {
    let family: Family | undefined;
    while (Date.now() < end) {
      if (!family || family.refreshes >= config.refreshesPerGrant) family = await newGrant(worker);
      if (!family) continue;
      await read(family);
      if (Date.now() >= end) break;
      // A refresh that fails for good leaves the family as it is: the test finds out whether it still works.
      if (!(await refresh(family))) family = undefined;
    }
  }),
);
const { cookie: _session, ...shown } = config; // the session cookie stays out of the report
const report: LoadReport = {
  config: shown,
  startedAt,
  endedAt: Date.now(),
  requests,
  operations,
  families,
  lostExchanges,
};
writeFileSync(config.out, JSON.stringify(report));
for (const agent of agents.values()) agent.destroy();
process.stdout.write(
  `${JSON.stringify({ requests: requests.length, families: families.length, seconds: (report.endedAt - startedAt) / 1000 })}\n`,
);
