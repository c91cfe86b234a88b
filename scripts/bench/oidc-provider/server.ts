// A child process of the harness: oidc-provider on a plain node:http server, with the memory or
// the PostgreSQL adapter (OIDC_ADAPTER), its fixtures minted before it listens. It prints one
// JSON line {"ready":true,...fixtures} on stdout for the harness, then serves until SIGTERM.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';
import pg from 'pg';
import { memoryAdapterFactory, providerConfiguration } from './configuration.ts';
import { mintFixtures } from './fixtures.ts';
import { pgAdapterFactory, SCHEMA } from './pg-adapter.ts';

const port = Number(process.env.PORT);
const issuer = `http://127.0.0.1:${port}`;
const adapterKind = process.env.OIDC_ADAPTER === 'postgres' ? 'postgres' : 'memory';

// Same pool size as our service's default (DATABASE_POOL_SIZE=10).
const pool = adapterKind === 'postgres' ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }) : null;
if (pool) await pool.query(SCHEMA);

const provider = new Provider(
  issuer,
  providerConfiguration({ resource: issuer, adapter: pool ? pgAdapterFactory(pool) : memoryAdapterFactory() }),
);
// Errors are counted by the load generator; logging each one would only add work.
provider.on('server_error', (_ctx, error) => process.stderr.write(`server_error: ${String(error)}\n`));

const fixtures = await mintFixtures(provider, issuer, {
  chains: Number(process.env.OIDC_CHAINS ?? 100),
  accessTokens: Number(process.env.OIDC_ACCESS_TOKENS ?? 50),
});

// koa's callback returns a promise that node:http ignores; it handles its own errors.
const callback = provider.callback();
const server = createServer((req, res) => void callback(req, res));
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ ready: true, issuer, ...fixtures })}\n`);
});

process.on('SIGTERM', () => {
  server.close();
  server.closeIdleConnections();
  void pool?.end();
  setTimeout(() => process.exit(0), 100).unref();
});
