// A fresh, isolated database for one test file: an in-memory PGlite, or, when DATABASE_URL is
// set (CI's second pass), a uniquely named database created on that server and dropped after.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';

export type TestDatabase = { db: Db; url: string | null; drop: () => Promise<void> };

export async function createScratchPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  let result: TestDatabase;
  if (serverUrl) {
    const scratch = await createScratchPostgresDatabase(serverUrl);
    const db = await createDatabase({ kind: 'postgres', url: scratch.url, poolSize: 5 });
    result = { db, url: scratch.url, drop: async () => (await db.destroy(), await scratch.drop()) };
  } else {
    const db = await createDatabase({ kind: 'pglite', dataDir: null });
    result = { db, url: null, drop: () => db.destroy() };
  }
  if (options.migrate !== false) await migrateToLatest(result.db);
  return result;
}

/** A school of its own for a test, at http://<slug>.test; its id. */
export async function insertTestSite(db: Db, slug: string): Promise<string> {
  const row = await db
    .insertInto('sites')
    .values({ slug, origin: `http://${slug}.test`, name: slug })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
