// Starts the service the way a user does (`node src/main.ts`) on a free port, with the demo
// schools on a fresh database, unless CONTRACT_BASE_URL names a deployment to test instead.
// Tests read the origins with `inject('primaryOrigin')` and `inject('secondaryOrigin')`.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createScratchPostgresDatabase, migratedPgliteSnapshot } from '../../src/db/testing.ts';
import { freePort, listensOn } from '../reliability/instance.ts';
import { clearOperationLog } from './operation-log.ts';
import { startMailboxListener } from './mailbox.ts';
import { createLocalhostCertificate } from './tls.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    primaryOrigin: string;
    secondaryOrigin: string;
    serverLogPath: string;
    /**
     * Where the mails the server under test sends land, one .eml file each (support/mailbox.ts): the
     * files of the run's SMTP listener, or CONTRACT_MAIL_DIR for a deployment; empty when unknown.
     */
    mailDir: string;
    /** PEM certificate and key for `localhost` that the server under test trusts (empty when external). */
    tlsCert: string;
    tlsKey: string;
  }
}

async function waitForHealth(origin: string, child: ChildProcess, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${origin}/readyz`);
      // Another run's listener may hold the port chosen: ready means this child answered.
      if (response.ok && listensOn(child.pid!, Number(new URL(origin).port))) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${origin} not ready after ${deadlineMs} ms`);
}

/** A deployment under test must answer /readyz before the run starts (a clear error otherwise). */
async function waitForDeployment(origin: string): Promise<void> {
  const response = await fetch(`${origin}/readyz`).catch((error: unknown) => {
    throw new Error(`CONTRACT_BASE_URL=${origin} does not answer: ${String(error)}`);
  });
  if (!response.ok) throw new Error(`CONTRACT_BASE_URL=${origin}: /readyz answered ${response.status}`);
}

/**
 * The demo deployment's Second School (README: PUBLIC_URL with localhost and 127.0.0.1 swapped),
 * when it is there and is its own issuer; otherwise none, and the tests that need a second school
 * are skipped. CONTRACT_SECOND_BASE_URL names it for any other deployment.
 */
async function demoSecondSchool(primary: string): Promise<string> {
  const url = new URL(primary);
  const swapped = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' }[url.hostname];
  if (!swapped) return '';
  url.hostname = swapped;
  const candidate = url.origin;
  const metadata = await fetch(`${candidate}/.well-known/oauth-authorization-server`).then(
    (r) => (r.ok ? (r.json() as Promise<{ issuer?: string }>) : undefined),
    () => undefined,
  );
  return metadata?.issuer === candidate ? candidate : '';
}

/**
 * The suite signs in and registers clients far more often than one person would, all from one
 * address. /auth.md lists the limits in force; below these the run is throttled (429), so say so
 * at the start in one line instead of leaving it to a few hundred failures.
 */
// Measured on a full run: about 230 sign-ins and 330 registrations, all within a few minutes.
const SUITE_NEEDS = { 'sign in per address': 500, 'registration per address': 500 } as const;

async function warnAboutRateLimits(origin: string): Promise<void> {
  const authMd = await fetch(`${origin}/auth.md`).then(
    (r) => (r.ok ? r.text() : ''),
    () => '',
  );
  const tooLow = Object.entries(SUITE_NEEDS).flatMap(([name, needed]) => {
    const limit = Number(new RegExp(`\\| ${name} \\| (\\d+) per ([^|]+)\\|`).exec(authMd)?.[1] ?? NaN);
    return limit < needed ? [`${name} ${limit}`] : [];
  });
  if (tooLow.length > 0) {
    console.warn(
      `[contract] ${origin} throttles one address below what a full run needs (${tooLow.join(', ')}; see its /auth.md): expect 429s, or start it with RATE_LIMIT_OVERRIDES=signInPerAddress=100000,registrationPerAddress=100000 (contract-tests/README.md)`,
    );
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  clearOperationLog();
  const external = process.env.CONTRACT_BASE_URL;
  if (external) {
    const primary = new URL(external).origin;
    await waitForDeployment(primary);
    await warnAboutRateLimits(primary);
    project.provide('primaryOrigin', primary);
    project.provide(
      'secondaryOrigin',
      process.env.CONTRACT_SECOND_BASE_URL
        ? new URL(process.env.CONTRACT_SECOND_BASE_URL).origin
        : await demoSecondSchool(primary),
    );
    project.provide('serverLogPath', '');
    project.provide('tlsCert', '');
    project.provide('tlsKey', '');
    return async () => undefined;
  }

  const port = await freePort();
  const primary = `http://localhost:${port}`;
  const secondary = `http://127.0.0.1:${port}`;
  const scratch = process.env.DATABASE_URL ? await createScratchPostgresDatabase(process.env.DATABASE_URL) : null;
  const tls = await createLocalhostCertificate();
  // docs/operations.md "Mail": the server mails through a real SMTP listener of the run's own, which
  // keeps each mail as a file that any test worker can read (support/mailbox.ts).
  const mailbox = await startMailboxListener(mkdtempSync(path.join(os.tmpdir(), 'contract-mail-')));
  const logs: Buffer[] = [];
  const child = spawn(process.execPath, ['src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: primary,
      SECOND_SITE_URL: secondary,
      PGLITE_STORAGE: 'memory',
      // Uploads and development keys of the run go to a scratch folder, never ./data.
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'contract-data-')),
      NODE_EXTRA_CA_CERTS: tls.caPath,
      // Test documents are served from https://localhost, which Demo Academy allowlists: the
      // development setting that lets an allowlisted host be a loopback one (refused otherwise: RFC 6890).
      CLIENT_METADATA_ALLOW_PRIVATE_ADDRESSES: 'true',
      // Every test request comes from one loopback address: raise the per-address limits. The hostile
      // suites also send hundreds of tool calls with one cached token (a forged cursor to every list
      // tool), so the per-token tool-call limit is raised too; reliability/rate-limits.test.ts proves
      // that limit on a server of its own.
      RATE_LIMIT_OVERRIDES: 'signInPerAddress=100000,registrationPerAddress=100000,mcpToolCallsPerToken=100000',
      LOG_LEVEL: process.env.CONTRACT_LOG_LEVEL ?? 'info',
      SMTP_URL: mailbox.url,
      OUTBOX_POLL_MS: '200',
      // In memory, the database starts from the migrated cluster (src/db/testing.ts).
      ...(scratch
        ? { DATABASE_URL: scratch.url }
        : { DATABASE_URL: '', PGLITE_MEMORY_SNAPSHOT: await migratedPgliteSnapshot() }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // CONTRACT_SERVER_LOG=<file> keeps the server's JSON log lines for a look after the run.
  const logFile = process.env.CONTRACT_SERVER_LOG ? createWriteStream(process.env.CONTRACT_SERVER_LOG) : null;
  const keep = (chunk: Buffer) => (logFile ? logFile.write(chunk) : logs.length < 10_000 && logs.push(chunk));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    await waitForHealth(primary, child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    process.stderr.write(Buffer.concat(logs));
    throw error;
  }
  project.provide('primaryOrigin', primary);
  project.provide('secondaryOrigin', secondary);
  project.provide('serverLogPath', '');
  project.provide('mailDir', mailbox.dir);
  project.provide('tlsCert', tls.cert);
  project.provide('tlsKey', tls.key);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await mailbox.close();
    await scratch?.drop();
  };
}
