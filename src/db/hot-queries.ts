// Statements that run on (nearly) every request: the bearer guard's token lookup, the client
// lookup of the token endpoints, the rate-limit counter, the refresh rotation. Building one with
// kysely's query builder costs about 25 µs of CPU per request and PostgreSQL parses and plans
// unnamed statements every time, so these are written once as SQL text: they skip the builder,
// and on PostgreSQL they are prepared once per pooled connection under their name (pg's named
// statements; database.ts). On PGlite the same text simply runs. Repositories alone use this.
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

// database.ts's Db, spelt out: database.ts imports statementNameOf from here, and this module must
// not import it back (the layer rules forbid cycles).
type Db = Kysely<Database>;

const names = new Map<string, string>();

/** The prepared-statement name of a hot statement's text, for the PostgreSQL driver. */
export function statementNameOf(text: string): string | undefined {
  return names.get(text);
}

/** Registers a hot statement once, at module load; its parameters are $1, $2, … in order. */
export function hotQuery<Row>(name: string, text: string): (db: Db, parameters: readonly unknown[]) => Promise<Row[]> {
  const existing = [...names].find(([, n]) => n === name);
  if (existing && existing[0] !== text) throw new Error(`two hot statements are named ${name}`);
  names.set(text, name);
  return async (db, parameters) => (await db.executeQuery<Row>(CompiledQuery.raw(text, [...parameters]))).rows;
}
