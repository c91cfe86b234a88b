// docs/operations.md "Running on several cores", a worker: the database is already migrated and seeded by its
// primary, so it opens its own pool (DATABASE_POOL_SIZE connections) and serves. Its /metrics
// numbers go to the primary, which serves every worker's merged.
import type { Logger } from 'pino';
import type { Config } from '../../config/config.ts';
import { createDatabase } from '../../db/database.ts';
import { orExit } from '../expected-errors.ts';
import { serve } from '../serve.ts';
import { announceReady } from './messages.ts';

export async function runWorker(config: Config, log: Logger): Promise<void> {
  const db = await orExit(createDatabase(config.database), config);
  await serve({ config, db, log, dataDirLock: null, metrics: 'primary' });
  announceReady();
}
