// Work inside a transaction that may fail without failing the transaction: a SAVEPOINT before it,
// RELEASE after, and on error ROLLBACK TO the savepoint, which undoes the work and its locks and
// lets the transaction go on as if it had not been tried (PostgreSQL "SAVEPOINT").
import { sql } from 'kysely';
import type { Db } from './database.ts';

export type Tried<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** `name`: a plain identifier, unique among the savepoints open at once. */
export async function tryInSavepoint<T>(trx: Db, name: string, work: () => Promise<T>): Promise<Tried<T>> {
  const savepoint = sql.id(name);
  await sql`savepoint ${savepoint}`.execute(trx);
  try {
    const value = await work();
    await sql`release savepoint ${savepoint}`.execute(trx);
    return { ok: true, value };
  } catch (error) {
    // A failure here too (the connection is gone) fails the transaction, as it must.
    await sql`rollback to savepoint ${savepoint}`.execute(trx);
    return { ok: false, error };
  }
}
