// docs/operations.md "Metrics": how busy the database connection is, read by /metrics. database.ts
// attaches a probe to each database it opens; the metrics registry samples it on each scrape.
// - PostgreSQL: the pg pool's own counts (totalCount, idleCount, waitingCount) and the time each
//   `pool.connect()` (one per kysely query or transaction) waited for a connection.
// - PGlite: one connection that runs one statement at a time; what can be measured is how many
//   statements and transactions are under way (the rest queue behind the first) and how long a
//   transaction waited for its turn.
import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

export type PoolSample =
  | { total: number; idle: number; waiting: number }
  /** PGlite; `fileSyncs`: fsync() calls that reached the disk (docs/operations.md "Durability"). */
  | { inFlight: number; fileSyncs: number };

export type DatabaseProbe = {
  sample(): PoolSample;
  /** Called with the seconds each connection (or turn) took to get. */
  onWait(listener: (seconds: number) => void): void;
};

const probes = new WeakMap<object, DatabaseProbe>();

export function attachProbe(db: object, probe: DatabaseProbe): void {
  probes.set(db, probe);
}

export function probeOf(db: object): DatabaseProbe | undefined {
  return probes.get(db);
}

function waitListeners() {
  const listeners: Array<(seconds: number) => void> = [];
  return {
    add: (listener: (seconds: number) => void) => void listeners.push(listener),
    emit: (since: number) => {
      const seconds = (performance.now() - since) / 1000;
      for (const listener of listeners) listener(seconds);
    },
  };
}

export function probePgPool(pool: pg.Pool): DatabaseProbe {
  const waits = waitListeners();
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  // kysely's PostgresDriver asks `await pool.connect()` for each query or transaction; pg's own
  // callback form (pool.query) passes through untimed.
  (pool as { connect: unknown }).connect = (callback?: unknown) => {
    if (callback) return connect(callback);
    const since = performance.now();
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      waits.emit(since);
      return client;
    });
  };
  return {
    sample: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onWait: waits.add,
  };
}

export function probePglite(pglite: PGlite, fileSyncs: () => number): DatabaseProbe {
  const waits = waitListeners();
  let inFlight = 0;
  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight += 1;
    return work.finally(() => {
      inFlight -= 1;
    });
  };
  const query = pglite.query.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  (pglite as { query: unknown }).query = (...args: Parameters<typeof query>) => track(query(...args));
  (pglite as { transaction: unknown }).transaction = <T>(callback: (tx: unknown) => Promise<T>) => {
    const since = performance.now();
    return track(
      transaction((tx) => {
        waits.emit(since);
        return callback(tx);
      }),
    );
  };
  return { sample: () => ({ inFlight, fileSyncs: fileSyncs() }), onWait: waits.add };
}
