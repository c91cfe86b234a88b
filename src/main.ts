// The process: configuration, then one of three roles (docs/operations.md "Running on several cores"). With
// WEB_CONCURRENCY unset or 1, one process prepares the database and serves; above 1, a primary
// prepares the database once and supervises that many workers (node:cluster), each of which runs
// this file again and serves. Each role loads only its own modules, so the primary stays small.
import cluster from 'node:cluster';
import type { Config } from './config/config.ts';
import { applyHeapFlags } from './process/heap-flags.ts';
import { keepNewFilesPrivate } from './process/private-data-dir.ts';

// First of all, before any other module loads: the process may start again with its heap flags.
applyHeapFlags();
// docs/security.md "Private files": whatever this process creates is its account's alone.
keepNewFilesPrivate();
const { ConfigError, loadConfig } = await import('./config/config.ts');
const { createLogger } = await import('./http/logging.ts');

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
// Several processes write to one stdout: each line then says which one wrote it.
const log =
  config.workers > 1 ? createLogger(config.logLevel).child({ pid: process.pid }) : createLogger(config.logLevel);

if (cluster.isWorker) {
  const { runWorker } = await import('./process/cluster/worker.ts');
  await runWorker(config, log);
} else if (config.workers > 1) {
  const { runPrimary } = await import('./process/cluster/primary.ts');
  await runPrimary(config, log);
} else {
  const { runSingleProcess } = await import('./process/single-process.ts');
  await runSingleProcess(config, log);
}
