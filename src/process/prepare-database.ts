// What start-up does to the database before anything serves: open it, run the migrations, seed
// the demo schools on an empty one and move them to the configured origins. One process does it:
// the single process, or the cluster primary before it starts its workers
// (docs/operations.md "Running on several cores"), so N workers never race through the same migrations and seed.
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { alignDemoOrigins } from '../db/seed/align-demo-origins.ts';
import { seedDemoSchools } from '../db/seed/demo-schools.ts';
import { orExit } from './expected-errors.ts';
import { checkKeyEncryptionKey } from './key-check.ts';

export async function openPreparedDatabase(config: Config, log: Logger): Promise<Db> {
  const db = await orExit(createDatabase(config.database), config, { opening: true });
  const applied = await orExit(migrateToLatest(db), config);
  if (applied.length) log.info({ migrations: applied }, 'migrations applied');
  if (config.seedDemo) {
    const origins = { primary: config.publicUrl, secondary: config.secondSiteUrl };
    const { seeded } = await orExit(seedDemoSchools(db, origins), config);
    if (seeded) log.info({ schools: [config.publicUrl, config.secondSiteUrl] }, 'demo schools seeded');
    const moved = await orExit(alignDemoOrigins(db, origins), config);
    if (moved.length) log.info({ moved }, 'demo schools moved to the configured origins');
  }
  // The key must open what earlier runs sealed (key-check.ts), before anything serves.
  await orExit(checkKeyEncryptionKey(config, db), config);
  return db;
}
