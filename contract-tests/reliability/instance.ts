// Starts `node src/main.ts` as its own process for the reliability suites: a free port,
// readiness by /readyz, stdout and stderr kept apart (so JSON lines are never torn), and a stop
// that ends the child even when a test failed. The suite's global server is never used here.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { migratedPgliteSnapshot } from '../../src/db/testing.ts';
import { rawRequest } from '../support/http.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The PostgreSQL server of the PostgreSQL-only suites; unset means PGlite only. */
export const DATABASE_URL = process.env.DATABASE_URL || undefined;

export function skipWithoutPostgres(suite: string): boolean {
  if (!DATABASE_URL)
    console.warn(
      `[reliability] skipping ${suite}: it needs PostgreSQL (set DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres)`,
    );
  return !DATABASE_URL;
}

/** KEY_ENCRYPTION_KEY: 32 random bytes, base64 (docs/operations.md "Configuration"). */
export function newKeyEncryptionKey(): string {
  return randomBytes(32).toString('base64');
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Whether process `pid` holds the socket listening on `port` (Linux's /proc; elsewhere assumed).
 * A port from `freePort` is free only until another suite's listener takes it: a /readyz answered
 * from that port may be someone else's, and a suite run against it tests nothing of its own.
 */
export function listensOn(pid: number, port: number): boolean {
  if (!existsSync('/proc/net/tcp')) return true;
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      if (local?.endsWith(hexPort) && state === '0A' /* LISTEN */ && inode) inodes.add(`socket:[${inode}]`);
    }
  }
  const fds = `/proc/${pid}/fd`;
  try {
    return readdirSync(fds).some((fd) => {
      try {
        return inodes.has(readlinkSync(`${fds}/${fd}`));
      } catch {
        return false; // closed while read
      }
    });
  } catch {
    return false; // the process is gone
  }
}

export type Instance = {
  port: number;
  /** The process started: the server, or with WEB_CONCURRENCY above 1 the cluster primary. */
  pid: number;
  /** PUBLIC_URL: the first demo school's origin, which may name another instance's port. */
  origin: string;
  /** DATA_DIR: mail without SMTP_URL lands in its mail/ folder (docs/operations.md "Mail"). */
  dataDir: string;
  stdout: () => string;
  stderr: () => string;
  stop: () => Promise<void>;
  /** Sends a signal (SIGKILL for the crash test); `exited` settles with the exit code or signal. */
  kill: (signal: NodeJS.Signals) => void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

// Children still alive when the worker exits (a crash, a timeout) are killed with it.
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
  live.delete(child);
}

/**
 * Starts one instance. `env` wins over the defaults; PUBLIC_URL defaults to this instance's own
 * origin. Readiness is asked with the PUBLIC_URL host in Host, as every request will be.
 */
export async function startInstance(
  env: Record<string, string> = {},
  options: { port?: number; readyMs?: number } = {},
): Promise<Instance> {
  const port = options.port ?? (await freePort());
  const origin = env.PUBLIC_URL ?? `http://localhost:${port}`;
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'reliability-data-'));
  // An embedded database in memory starts from the migrated cluster (src/db/testing.ts).
  const inMemory = !env.DATABASE_URL && (env.PGLITE_STORAGE ?? 'memory') === 'memory';
  const snapshot = inMemory ? { PGLITE_MEMORY_SNAPSHOT: await migratedPgliteSnapshot() } : {};
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: origin,
      SECOND_SITE_URL: origin.replace('localhost', '127.0.0.1'),
      PGLITE_STORAGE: 'memory',
      DATA_DIR: dataDir,
      // Every request of a test comes from one loopback address: raise the per-address limits.
      RATE_LIMIT_OVERRIDES: 'signInPerAddress=100000,registrationPerAddress=100000',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      // One process unless a suite asks for workers (docs/operations.md "Running on several cores").
      WEB_CONCURRENCY: '',
      ...snapshot,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const instance: Instance = {
    port,
    pid: child.pid!,
    origin,
    dataDir,
    stdout: () => Buffer.concat(out).toString('utf8'),
    stderr: () => Buffer.concat(err).toString('utf8'),
    stop: () => stopChild(child),
    kill: (signal) => void child.kill(signal),
    exited,
  };
  const deadline = Date.now() + (options.readyMs ?? 45_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ready = await rawRequest(`http://127.0.0.1:${port}/readyz`, { headers: { host: new URL(origin).host } }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready && listensOn(child.pid!, port)) return instance;
    await new Promise((r) => setTimeout(r, 100));
  }
  await instance.stop();
  // The port chosen was taken before the child bound it: choose again (a port asked for is kept).
  if (options.port === undefined && /already in use/.test(instance.stderr())) return startInstance(env, options);
  throw new Error(
    `instance on port ${port} not ready (exit ${child.exitCode}):\n${instance.stdout()}\n${instance.stderr()}`,
  );
}

/**
 * A fetch for oauth4webapi's customFetch that sends every request to the instance on `port`
 * while keeping the URL's Host header, so that instance serves the school of another origin
 * (fetch itself cannot set Host).
 */
export function fetchVia(port: number) {
  return async (
    url: string,
    init: { method?: string; headers?: HeadersInit; body?: string | URLSearchParams | null },
  ): Promise<Response> => {
    const target = new URL(url);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    const body = init.body === undefined || init.body === null ? undefined : String(init.body);
    const raw = await rawRequest(`http://127.0.0.1:${port}${target.pathname}${target.search}`, {
      method: init.method ?? 'GET',
      headers: { ...headers, host: target.host },
      body,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(raw.headers)) {
      for (const v of Array.isArray(value) ? value : [value ?? '']) responseHeaders.append(name, v);
    }
    return new Response(raw.status === 204 || raw.status === 304 ? null : raw.body, {
      status: raw.status,
      headers: responseHeaders,
    });
  };
}

/**
 * Two instances of one deployment (docs/operations.md "Several instances"): one database and one
 * KEY_ENCRYPTION_KEY, the first demo school's origin on A's port. Both start at once on the empty
 * database, as a rollout does, so migrations and the demo seed must serialise themselves. If one
 * fails to start, the other is stopped before the error is thrown.
 */
export async function startTwoInstances(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
): Promise<{ a: Instance; b: Instance; env: Record<string, string>; origin: string }> {
  const [portA, portB] = [await freePort(), await freePort()];
  const origin = `http://localhost:${portA}`;
  const env = {
    DATABASE_URL: databaseUrl,
    KEY_ENCRYPTION_KEY: newKeyEncryptionKey(),
    PUBLIC_URL: origin,
    SECOND_SITE_URL: `http://127.0.0.1:${portA}`,
    ...extraEnv,
  };
  const started = await Promise.allSettled([
    startInstance(env, { port: portA, readyMs: 120_000 }),
    startInstance(env, { port: portB, readyMs: 120_000 }),
  ]);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    for (const result of started) if (result.status === 'fulfilled') await result.value.stop();
    throw failed.reason;
  }
  const [a, b] = started.map((result) => (result as PromiseFulfilledResult<Instance>).value) as [Instance, Instance];
  return { a, b, env, origin };
}
