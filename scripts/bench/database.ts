// Scratch PostgreSQL databases for one benchmark run: created fresh on the local server (so our
// service seeds the demo schools on an empty database) and dropped when the run ends.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type ScratchDatabase = { name: string; url: string; drop: () => Promise<void> };

const created = new Set<ScratchDatabase>();

async function adminQuery(serverUrl: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(serverUrl: string, label: string): Promise<ScratchDatabase> {
  const name = `bench_${label}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const scratch: ScratchDatabase = {
    name,
    url: url.toString(),
    drop: async () => {
      created.delete(scratch);
      // WITH (FORCE) ends the connections a killed server may have left behind (PostgreSQL 13+).
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
  created.add(scratch);
  return scratch;
}

/** Drops whatever this run created and has not dropped yet (error and signal paths). */
export async function dropAllScratchDatabases(): Promise<void> {
  for (const scratch of [...created])
    await scratch
      .drop()
      .catch((error: unknown) => process.stderr.write(`could not drop ${scratch.name}: ${String(error)}\n`));
}

/**
 * VACUUM (ANALYZE) of a run's database once its fixtures are written, before any row is measured,
 * so that every run plans its statements with statistics, as a production database has them. Without
 * it the small dataset's tables, written by a few hundred statements, may have none (autovacuum
 * analyzes a table after 50 changed rows and 10% of it, and may be off, as it is on the CI machine),
 * while the large dataset's have them (fixtures/scale-data.ts): the scale run would compare plans
 * made without statistics with plans made with them (bench/FINDINGS.md "Statistics in every run").
 */
export async function settleDatabase(databaseUrl: string): Promise<void> {
  await adminQuery(databaseUrl, 'vacuum (analyze)');
}

export async function postgresVersion(serverUrl: string): Promise<string> {
  const result = await adminQuery(serverUrl, 'show server_version');
  return String((result.rows[0] as { server_version?: string } | undefined)?.server_version ?? 'unknown');
}

/**
 * The server processes (backends) serving one database, to add PostgreSQL's CPU to a
 * measurement: our service spends part of each request there, on the other core.
 */
export function createBackendLister(serverUrl: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  const connected = client.connect();
  return {
    async pids(database: string): Promise<number[]> {
      await connected;
      const result = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
        database,
      ]);
      return result.rows.map((row) => row.pid);
    },
    /**
     * Transactions committed or rolled back in `database` so far (pg_stat_database). Every statement
     * outside BEGIN is its own, so per request it counts round trips that wrote or read. Backends
     * publish their counts at most once a second, so over a run of several seconds this is close,
     * not exact.
     */
    async transactions(database: string): Promise<number> {
      await connected;
      const result = await client.query<{ n: string }>(
        'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
        [database],
      );
      return Number(result.rows[0]?.n ?? 0);
    },
    async close(): Promise<void> {
      await connected.catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}
export type BackendLister = ReturnType<typeof createBackendLister>;
