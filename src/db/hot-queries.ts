// Statements that run on (nearly) every request: the bearer guard's token lookup, the client
// lookup of the token endpoints, the rate-limit counter, the refresh rotation, the webhook event of
// every change that announces itself, a course's publish and archive. Building one with kysely's
// query builder costs about 25 µs of CPU per request and PostgreSQL parses and plans unnamed
// statements every time, so these are written once as SQL text: they skip the builder, and on
// PostgreSQL they are prepared once per pooled connection under their name (pg's named
// statements; database.ts). On PGlite the same text simply runs. Repositories alone use this.
import { CompiledQuery, createQueryId, InsertQueryNode, TableNode, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

// database.ts's Db, spelt out: database.ts imports statementNameOf from here, and this module must
// not import it back (the layer rules forbid cycles).
type Db = Kysely<Database>;

const names = new Map<string, string>();

/** The prepared-statement name of a hot statement's text, for the PostgreSQL driver. */
export function statementNameOf(text: string): string | undefined {
  return names.get(text);
}

function register(name: string, text: string): void {
  const existing = [...names].find(([, n]) => n === name);
  if (existing && existing[0] !== text) throw new Error(`two hot statements are named ${name}`);
  names.set(text, name);
}

/** Registers a hot statement once, at module load; its parameters are $1, $2, … in order. */
export function hotQuery<Row>(name: string, text: string): (db: Db, parameters: readonly unknown[]) => Promise<Row[]> {
  register(name, text);
  return async (db, parameters) => (await db.executeQuery<Row>(CompiledQuery.raw(text, [...parameters]))).rows;
}

/**
 * A hot statement that adds rows to `table`. The plugins that watch writes (db/table-writes.ts,
 * which wakes a worker once the rows are committed, and metrics/auth-event-counter.ts) are shown an
 * INSERT into `table` under the statement's queryId, as they are shown what the builder makes: SQL
 * text alone passes them by, and the worker would wait for its poll.
 */
export function hotInsert<Row>(
  name: string,
  table: string,
  text: string,
): (db: Db, parameters: readonly unknown[]) => Promise<Row[]> {
  register(name, text);
  const node = InsertQueryNode.create(TableNode.create(table));
  return async (db, parameters) => {
    const queryId = createQueryId();
    const query = db.getExecutor().transformQuery(node, queryId);
    return (await db.executeQuery<Row>({ query, queryId, sql: text, parameters: [...parameters] })).rows;
  };
}
