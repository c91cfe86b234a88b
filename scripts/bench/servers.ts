// The servers under test, each a child process pinned to the server core: our service (on a fresh
// PostgreSQL database, demo schools seeded by the service itself at start; a second instance for the
// webhooks row; the same from the baseline checkout when one is given), the express hello-world ceiling, and oidc-provider with its memory adapter and with
// the PostgreSQL adapter.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readyMessage, spawnPinned, waitForHttp, type Child } from './children.ts';
import { createScratchDatabase, type ScratchDatabase } from './database.ts';
import type { OidcFixtures } from './oidc-provider/fixtures.ts';
import type { OurTargetId } from './scenarios.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export type Started = { child: Child; origin: string; database?: ScratchDatabase };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

type Common = { core: number; logDir: string };

export async function startHelloWorld(options: Common): Promise<Started> {
  const port = await freePort();
  const child = spawnPinned({
    name: 'hello-world',
    core: options.core,
    script: path.join(here, 'hello-world.ts'),
    cwd: here,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port) },
    logPath: path.join(options.logDir, 'hello-world.log'),
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(child, `${origin}/`, 30_000);
  return { child, origin };
}

/**
 * Our service as `npm start` runs it (node src/main.ts), in production mode, on a fresh database;
 * `name` tells this tree's (ours) from the baseline checkout's (baseline), and each from its small-dataset
 * twin in a --scale run, each with its own database.
 * The second demo school gets `localhost`, so 127.0.0.1 (the only address the load uses) is Demo
 * Academy's origin. Rate limits that a load from one client would trip are raised (one load client is not an attack).
 */
export function startOurs(
  options: Common & { serverDir: string; postgresUrl: string; nodeArgs: string[]; name: OurTargetId },
): Promise<Started> {
  return startOurService(options, options.name, { NODE_ENV: 'production' });
}

/**
 * A second instance of our service for the webhooks row, on a database of its own, whose delivery
 * worker may post to the receiver on 127.0.0.1. That needs WEBHOOK_ALLOW_PRIVATE_ADDRESSES, which the
 * service refuses with NODE_ENV=production (webhooks must never reach private addresses in a
 * deployment), so this instance runs in development mode: the same code, plus response validation
 * on its few admin writes. The production instance of the other rows stays as it is.
 */
export function startOursForWebhooks(
  options: Common & { serverDir: string; postgresUrl: string; pollMs: number | null; nodeArgs?: string[] },
  name: 'ours-webhooks' | 'baseline-webhooks' = 'ours-webhooks',
): Promise<Started> {
  return startOurService({ ...options, nodeArgs: options.nodeArgs ?? [] }, name, {
    NODE_ENV: 'development',
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
    // Unset: the service's own default poll interval.
    ...(options.pollMs === null ? {} : { WEBHOOK_POLL_MS: String(options.pollMs) }),
  });
}

async function startOurService(
  options: Common & { serverDir: string; postgresUrl: string; nodeArgs: string[] },
  name: string,
  env: Record<string, string>,
): Promise<Started> {
  const database = await createScratchDatabase(options.postgresUrl, name.replaceAll('-', '_'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawnPinned({
    name,
    core: options.core,
    script: 'src/main.ts',
    cwd: options.serverDir,
    nodeArgs: options.nodeArgs,
    env: {
      ...process.env,
      KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      SECOND_SITE_URL: `http://localhost:${port}`,
      DATABASE_URL: database.url,
      DATA_DIR: path.join(options.logDir, `${name}-data`),
      RATE_LIMIT_OVERRIDES: 'tokenPerClient=100000000,mcpToolCallsPerToken=100000000',
      ...env,
    },
    logPath: path.join(options.logDir, `${name}.log`),
  });
  await waitForHttp(child, `${origin}/readyz`, 180_000);
  return { child, origin, database };
}

export async function startOidcProvider(
  options: Common & { adapter: 'memory' | 'postgres'; postgresUrl: string; chains: number; accessTokens: number },
): Promise<Started & { fixtures: OidcFixtures }> {
  const database =
    options.adapter === 'postgres' ? await createScratchDatabase(options.postgresUrl, 'oidc') : undefined;
  const port = await freePort();
  const name = `oidc-provider-${options.adapter === 'postgres' ? 'pg' : 'memory'}`;
  const child = spawnPinned({
    name,
    core: options.core,
    script: path.join(here, 'oidc-provider', 'server.ts'),
    cwd: here,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      OIDC_ADAPTER: options.adapter,
      OIDC_CHAINS: String(options.chains),
      OIDC_ACCESS_TOKENS: String(options.accessTokens),
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    logPath: path.join(options.logDir, `${name}.log`),
  });
  const ready = await readyMessage<{ issuer: string } & OidcFixtures>(child, 120_000);
  return { child, origin: ready.issuer, ...(database ? { database } : {}), fixtures: ready };
}
