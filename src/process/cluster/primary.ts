// docs/operations.md "Running on several cores", the primary: with WEB_CONCURRENCY above 1 it prepares the
// database once (migrations, demo seed), then starts that many workers, which share PORT through
// node:cluster (the primary accepts connections and hands them out in turn). It serves nothing of
// the schools itself. It:
// - says the service is up only when every worker serves, and stops with exit 1 if one cannot start;
// - starts another worker in place of one that stops on its own, after a back-off (restart-policy.ts);
// - passes SIGTERM and SIGINT on to every worker, each of which finishes its in-flight requests
//   and jobs (serve.ts), and exits 0 once all have stopped cleanly;
// - serves /metrics for all workers at once when METRICS_PORT is set (metrics/cluster-metrics.ts).
// A worker whose primary dies exits at once (node:cluster closes the channel), so none is orphaned.
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from '../../config/config.ts';
import { clusterMetricsSource } from '../../metrics/cluster-metrics.ts';
import { startMetricsListener } from '../../metrics/listener.ts';
import { keyEncryptionKeyOf } from '../key-encryption-key.ts';
import { checkPortOrExit } from '../listen.ts';
import { orExit } from '../expected-errors.ts';
import { openPreparedDatabase } from '../prepare-database.ts';
import { makeDataPrivate } from '../private-data-dir.ts';
import { isWorkerReady } from './messages.ts';
import { nextRestart } from './restart-policy.ts';

/** The embedded database is opened by one process; several workers need PostgreSQL. */
function refuseEmbeddedDatabase(config: Config): void {
  if (config.database.kind !== 'pglite') return;
  process.stderr.write(
    `WEB_CONCURRENCY asks for ${config.workers} worker processes, but the embedded database (PGlite, used while DATABASE_URL is unset) belongs to one process: set DATABASE_URL=postgres://… to run several workers on PostgreSQL, or unset WEB_CONCURRENCY to run one process.\n`,
  );
  process.exit(78); // EX_CONFIG, as for an invalid variable
}

export async function runPrimary(config: Config, log: Logger): Promise<void> {
  refuseEmbeddedDatabase(config);
  await orExit(
    Promise.resolve().then(() => makeDataPrivate(config, log)),
    config,
  );
  const db = await openPreparedDatabase(config, log);
  await db.destroy(); // the workers open their own pools
  // Outside production without KEY_ENCRYPTION_KEY, the development key file is created here,
  // once, so the workers read one key rather than race to write it.
  keyEncryptionKeyOf(config);
  await checkPortOrExit(config);
  await superviseWorkers(config, log);
}

async function superviseWorkers(config: Config, log: Logger): Promise<void> {
  const live = new Set<Worker>();
  /** Workers that serve, and since when. */
  const serving = new Map<Worker, number>();
  const restarts = new Set<NodeJS.Timeout>();
  let phase: 'starting' | 'running' | 'stopping' = 'starting';
  let failures = 0;
  let exitCode = 0;

  const metrics = await startMetricsListener(
    config.metrics,
    clusterMetricsSource(() => serving.keys()),
    log,
  );

  function fork(): void {
    const worker = cluster.fork();
    live.add(worker);
    worker.on('message', (message: unknown) => {
      if (!isWorkerReady(message) || phase === 'stopping') return;
      serving.set(worker, Date.now());
      if (phase === 'starting' && serving.size === config.workers) {
        phase = 'running';
        log.info({ port: config.port, workers: config.workers }, 'every worker serving');
      }
    });
    worker.once('exit', (code, signal) => void onExit(worker, code, signal as NodeJS.Signals | null));
  }

  async function onExit(worker: Worker, code: number | null, signal: NodeJS.Signals | null): Promise<void> {
    const since = serving.get(worker);
    live.delete(worker);
    serving.delete(worker);
    const facts = { worker_pid: worker.process.pid, code, signal };
    if (phase === 'stopping') {
      // Stopped by the signal passed on (before it could take it over, while starting), or done.
      if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGINT') {
        exitCode = 1;
        log.error(facts, 'worker did not stop cleanly');
      }
      if (live.size === 0) await finish();
      return;
    }
    if (phase === 'starting') {
      // Its own line (port, database) is already on stderr: the rest are stopped, nothing served.
      log.error(facts, 'a worker stopped before every worker served: stopping the others');
      exitCode = 1;
      await stop('SIGTERM');
      return;
    }
    const next = nextRestart(failures, since === undefined ? null : Date.now() - since);
    failures = next.failures;
    log.warn(
      { ...facts, restart_in_ms: next.delayMs, failures_in_a_row: failures },
      'worker stopped: starting another',
    );
    const timer = setTimeout(() => {
      restarts.delete(timer);
      fork();
    }, next.delayMs);
    restarts.add(timer);
  }

  async function stop(signal: NodeJS.Signals): Promise<void> {
    if (phase === 'stopping') return;
    phase = 'stopping';
    log.info({ signal, workers: live.size }, 'shutting down: passing the signal to every worker');
    for (const timer of restarts) clearTimeout(timer);
    restarts.clear();
    for (const worker of live) worker.process.kill(signal);
    // A worker drains for up to SHUTDOWN_GRACE_MS, then its webhook attempts end within WEBHOOK_TIMEOUT_MS.
    const deadline = setTimeout(
      () => {
        log.error({ workers: live.size }, 'workers still running after the grace time: killing them');
        for (const worker of live) worker.process.kill('SIGKILL');
      },
      config.shutdownGraceMs + config.webhooks.timeoutMs + 5_000,
    );
    deadline.unref();
    if (live.size === 0) await finish();
  }

  async function finish(): Promise<void> {
    await metrics.close();
    log.info({ exit_code: exitCode }, 'stopped');
    process.exit(exitCode);
  }

  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  log.info({ workers: config.workers }, 'starting workers');
  for (let i = 0; i < config.workers; i++) fork();
}
