// The process: configuration, database, migrations, demo seed, listen, graceful shutdown.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config/config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { alignDemoOrigins } from './db/seed/align-demo-origins.ts';
import { seedDemoSchools } from './db/seed/demo-schools.ts';
import { createLogger } from './http/logging.ts';
import { loadOrCreateDevelopmentKey } from './oauth/keys/key-encryption.ts';
import { startOperations } from './metrics/operations.ts';
import { schedulePurge } from './services/purge-job.ts';

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

const config = loadConfigOrExit();
const log = createLogger(config.logLevel);
if (config.database.kind === 'pglite' && config.database.dataDir) mkdirSync(config.database.dataDir, { recursive: true });
const db = await createDatabase(config.database);
const applied = await migrateToLatest(db);
if (applied.length) log.info({ migrations: applied }, 'migrations applied');
if (config.seedDemo) {
  const { seeded } = await seedDemoSchools(db, { primary: config.publicUrl, secondary: config.secondSiteUrl });
  if (seeded) log.info({ schools: [config.publicUrl, config.secondSiteUrl] }, 'demo schools seeded');
  const moved = await alignDemoOrigins(db, { primary: config.publicUrl, secondary: config.secondSiteUrl });
  if (moved.length) log.info({ moved }, 'demo schools moved to the configured origins');
}

// Outside production an unset KEY_ENCRYPTION_KEY means a key kept under DATA_DIR (or, for an
// in-memory database that keeps nothing anyway, one that lives as long as the process).
const keyEncryptionKey =
  config.keyEncryptionKey ?? (config.database.kind === 'pglite' && config.database.dataDir === null ? randomBytes(32) : loadOrCreateDevelopmentKey(config.dataDir));
const { app, services } = await createApp({ config, db, log, keyEncryptionKey });
const server = config.host ? app.listen(config.port, config.host) : app.listen(config.port);
await once(server, 'listening');
const { port } = server.address() as AddressInfo;
log.info({ port, schools: [config.publicUrl, config.secondSiteUrl], database: config.database.kind }, 'listening');
// Issue 14 part 2: the metrics listener (METRICS_PORT) and the batched "last used" of grants.
const operations = await startOperations(config, services, log);

const stopPurge = schedulePurge(db, log);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => {
    log.warn('grace time over: closing remaining connections');
    server.closeAllConnections();
  }, config.shutdownGraceMs);
  force.unref();
  stopPurge();
  server.close(); // stops accepting; in-flight requests finish
  server.closeIdleConnections();
  await once(server, 'close');
  await operations.stop(); // writes the grant uses still pending
  await db.destroy();
  clearTimeout(force);
  log.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
