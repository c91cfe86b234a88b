// Keyset pages in SQL for every list: order by one sort key then id, and continue strictly after
// the cursor's `(key, id)` as a row value, so a page starts exactly after the last row of the
// previous one however deep it is (no OFFSET). Times leave the database as ISO 8601 UTC text with
// microseconds, the precision of timestamptz: a JavaScript Date keeps milliseconds only, and a key
// rounded to them would skip or repeat the rows that share a millisecond (one statement stamps all
// its rows with the same now(), as the demo seed does). A window may also end before a key and be
// read from its end (the Relay connections' `before` and `last`): the same comparison turned
// around, so one cursor marks a position that pages in either direction start from.
import { sql, type RawBuilder } from 'kysely';
import type { KeyKind, Keyset } from './cursor.ts';

export type SortSpec = { column: string; direction: 'asc' | 'desc' };

/** What a list function of a repository receives: page size, sort, and the key to continue after. */
export type KeysetPage = {
  limit: number;
  sort: SortSpec;
  /** Only rows after this key in the list's order. */
  after: Keyset | null;
  /** Only rows before this key in the list's order (lists paged backward; others never set it). */
  before?: Keyset | null;
  /** Take the rows from the window's end: ordered against the list's order, so the caller reverses them. */
  fromEnd?: boolean;
  /** `after` and `before` include the key's own row (asking whether anything lies beyond a page). */
  inclusive?: boolean;
};

/** A sort key: a column or a computed expression, and how its cursor value is typed. */
export type SortKey = { expression: RawBuilder<unknown>; kind: KeyKind };

export function columnKey(column: string, kind: KeyKind): SortKey {
  return { expression: sql`${sql.ref(column)}`, kind };
}

/** A time expression as ISO 8601 UTC text with microseconds, e.g. `2026-11-22T09:30:00.123456Z`. */
function isoMicros(expression: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`to_char((${expression}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** A time column as cursor keys carry it (see isoMicros). */
export function timeText(column: string): RawBuilder<string> {
  return isoMicros(sql`${sql.ref(column)}`);
}

export type KeysetSql = {
  /** The row's sort value as the cursor carries it: select it `as('sort_key')`. */
  value: RawBuilder<string | number>;
  /** ORDER BY key, then id, both in the list's direction (the id breaks ties deterministically); reversed `fromEnd`. */
  orderBy: RawBuilder<unknown>;
  /** `(key, id) < (value, id)` for a descending list, `>` for an ascending one; null on the first page. */
  after: RawBuilder<boolean> | null;
  /** The same comparison turned around, for `page.before`; null without it. */
  before: RawBuilder<boolean> | null;
};

function typed(value: string | number, kind: KeyKind): RawBuilder<unknown> {
  if (kind === 'time') return sql`${value}::timestamptz`;
  if (kind === 'integer') return sql`${value}::bigint`;
  if (kind === 'number') return sql`${value}::numeric`;
  return sql`${value}`; // text: typed by the column it is compared with (text, citext)
}

/** `(key, id) <op> (value, id)`: a row value comparison, which an index on (key, id) answers. */
function beyond(key: SortKey, idColumn: string, bound: Keyset, operator: string): RawBuilder<boolean> {
  return sql<boolean>`(${key.expression}, ${sql.ref(idColumn)}) ${sql.raw(operator)} (${typed(bound.v, key.kind)}, ${bound.id}::uuid)`;
}

/** The one keyset builder: the where-conditions and order of a page between `page.after` and `page.before`. */
export function keyset(
  key: SortKey,
  idColumn: string,
  page: { sort: SortSpec; after: Keyset | null; before?: Keyset | null; fromEnd?: boolean; inclusive?: boolean },
): KeysetSql {
  const descending = page.sort.direction === 'desc';
  const direction = sql.raw(descending !== (page.fromEnd ?? false) ? 'desc' : 'asc');
  const orEqual = page.inclusive ? '=' : '';
  const value = key.kind === 'time' ? isoMicros(key.expression) : (key.expression as RawBuilder<string | number>);
  return {
    value,
    orderBy: sql`${key.expression} ${direction}, ${sql.ref(idColumn)} ${direction}`,
    after: page.after ? beyond(key, idColumn, page.after, (descending ? '<' : '>') + orEqual) : null,
    before: page.before ? beyond(key, idColumn, page.before, (descending ? '>' : '<') + orEqual) : null,
  };
}

/** The columns a list may be sorted by, and the kind of each one's key; the first is the fallback. */
export type Sortable = Readonly<Record<string, KeyKind>>;

/** The sort key of a list sorted by one of its columns; `alias` qualifies it (`d` makes `d.created_at`). */
export function sortColumn(sortable: Sortable, sort: SortSpec, alias?: string): SortKey {
  const column = Object.hasOwn(sortable, sort.column) ? sort.column : Object.keys(sortable)[0]!;
  return columnKey(alias ? `${alias}.${column}` : column, sortable[column]!);
}
