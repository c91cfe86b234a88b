// Grouped reads: reads that arrive while one is in flight share the next one, so fifty concurrent
// requests for one client's row, one rate-limit bucket or fifty tokens cost a few round trips, not
// fifty (bench/FINDINGS.md "Group commit and grouped reads"). Nothing is served from before its request:
// a caller never joins a read that was sent before it arrived (lib/group-commit.ts), so it sees
// every change committed before it asked, as a statement of its own would. Inside a transaction
// a read stays that transaction's own. One mechanism, two shapes: the same read of one key
// (coalescedRead) and one statement for many keys (batchedLookup).
import type { Kysely } from 'kysely';
import { createGroupCommit } from '../lib/group-commit.ts';
import type { Database } from './schema.ts';

// database.ts's Db, spelt out as hot-queries.ts does (database.ts must not be imported back by what it uses).
type Db = Kysely<Database>;

type Group<Item, Outcome> = (key: string, item: Item) => Promise<{ outcome: Outcome }>;

/**
 * Runs `item` through its database's group (one per database object: a test may open PGlite and
 * PostgreSQL in one process), or through `alone` inside a transaction.
 */
function grouped<Item, Outcome, Result>(
  write: (db: Db, items: Item[]) => Promise<Outcome>,
  alone: (db: Db, item: Item) => Promise<Result>,
  pick: (outcome: Outcome, item: Item) => Result,
): (db: Db, key: string, item: Item) => Promise<Result> {
  const groups = new WeakMap<Db, Group<Item, Outcome>>();
  return async (db, key, item) => {
    if (db.isTransaction) return alone(db, item);
    let group = groups.get(db);
    if (!group) {
      group = createGroupCommit((_key: string, items: Item[]) => write(db, items));
      groups.set(db, group);
    }
    return pick((await group(key, item)).outcome, item);
  };
}

/**
 * `read`, coalesced per key: the callers of one key share one call of `read` with the first
 * caller's arguments, so `keyOf` must name everything that can change its answer.
 */
export function coalescedRead<Args extends readonly unknown[], Result>(
  keyOf: (...args: Args) => string,
  read: (db: Db, ...args: Args) => Promise<Result>,
): (db: Db, ...args: Args) => Promise<Result> {
  const run = grouped<Args, Result, Result>(
    (db, waiting) => read(db, ...waiting[0]!),
    (db, args) => read(db, ...args),
    (outcome) => outcome,
  );
  return (db, ...args) => run(db, keyOf(...args), args);
}

/**
 * Keys one call of a batched lookup's `readMany` is given at most. A group holds every key that
 * waited while the last read was out, as many as requests in flight: far more than this only under
 * a flood, whose keys then go in several statements of bounded size, side by side, instead of one
 * statement of unbounded size holding its connection.
 */
export const MAX_KEYS_PER_READ = 500;

/** `keys` in slices of at most MAX_KEYS_PER_READ. */
function slices(keys: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < keys.length; i += MAX_KEYS_PER_READ) out.push(keys.slice(i, i + MAX_KEYS_PER_READ));
  return out;
}

/** Every distinct key waiting, read by `readMany` in slices of at most MAX_KEYS_PER_READ. */
async function readAll<Row>(
  readMany: (db: Db, keys: readonly string[]) => Promise<ReadonlyMap<string, Row>>,
  db: Db,
  keys: readonly string[],
): Promise<ReadonlyMap<string, Row>> {
  const distinct = [...new Set(keys)];
  if (distinct.length <= MAX_KEYS_PER_READ) return readMany(db, distinct);
  const maps = await Promise.all(slices(distinct).map((slice) => readMany(db, slice)));
  return new Map(maps.flatMap((map) => [...map]));
}

/**
 * Lookups by key, every key waiting answered by one call of `readMany` (rows by key; none when
 * absent), or by one per slice of MAX_KEYS_PER_READ keys.
 */
export function batchedLookup<Row>(
  readMany: (db: Db, keys: readonly string[]) => Promise<ReadonlyMap<string, Row>>,
): (db: Db, key: string) => Promise<Row | undefined> {
  const run = grouped<string, ReadonlyMap<string, Row>, Row | undefined>(
    (db, keys) => readAll(readMany, db, keys),
    async (db, key) => (await readMany(db, [key])).get(key),
    (rows, key) => rows.get(key),
  );
  return (db, key) => run(db, 'lookup', key);
}
