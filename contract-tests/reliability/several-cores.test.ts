// docs/operations.md "Running on several cores": WEB_CONCURRENCY=2 on PostgreSQL starts a primary and two
// workers sharing one port (node:cluster). Both workers answer, /metrics on the primary counts
// what both answered, a worker killed with SIGKILL is replaced, and SIGTERM lets an in-flight
// request finish, stops every worker and ends the primary with exit 0, leaving no worker behind.
// On the embedded database the same setting is refused with one line and nothing is started.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import { rawRequest, type RawResponse } from '../support/http.ts';
import {
  DATABASE_URL,
  freePort,
  newKeyEncryptionKey,
  skipWithoutPostgres,
  startInstance,
  type Instance,
} from './instance.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const GRACE_MS = 3_000;

/** The pids of a process's children (pgrep, on Linux and macOS alike). */
async function childrenOf(pid: number): Promise<number[]> {
  const { stdout } = await promisify(execFile)('pgrep', ['-P', String(pid)]).catch(() => ({ stdout: '' }));
  return stdout.split('\n').filter(Boolean).map(Number);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * One request on a connection of its own (no keep-alive), as clients behind a load balancer
 * arrive: node:cluster hands each new connection to the next worker.
 */
function request(
  instance: Instance,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; onSent?: () => void } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `http://127.0.0.1:${instance.port}${pathname}`,
      {
        method: options.method ?? 'GET',
        headers: { host: new URL(instance.origin).host, ...options.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
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

/** The JSON log lines written so far, by every process of the cluster (one stdout). */
function logLines(instance: Instance): Array<Record<string, unknown>> {
  return instance
    .stdout()
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return []; // the last line may still be arriving
      }
    });
}

/** The request lines of GET /healthz, each with the pid of the worker that answered. */
const healthLines = (instance: Instance) =>
  logLines(instance).filter((l) => l.msg === 'request completed' && l.operation === 'getHealth');

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Pids of the workers whose 'listening' line came after `since` lines of the log. */
const listeningPids = (instance: Instance, since = 0) =>
  logLines(instance)
    .slice(since)
    .filter((line) => line.msg === 'listening')
    .map((line) => line.pid as number);

describe.skipIf(skipWithoutPostgres('several-cores.test.ts'))(
  'WEB_CONCURRENCY=2 on PostgreSQL (docs/operations.md "Running on several cores")',
  () => {
    let scratch: { url: string; drop: () => Promise<void> } | undefined;
    let cluster: Instance;
    let metricsPort: number;
    let workers: number[] = [];
    const healthz = () => request(cluster, '/healthz');
    /** Sends `n` requests at once and waits for their log lines (written by other processes). */
    async function healthzTimes(n: number): Promise<void> {
      const expected = healthLines(cluster).length + n;
      const answers = await Promise.all(Array.from({ length: n }, () => healthz()));
      expect(answers.map((a) => a.status)).toEqual(Array(n).fill(200));
      await until('their log lines', () => (healthLines(cluster).length >= expected ? true : undefined), 5_000);
    }

    beforeAll(async () => {
      scratch = await createScratchPostgresDatabase(DATABASE_URL!);
      metricsPort = await freePort();
      cluster = await startInstance(
        {
          DATABASE_URL: scratch.url,
          KEY_ENCRYPTION_KEY: newKeyEncryptionKey(),
          WEB_CONCURRENCY: '2',
          METRICS_PORT: String(metricsPort),
          SHUTDOWN_GRACE_MS: String(GRACE_MS),
        },
        { readyMs: 120_000 },
      );
      // /readyz answers as soon as one worker serves; the primary says when both do.
      await until(
        'every worker serving',
        () => logLines(cluster).find((l) => l.msg === 'every worker serving'),
        120_000,
      );
      workers = await childrenOf(cluster.pid);
    }, 150_000);

    afterAll(async () => {
      await cluster?.stop();
      await scratch?.drop();
    });

    it('runs a primary and two workers, and requests on new connections are answered by both', async () => {
      expect(workers).toHaveLength(2);
      expect(listeningPids(cluster).sort()).toEqual([...workers].sort());
      await healthzTimes(20);
      const answeredBy = new Set(healthLines(cluster).map((l) => l.pid));
      expect([...answeredBy].sort()).toEqual([...workers].sort());
    });

    it("/metrics on the primary's listener sums every worker's requests (AggregatorRegistry)", async () => {
      await healthzTimes(10);
      const answered = healthLines(cluster);
      // Both workers answered some, so one worker's numbers alone would fall short of the total.
      expect(new Set(answered.map((l) => l.pid)).size).toBe(2);
      const scrape = await rawRequest(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(scrape.status).toBe(200);
      const line = /^http_requests_total\{operation="getHealth",method="GET",status="200"\} (\d+)$/m.exec(scrape.body);
      expect(Number(line?.[1])).toBe(answered.length);
    });

    it('a worker killed with SIGKILL is replaced after a back-off, and the port answers meanwhile', async () => {
      const since = logLines(cluster).length;
      const [victim, survivor] = workers as [number, number];
      process.kill(victim, 'SIGKILL');
      await until('the primary saw the worker stop', () => (alive(victim) ? undefined : true), 5_000);
      await healthzTimes(5); // the survivor answers meanwhile
      const restarted = await until(
        'the primary logged the restart',
        () =>
          logLines(cluster)
            .slice(since)
            .find((l) => l.msg === 'worker stopped: starting another'),
        5_000,
      );
      expect(restarted).toMatchObject({ worker_pid: victim, signal: 'SIGKILL' });
      expect(restarted.restart_in_ms).toBeGreaterThanOrEqual(1_000);
      const replacement = await until('a new worker listening', () => listeningPids(cluster, since)[0], 90_000);
      expect(await childrenOf(cluster.pid)).toEqual(expect.arrayContaining([survivor, replacement]));
      workers = [survivor, replacement];
    }, 120_000);

    it('SIGTERM: an in-flight request finishes, every worker stops, the primary exits 0 with no worker left', async () => {
      const page = await request(cluster, '/oauth/sign-in');
      const cookie = ([page.headers['set-cookie']].flat().filter(Boolean) as string[])
        .map((c) => c.split(';')[0])
        .join('; ');
      const csrf = /name="csrf_token" value="([^"]+)"/.exec(page.body)![1]!;
      const started = Date.now();
      // A sign-in attempt (scrypt) is the slowest request there is: SIGTERM while a worker is inside it.
      const inFlight = request(cluster, '/oauth/sign-in', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf_token: csrf, email: 'owner@demo-academy.test', password: 'wrong' }).toString(),
        onSent: () => setTimeout(() => cluster.kill('SIGTERM'), 20),
      });
      expect((await inFlight).status).toBe(401);
      const exit = await cluster.exited;
      expect(exit).toEqual({ code: 0, signal: null });
      expect(Date.now() - started).toBeLessThan(GRACE_MS + 5_000);
      for (const pid of workers) expect(alive(pid), `worker ${pid}`).toBe(false);
      // Each worker and then the primary said so (their last lines may still be in the pipe at exit).
      const stopped = () =>
        logLines(cluster)
          .filter((l) => l.msg === 'stopped')
          .map((l) => l.pid as number);
      await until('three "stopped" lines', () => (stopped().length >= 3 ? true : undefined), 2_000);
      expect(stopped().sort()).toEqual([...workers, cluster.pid].sort());
    }, 30_000);
  },
);

describe('WEB_CONCURRENCY=2 on the embedded database (docs/operations.md "Running on several cores")', () => {
  it('is refused with one line on stderr naming PGlite and DATABASE_URL, a non-zero exit, and nothing created', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'several-cores-')), 'data');
    const child = spawn(process.execPath, ['src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', WEB_CONCURRENCY: '2', DATA_DIR: dataDir, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(78);
    const lines = Buffer.concat(err).toString('utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^WEB_CONCURRENCY asks for 2 worker processes, but the embedded database \(PGlite/);
    expect(lines[0]).toMatch(/belongs to one process: set DATABASE_URL=postgres:\/\//);
    // Nothing was opened, migrated or served: no DATA_DIR, no log line.
    expect(existsSync(dataDir)).toBe(false);
    expect(Buffer.concat(out).toString('utf8')).toBe('');
  }, 30_000);
});
