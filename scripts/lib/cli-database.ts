// Opens the configured database for a command-line tool (same configuration as `npm start`).
import { mkdirSync } from 'node:fs';
import { loadConfig } from '../../src/config/config.ts';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

export async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const config = loadConfig();
  if (config.database.kind === 'pglite' && config.database.dataDir) mkdirSync(config.database.dataDir, { recursive: true });
  const db = await createDatabase(config.database);
  try {
    await migrateToLatest(db);
    return await work(db);
  } finally {
    await db.destroy();
  }
}

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}
