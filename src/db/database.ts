// The one place that chooses the SQL dialect: PostgreSQL through `pg` when a DATABASE_URL is
// configured, embedded PGlite (a real PostgreSQL compiled to WebAssembly) otherwise, so that a
// fresh machine needs no database server. Both speak the same SQL, so repositories never branch.
import { readFile } from 'node:fs/promises';
import { Kysely, PGliteDialect, PostgresDialect, sql, type Dialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { createStatementNamer } from './auto-prepare.ts';
import { statementNameOf } from './hot-queries.ts';
import { attachCommitCallbacks, CommitCallbacks } from './committed-writes.ts';
import { attachProbe, probePglite, probePgPool, type DatabaseProbe } from './pool-probe.ts';
import { NamedStatement } from './named-statement.ts';
import { plannerSetStatements, plannerStartupOptions } from './planner-settings.ts';
import { createTimestamptzParser } from './timestamp-parser.ts';

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize: number }
  // dataDir null: in memory (tests), from the snapshot tarball when one is named (PGLITE_MEMORY_SNAPSHOT).
  | { kind: 'pglite'; dataDir: string | null; snapshot?: string | null };

// int8 results (COUNT, SUM) arrive as strings from pg and as bigint from PGlite; every count
// and money sum in this service fits in a double, so both drivers return plain numbers.
const INT8_OID = 20;
const NUMERIC_OID = 1700;
pg.types.setTypeParser(INT8_OID, (value) => Number(value));
pg.types.setTypeParser(NUMERIC_OID, (value) => Number(value));
// timestamptz in its common UTC form without postgres-date's regular expressions (timestamp-parser.ts).
const TIMESTAMPTZ_OID = 1184;
pg.types.setTypeParser(
  TIMESTAMPTZ_OID,
  createTimestamptzParser(pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (value: string) => unknown),
);

export async function createDatabase(target: DatabaseTarget): Promise<Db> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize,
      // Fail fast instead of hanging when the server is down (503 with Retry-After, never a hang).
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      options: plannerStartupOptions(),
    });
    // A client that loses its server (a crash, a failover, pg_terminate_backend) emits 'error', and an
    // 'error' nobody listens to ends the process. pg-pool listens only while a client is idle (its
    // 'error' event, below); node-postgres ("Pooling", "error" event) asks for a listener of our own
    // on every client for its whole life, checked out included. The request that was using it fails
    // with the query's own error (503, http/database-unavailable.ts), and pg-pool drops the broken client
    // when it is released, so the next request connects afresh.
    pool.on('error', () => undefined);
    const autoName = createStatementNamer();
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      prepareStatements(client, autoName);
    });
    // docs/operations.md "Metrics": pool use and wait for /metrics (pool-probe.ts).
    return withCommitCallbacks(new PostgresDialect({ pool }), probePgPool(pool));
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { syncedPgliteOptions } = await import('./pglite-durability.ts');
  const parsers = { [INT8_OID]: (v: string) => Number(v), [NUMERIC_OID]: (v: string) => Number(v) };
  // docs/operations.md "Durability": on disk, every commit is synced before it is acknowledged (pglite-durability.ts).
  let fileSyncs = 0;
  const pglite =
    target.dataDir === null
      ? new PGlite({
          parsers,
          // A cluster to load skips initdb, most of an empty in-memory database's start.
          ...(target.snapshot ? { loadDataDir: new Blob([await readFile(target.snapshot)]) } : {}),
        })
      : new PGlite({ parsers, ...syncedPgliteOptions(target.dataDir, () => void fileSyncs++) });
  await pglite.waitReady;
  await pglite.exec(plannerSetStatements());
  return withCommitCallbacks(
    new PGliteDialect({ pglite }),
    probePglite(pglite, () => fileSyncs),
  );
}

/** A handle on `dialect` whose writes can call back once committed (committed-writes.ts). */
export function withCommitCallbacks(dialect: Dialect, probe?: DatabaseProbe): Db {
  const callbacks = new CommitCallbacks();
  const db = new Kysely<Database>({ dialect: callbacks.wrap(dialect) });
  attachCommitCallbacks(db, callbacks);
  if (probe) attachProbe(db, probe);
  return db;
}

/** Readiness probe: one round trip, bounded so that /readyz never hangs. */
export async function pingDatabase(db: Db, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([sql`select 1`.execute(db).then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * kysely sends every statement as (text, values); this client sends the hot ones (hot-queries.ts)
 * and the often repeated ones (auto-prepare.ts) as named statements instead, which PostgreSQL
 * parses and plans once per connection, and whose row shape is built once (named-statement.ts).
 * Statements without parameters (begin, commit) stay as they are.
 *
 * A call without a callback (kysely's) is answered through pg's callback form wrapped in a promise
 * of our own, not through pg's promise form: that one leaves each statement's Query, fields and
 * rows reachable from V8's old generation after the answer, alive until the next full collection
 * (bench/FINDINGS.md "pg's callback form": 0.5-0.9 MB promoted per scavenge under a
 * grouped token lookup, 25 KB through the callback).
 */
function prepareStatements(client: pg.PoolClient, autoName: (text: string) => string | undefined): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    const parameterized = typeof text === 'string' && Array.isArray(values) && values.length > 0;
    const name = parameterized ? (statementNameOf(text) ?? autoName(text)) : undefined;
    const send = (done: unknown) =>
      name
        ? query(new NamedStatement(name, text as string, values as unknown[], done as never))
        : query(text, values, done);
    // Callers that pass their own callback (pg-pool, or `query(text, callback)`) keep pg's own handling.
    if (callback !== undefined || typeof values === 'function') return send(callback);
    return new Promise((resolve, reject) => {
      send((error: Error | null, result: unknown) => (error ? reject(error) : resolve(result)));
    });
  };
}
