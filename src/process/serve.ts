// Serving on a prepared database: the app, the listener, the background jobs, and the graceful
// shutdown on SIGTERM and SIGINT. The single process runs it after preparing the database itself;
// each cluster worker runs it on the database its primary prepared
// (docs/operations.md "Running on several cores"). Every job here is safe on any number of processes: the purge runs under an advisory
// lock, webhook deliveries and time-driven events are claimed with SKIP LOCKED, "last used" writes are batched per process.
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createApp } from '../app.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { startOperations, type MetricsExposure } from './metrics-operations.ts';
import { schedulePurge, webhookRetentionMs } from '../services/purge-job.ts';
import { scheduleAuthEventPurge } from '../services/audit/auth-events-purge.ts';
import { startDeliveryWorker } from '../services/webhooks/delivery-worker.ts';
import { scheduleTimeDrivenEvents } from '../services/time-driven-events.ts';
import { createOutboxWorker, type OutboxSenders } from '../services/outbox/outbox-worker.ts';
import { createMailTransport } from '../services/mail/transport.ts';
import { createMailSender } from '../http/mail/mail-sender.ts';
import { createBackchannelLogoutSender } from '../services/auth/logout/backchannel-sender.ts';
import type { DataDirLock } from './data-dir-lock.ts';
import { prepareDrain } from './drain.ts';
import { keyEncryptionKeyOf } from './key-encryption-key.ts';
import { listenOrExit } from './listen.ts';
import { acceptCommands } from './server-ownership.ts';

export type ServeOptions = {
  config: Config;
  db: Db;
  log: Logger;
  /** The embedded database's DATA_DIR, held by this process; null on PostgreSQL and in memory. */
  dataDirLock: DataDirLock | null;
  /** Where /metrics is served from (process/metrics-operations.ts). */
  metrics: MetricsExposure;
};

export async function serve({ config, db, log, dataDirLock, metrics }: ServeOptions): Promise<void> {
  const keyEncryptionKey = keyEncryptionKeyOf(config);
  const { app, services, pageTexts } = await createApp({ config, db, log, keyEncryptionKey });
  const server = await listenOrExit(app, config);
  const drain = prepareDrain(server);
  const { port } = server.address() as AddressInfo;
  // Operator commands on the same DATA_DIR run here, through the control socket (process/run-command.ts).
  dataDirLock?.update({ port });
  const controlChannel = dataDirLock ? await acceptCommands(dataDirLock, { config, services, log }) : null;
  // docs/operations.md "Durability": what an acknowledged write survives on this database.
  const { database, durability } = config;
  log.info(
    { port, schools: [config.publicUrl, config.secondSiteUrl], database: database.kind, durability },
    'listening',
  );
  // docs/operations.md "Metrics": the metrics listener (METRICS_PORT) and the batched "last used" of grants.
  const operations = await startOperations(config, services, log, metrics);

  // Webhook events and settled deliveries past WEBHOOK_EVENTS_RETENTION_DAYS (/webhooks.md "Events and recovery").
  const stopPurge = schedulePurge(db, log, webhookRetentionMs(config.webhooks.eventsRetentionDays));
  // docs/operations.md "Access trail": events past AUTH_EVENTS_RETENTION_DAYS, in bounded batches.
  const stopTrailPurge = scheduleAuthEventPurge(db, log, config.authEventsRetentionDays);
  // Webhooks: this process's share of the deliveries (services/webhooks/delivery-worker.ts).
  const webhookWorker = startDeliveryWorker(
    { db: services.db, keyEncryptionKey, wake: services.deliveryWake, log },
    config.webhooks,
  );
  // docs/webhooks.md "Time-driven events": enrollment.expired and the notices of troubled endpoints.
  const stopTimeEvents = scheduleTimeDrivenEvents({ db: services.db, mail: services.mail, log }, config.timeEvents);
  // The outbox (services/outbox/): mails, and whatever else must leave after a commit, sent at least once.
  const mailTransport = createMailTransport(config.mail.transport, log);
  const senders: OutboxSenders = {};
  if (mailTransport)
    senders.mail = createMailSender({
      transport: mailTransport,
      from: config.mail.from,
      keyEncryptionKey,
      pageTexts,
      findSite: (id) => services.sites.findById(id),
    });
  else log.warn('no SMTP_URL: this service sends no mail (docs/operations.md "Mail")');
  // Back-Channel Logout 1.0: logout tokens to the clients a session signed in to, through the SSRF
  // guard and the webhooks' address rule and deadline (/auth.md "Signing out").
  senders.backchannel_logout = createBackchannelLogoutSender({
    db: services.db,
    signingKeys: services.signingKeys,
    findSite: (id) => services.sites.findById(id),
    allowPrivateAddresses: config.webhooks.allowPrivateAddresses,
    timeoutMs: config.webhooks.timeoutMs,
  });
  const outboxWorker = createOutboxWorker({
    db: services.db,
    log,
    senders,
    wake: services.outboxWake,
    counter: services.metrics.outboxMessages,
    ...config.outbox,
  });
  outboxWorker.start();

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
    stopTrailPurge();
    const channelClosed = controlChannel?.close(); // a command under way finishes, as a request does
    await drain.start(); // in-flight requests finish, each connection closes after its answer (drain.ts)
    await channelClosed;
    await stopTimeEvents(); // a sweep under way commits or rolls back whole
    await webhookWorker.stop(); // attempts under way end (each within WEBHOOK_TIMEOUT_MS) and are recorded
    await outboxWorker.stop(); // sends under way end (each bounded by its transport's timeouts) and are recorded
    mailTransport?.close();
    await operations.stop(); // writes the grant uses still pending
    await db.destroy();
    clearTimeout(force);
    log.info('stopped');
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
