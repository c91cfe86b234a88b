// The process: configuration, database, migrations, demo seed, listen, graceful shutdown.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config/config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { alignDemoOrigins } from './db/seed/align-demo-origins.ts';
import { seedDemoSchools } from './db/seed/demo-schools.ts';
import { createLogger } from './http/logging.ts';
import { orExit } from './process/expected-errors.ts';
import { keyEncryptionKeyOf } from './process/key-encryption-key.ts';
import { listenOrExit } from './process/listen.ts';
import { acceptCommands, claimDataDir } from './process/server-ownership.ts';
import { startOperations } from './metrics/operations.ts';
import { schedulePurge } from './services/purge-job.ts';
import { startDeliveryWorker } from './services/webhooks/delivery-worker.ts';

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
// The embedded database on disk belongs to this process alone (process/data-dir-lock.ts).
const dataDirLock = await claimDataDir(config);
const db = await orExit(createDatabase(config.database), config);
const applied = await orExit(migrateToLatest(db), config);
if (applied.length) log.info({ migrations: applied }, 'migrations applied');
if (config.seedDemo) {
  const { seeded } = await seedDemoSchools(db, { primary: config.publicUrl, secondary: config.secondSiteUrl });
  if (seeded) log.info({ schools: [config.publicUrl, config.secondSiteUrl] }, 'demo schools seeded');
  const moved = await alignDemoOrigins(db, { primary: config.publicUrl, secondary: config.secondSiteUrl });
  if (moved.length) log.info({ moved }, 'demo schools moved to the configured origins');
}

const keyEncryptionKey = keyEncryptionKeyOf(config);
const { app, services } = await createApp({ config, db, log, keyEncryptionKey });
const server = await listenOrExit(app, config);
const { port } = server.address() as AddressInfo;
// Operator commands on the same DATA_DIR run here, through the control socket (process/run-command.ts).
dataDirLock?.update({ port });
const controlChannel = dataDirLock ? await acceptCommands(dataDirLock, { config, services, log }) : null;
log.info({ port, schools: [config.publicUrl, config.secondSiteUrl], database: config.database.kind }, 'listening');
// README "Metrics": the metrics listener (METRICS_PORT) and the batched "last used" of grants.
const operations = await startOperations(config, services, log);

const stopPurge = schedulePurge(db, log);
// Webhooks: this instance's share of the deliveries (services/webhooks/delivery-worker.ts).
const webhookWorker = startDeliveryWorker({ db: services.db, keyEncryptionKey, log }, config.webhooks);

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
  const channelClosed = controlChannel?.close(); // a command under way finishes, as a request does
  server.close(); // stops accepting; in-flight requests finish
  server.closeIdleConnections();
  await once(server, 'close');
  await channelClosed;
  await webhookWorker.stop(); // attempts under way end (each within WEBHOOK_TIMEOUT_MS) and are recorded
  await operations.stop(); // writes the grant uses still pending
  await db.destroy();
  clearTimeout(force);
  log.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
