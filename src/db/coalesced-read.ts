// Reads of one key that arrive while that key's read is in flight share the next read, so fifty
// concurrent requests for one client's row or one rate-limit bucket cost a few round trips, not
// fifty (bench/ANALYSIS.md, 2026-11-27 "grouped reads"). Nothing is served from before its request:
// a caller never joins a read that was sent before it arrived (lib/group-commit.ts), so it sees
// every change committed before it asked, as a statement of its own would. Inside a transaction
// a read stays that transaction's own.
import type { Kysely } from 'kysely';
import { createGroupCommit } from '../lib/group-commit.ts';
import type { Database } from './schema.ts';

// database.ts's Db, spelt out as hot-queries.ts does (database.ts must not be imported back by what it uses).
type Db = Kysely<Database>;

/**
 * `read`, coalesced per key: the callers of one key share one call of `read` with the first
 * caller's arguments, so `keyOf` must name everything that can change its answer.
 */
export function coalescedRead<Args extends readonly unknown[], Result>(
  keyOf: (...args: Args) => string,
  read: (db: Db, ...args: Args) => Promise<Result>,
): (db: Db, ...args: Args) => Promise<Result> {
  // Per database object: a test may open PGlite and PostgreSQL in one process.
  const groups = new WeakMap<Db, (key: string, args: Args) => Promise<{ outcome: Result }>>();
  return async (db, ...args) => {
    if (db.isTransaction) return read(db, ...args);
    let group = groups.get(db);
    if (!group) {
      group = createGroupCommit((_key: string, waiting: Args[]) => read(db, ...waiting[0]!));
      groups.set(db, group);
    }
    return (await group(keyOf(...args), args)).outcome;
  };
}
