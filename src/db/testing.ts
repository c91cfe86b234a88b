// A fresh, isolated database for one test file: an in-memory PGlite, or, when DATABASE_URL is
// set (CI's second pass), a uniquely named database created on that server and dropped after.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Kysely, PGliteDialect } from 'kysely';
import pg from 'pg';
import { createDatabase, type Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** What a migrated cluster depends on: PGlite's version and every migration's source. */
async function migratedClusterKey(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await readFile(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  const folder = path.join(ROOT, 'src/db/migrations');
  for (const name of (await readdir(folder)).sort()) hash.update(name).update(await readFile(path.join(folder, name)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A tarball of an embedded cluster with every migration applied (PGlite's dumpDataDir), made once
 * per set of migrations under node_modules/.cache: an in-memory database loaded from it starts in
 * a fraction of the time initdb and the migrations take (PGLITE_MEMORY_SNAPSHOT; createTestDatabase).
 */
export async function migratedPgliteSnapshot(): Promise<string> {
  const folder = path.join(ROOT, 'node_modules/.cache/pglite-snapshots');
  const file = path.join(folder, `migrated-${await migratedClusterKey()}.tar`);
  if (
    await stat(file).then(
      (s) => s.size > 0,
      () => false,
    )
  )
    return file;
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = new PGlite();
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  await migrateToLatest(db);
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  await mkdir(folder, { recursive: true });
  // Written aside and renamed: another worker making the same file at once never reads half of it.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return file;
}

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
    const snapshot = options.migrate === false ? null : await migratedPgliteSnapshot();
    const db = await createDatabase({ kind: 'pglite', dataDir: null, snapshot });
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
