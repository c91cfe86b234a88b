// kysely builds and compiles a statement on every call. For the member's page of enrolled courses
// (a dozen columns, two joins, two correlated counts) that was about a tenth of a GraphQL viewer
// request's CPU (bench/FINDINGS.md "Shaped statements"), yet its text depends only on a few
// switches: which cursors bound the page and in which direction it is read. So such a statement is
// built with kysely once per shape, with a marker in place of every value, and compiled; each call
// then sends that text with its own values where the markers were (auto-prepare.ts names it as
// before). The statement is still written once, with the query builder.
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

// database.ts's Db, spelt out as hot-queries.ts does (database.ts must not be imported back by what it uses).
type Db = Kysely<Database>;

const MARKER = '\u0000shaped-statement-value:';

/** Stands for a value of the input while the statement is built: `value((input) => input.siteId)`. */
export type ValueOf<Input> = <T>(pick: (input: Input) => T) => T;

type Template<Input> = { sql: string; values: ((input: Input) => unknown)[] };

/**
 * A statement built once per shape.
 * @param shapeOf every switch of the input that changes the statement's text (never a value)
 * @param build builds the statement; every parameter goes through `value`, and the input is read
 *   directly only for the switches `shapeOf` names
 */
export function shapedStatement<Input, Row>(
  shapeOf: (input: Input) => string,
  build: (db: Db, value: ValueOf<Input>, input: Input) => Compilable<Row>,
): (db: Db, input: Input) => Promise<Row[]> {
  // Per database object: a test may open PGlite and PostgreSQL in one process.
  const templates = new WeakMap<Db, Map<string, Template<Input>>>();

  const templateOf = (db: Db, input: Input): Template<Input> => {
    let byShape = templates.get(db);
    if (!byShape) templates.set(db, (byShape = new Map<string, Template<Input>>()));
    const shape = shapeOf(input);
    let template = byShape.get(shape);
    if (!template) {
      const picks: ((input: Input) => unknown)[] = [];
      const value: ValueOf<Input> = <T>(pick: (input: Input) => T): T => {
        picks.push(pick);
        return `${MARKER}${picks.length - 1}` as T;
      };
      const compiled = build(db, value, input).compile();
      // Every parameter must be a marker: a value read from the input directly would be the first
      // call's, sent with every later one (another member's id). A marker in the text, or one
      // dropped, would send the marker instead of its value.
      const used = new Set<number>();
      const values = compiled.parameters.map((parameter) => {
        if (typeof parameter !== 'string' || !parameter.startsWith(MARKER))
          throw new Error('a shaped statement takes every parameter through `value`');
        const index = Number(parameter.slice(MARKER.length));
        used.add(index);
        return picks[index]!;
      });
      if (compiled.sql.includes(MARKER) || used.size !== picks.length)
        throw new Error('a shaped statement must pass every value as a parameter');
      template = { sql: compiled.sql, values };
      byShape.set(shape, template);
    }
    return template;
  };

  return async (db, input) => {
    const { sql, values } = templateOf(db, input);
    return (
      await db.executeQuery<Row>(
        CompiledQuery.raw(
          sql,
          values.map((pick) => pick(input)),
        ),
      )
    ).rows;
  };
}
