// The process as an operator meets it (docs/operations.md "Configuration"): a bad environment value stops start-up
// with one line naming the variable; SIGTERM finishes in-flight work and exits cleanly, also under
// load; logs are JSON lines with a request id. Each test starts its own `node src/main.ts`.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import type { RequestOutcome } from '../reliability/outcome.ts';
import { databaseLabel, writeResults } from '../reliability/results.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request on its own connection (no keep-alive pool that shutdown could close under it). */
function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; onSent?: () => void } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.on('finish', () => options.onSent?.());
    req.end(options.body);
  });
}

function start(env: Record<string, string>): { child: ChildProcessWithoutNullStreams; output: () => string } {
  const chunks: Buffer[] = [];
  const child = spawn(process.execPath, ['src/main.ts'], {
    env: { ...process.env, NODE_ENV: 'test', PGLITE_STORAGE: 'memory', DATABASE_URL: '', LOG_LEVEL: 'info', ...env },
  });
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.stderr.on('data', (c: Buffer) => chunks.push(c));
  return { child, output: () => Buffer.concat(chunks).toString('utf8') };
}

async function waitForReady(origin: string, child: ChildProcessWithoutNullStreams): Promise<void> {
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    if (
      await request(`${origin}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

describe('the process (docs/operations.md "Configuration")', () => {
  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://root@localhost/x'],
    ['PUBLIC_URL', 'not a url'],
  ])('a bad %s stops start-up with one line naming the variable', async (variable, value) => {
    const { child, output } = start({ [variable]: value });
    const [code] = await once(child, 'exit');
    expect(code).not.toBe(0);
    const lines = output()
      .trim()
      .split('\n')
      .filter((line) => !line.startsWith('npm '));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid ${variable}`));
  });

  it('SIGTERM lets an in-flight request finish, then exits 0 within the grace time; logs are JSON with request ids', async () => {
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    const { child, output } = start({
      PORT: String(port),
      PUBLIC_URL: origin,
      SECOND_SITE_URL: `http://127.0.0.1:${port}`,
      SHUTDOWN_GRACE_MS: '5000',
    });
    await waitForReady(origin, child);
    const exited = once(child, 'exit');
    // A sign-in attempt is the slowest request there is (scrypt, ~100 ms): send one on its own
    // connection, and SIGTERM while the server is inside it.
    const page = await request(`${origin}/oauth/sign-in`);
    const cookie = (page.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(page.body)![1]!;
    const form = new URLSearchParams({
      csrf_token: csrf,
      email: 'owner@demo-academy.test',
      password: 'not-the-password',
    }).toString();
    const started = Date.now();
    const inFlight = request(`${origin}/oauth/sign-in`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      onSent: () => setTimeout(() => child.kill('SIGTERM'), 20),
    });
    const response = await inFlight;
    expect(response.status).toBe(401);
    const [code] = await exited;
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(6000);
    const lines = output()
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    const requests = lines.map((line) => JSON.parse(line) as { req?: { id?: string } }).filter((entry) => entry.req);
    expect(requests.length).toBeGreaterThan(0);
    for (const entry of requests) expect(entry.req!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(output()).toContain('"msg":"stopped"');
  }, 90_000); // start-up of a fresh process on a busy 2-core CI machine can take tens of seconds

  // SIGTERM under load: clients on fresh connections (as behind a load balancer) keep
  // sending while the process stops. Every request the server began is answered in full; the rest
  // are refused at connect, never cut off mid-answer; no 5xx; exit 0 within SHUTDOWN_GRACE_MS.
  it('SIGTERM under load: in-flight requests finish, new ones are refused at connect, exit 0 within SHUTDOWN_GRACE_MS', async () => {
    const GRACE_MS = 4000;
    const scratch = process.env.DATABASE_URL
      ? await createScratchPostgresDatabase(process.env.DATABASE_URL)
      : undefined;
    try {
      const port = await freePort();
      const origin = `http://localhost:${port}`;
      const { child, output } = start({
        PORT: String(port),
        PUBLIC_URL: origin,
        SECOND_SITE_URL: `http://127.0.0.1:${port}`,
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
        RATE_LIMIT_OVERRIDES: 'signInPerAddress=100000,signInPerAccount=100000,signInPerAccountAddress=100000',
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      });
      await waitForReady(origin, child);
      const page = await request(`${origin}/oauth/sign-in`);
      const cookie = (page.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
      const csrf = /name="csrf_token" value="([^"]+)"/.exec(page.body)![1]!;
      const signIn = new URLSearchParams({
        csrf_token: csrf,
        email: 'student2@demo-academy.test',
        password: 'not-the-password',
      }).toString();

      type Outcome = RequestOutcome;
      const outcomes: Outcome[] = [];
      const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
      let exitAt = 0;
      void exited.then(() => (exitAt = Date.now()));
      let n = 0;
      // One request on its own connection; `complete` only when the whole declared body arrived.
      const send = (kind: number) =>
        new Promise<void>((resolve) => {
          const id = `sigterm-load-${++n}`;
          const outcome: Outcome = { id, sentAt: Date.now(), doneAt: 0 };
          outcomes.push(outcome);
          const post = kind % 4 === 0; // a quarter are sign-in attempts (scrypt: the slow ones)
          const req = http.request(
            `${origin}${post ? '/oauth/sign-in' : kind % 4 === 1 ? '/readyz' : '/api/v1/catalog/courses'}`,
            {
              method: post ? 'POST' : 'GET',
              agent: false,
              headers: {
                'x-request-id': id,
                ...(post ? { cookie, 'content-type': 'application/x-www-form-urlencoded' } : {}),
              },
            },
            (res) => {
              let length = 0;
              res.on('data', (c: Buffer) => (length += c.length));
              res.on('end', () => {
                const declared = res.headers['content-length'];
                Object.assign(outcome, {
                  status: res.statusCode,
                  complete: declared === undefined || Number(declared) === length,
                  doneAt: Date.now(),
                });
                resolve();
              });
              res.on(
                'error',
                (error: NodeJS.ErrnoException) => (
                  Object.assign(outcome, {
                    status: res.statusCode,
                    complete: false,
                    error: error.code ?? error.message,
                    doneAt: Date.now(),
                  }),
                  resolve()
                ),
              );
            },
          );
          req.setTimeout(GRACE_MS + 2000, () => req.destroy(new Error('timeout')));
          req.on(
            'error',
            (error: NodeJS.ErrnoException) => (
              Object.assign(outcome, { error: error.code ?? error.message, doneAt: Date.now() }),
              resolve()
            ),
          );
          req.end(post ? signIn : undefined);
        });

      const WORKERS = 8;
      let sigtermAt = 0;
      const loops = Array.from({ length: WORKERS }, async (_, w) => {
        // Load until well after the exit, so that requests keep arriving at a stopped listener.
        for (let i = w; exitAt === 0 || Date.now() - exitAt < 300; i += WORKERS) {
          await send(i);
          await new Promise((r) => setTimeout(r, 5));
        }
      });
      await new Promise((r) => setTimeout(r, 1500));
      // Four sign-in attempts (scrypt, ~100 ms each) are surely in flight when SIGTERM comes.
      const slow = Promise.all([0, 4, 8, 12].map(send));
      await new Promise((r) => setTimeout(r, 30));
      sigtermAt = Date.now();
      child.kill('SIGTERM');
      const [code] = await exited;
      await Promise.all([...loops, slow]);
      const exitMs = exitAt - sigtermAt;

      const logged = new Set(
        output()
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => (JSON.parse(l) as { req?: { id?: string } }).req?.id)
          .filter(Boolean),
      );
      const answered = outcomes.filter((o) => o.status !== undefined && o.complete);
      const cut = outcomes.filter((o) => o.status !== undefined && !o.complete);
      const failed = outcomes.filter((o) => o.status === undefined);
      const servedButLost = outcomes.filter((o) => logged.has(o.id) && !(o.status !== undefined && o.complete));
      const afterSigterm = answered.filter((o) => o.sentAt < sigtermAt && o.doneAt > sigtermAt);
      const lateSent = outcomes.filter((o) => o.sentAt > sigtermAt + 200);
      await writeResults(
        `sigterm-under-load-${databaseLabel().toLowerCase()}`,
        `SIGTERM under load (${databaseLabel()})`,
        [
          ['requests sent (fresh connection each, 8 clients)', outcomes.length],
          ['answered in full', answered.length],
          ['of which in flight at SIGTERM, finished after it', afterSigterm.length, 'in-flight requests finish'],
          ['5xx answers', answered.filter((o) => o.status! >= 500).length, 'must be 0'],
          ['answers cut off mid-body', cut.length, 'must be 0'],
          ['served (in the log) but not received in full', servedButLost.length, 'must be 0'],
          ['refused at connect (ECONNREFUSED)', failed.filter((o) => o.error === 'ECONNREFUSED').length],
          [
            'reset before any answer byte',
            failed.filter((o) => o.error !== 'ECONNREFUSED').length,
            'never served: safe to retry',
          ],
          ['SIGTERM to exit, ms', exitMs, `SHUTDOWN_GRACE_MS = ${GRACE_MS}`],
        ],
      );

      expect(code).toBe(0);
      expect(exitMs).toBeLessThan(GRACE_MS);
      expect(answered.filter((o) => o.status! >= 500).map((o) => o.status)).toEqual([]);
      expect(cut.map((o) => o.id)).toEqual([]);
      expect(servedButLost.map((o) => `${o.id} ${o.error}`)).toEqual([]);
      expect(failed.filter((o) => logged.has(o.id))).toEqual([]); // a refused request was never served
      expect(
        failed.map((o) => o.error).filter((e) => !['ECONNREFUSED', 'ECONNRESET', 'socket hang up'].includes(e!)),
      ).toEqual([]); // no timeouts: nothing hangs
      expect(afterSigterm.length, 'requests in flight at SIGTERM that finished after it').toBeGreaterThan(0);
      expect(lateSent.length).toBeGreaterThan(0);
      expect(
        lateSent.filter((o) => o.error !== 'ECONNREFUSED').map((o) => `${o.id} ${o.status ?? o.error}`),
        'requests sent after the listener closed are refused at connect',
      ).toEqual([]);
    } finally {
      await scratch?.drop();
    }
  }, 90_000);
});
