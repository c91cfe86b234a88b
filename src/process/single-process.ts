// One process that does everything (WEB_CONCURRENCY unset or 1): hold DATA_DIR when the embedded
// database lives there, prepare the database, serve.
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { orExit } from './expected-errors.ts';
import { openPreparedDatabase } from './prepare-database.ts';
import { makeDataPrivate } from './private-data-dir.ts';
import { claimDataDir } from './server-ownership.ts';

export async function runSingleProcess(config: Config, log: Logger): Promise<void> {
  // docs/security.md "Private files": DATA_DIR is this account's alone before anything opens it.
  await orExit(
    Promise.resolve().then(() => makeDataPrivate(config, log)),
    config,
  );
  // The embedded database on disk belongs to this process alone (process/data-dir-lock.ts).
  const dataDirLock = await orExit(claimDataDir(config), config);
  const db = await openPreparedDatabase(config, log);
  // The application's modules load once the database is ready: a start that cannot open it says so
  // without compiling them first (one thread does both, so loading them earlier gains nothing).
  const { serve } = await import('./serve.ts');
  await serve({ config, db, log, dataDirLock, metrics: 'listener' });
}
