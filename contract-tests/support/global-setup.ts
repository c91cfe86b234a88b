// Starts the service the way a user does (`node src/main.ts`) on a free port, with the demo
// schools on a fresh database, unless CONTRACT_BASE_URL names a deployment to test instead.
// Tests read the origins with `inject('primaryOrigin')` and `inject('secondaryOrigin')`.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import { createLocalhostCertificate } from './tls.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    primaryOrigin: string;
    secondaryOrigin: string;
    serverLogPath: string;
    /** PEM certificate and key for `localhost` that the server under test trusts (empty when external). */
    tlsCert: string;
    tlsKey: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(origin: string, child: ChildProcess, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${origin}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${origin} not ready after ${deadlineMs} ms`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.CONTRACT_BASE_URL;
  if (external) {
    project.provide('primaryOrigin', new URL(external).origin);
    project.provide('secondaryOrigin', process.env.CONTRACT_SECOND_BASE_URL ? new URL(process.env.CONTRACT_SECOND_BASE_URL).origin : '');
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
      // Every test request comes from one loopback address: raise the per-address limits only.
      RATE_LIMIT_OVERRIDES: 'signInPerAddress=100000,registrationPerAddress=100000',
      LOG_LEVEL: process.env.CONTRACT_LOG_LEVEL ?? 'info',
      ...(scratch ? { DATABASE_URL: scratch.url } : { DATABASE_URL: '' }),
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
  project.provide('tlsCert', tls.cert);
  project.provide('tlsKey', tls.key);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await scratch?.drop();
  };
}
