// Keyset pages in SQL for the content lists (events, registrations, posts, pages, digital
// products): order by one sort column then id, and continue strictly after the cursor's key.
// Time columns are keyed by integer microseconds, exact where a millisecond ISO string would skip
// rows that share a millisecond (sql-helpers.ts explains why); text columns by their value.
import { sql, type RawBuilder } from 'kysely';
import { keyValue, type Keyset, type SortSpec } from '../../admin/keyset.ts';
import { microsOf } from './sql-helpers.ts';

export type ListWindow = { limit: number; after: Keyset | null; sort: SortSpec };

/** Which columns a list may be sorted by, and how each is keyed; the first is the fallback. */
export type Sortable = Readonly<Record<string, 'time' | 'text'>>;

export type KeysetSql = {
  /** Select it `as('sort_key')`, order by it, and hand it to pageOf as the row's sort value. */
  key: RawBuilder<string | number>;
  direction: 'asc' | 'desc';
  /** The condition for rows after the cursor; null on the first page. */
  after: RawBuilder<boolean> | null;
};

/** @param alias the table's alias when the query joins others (`d` makes `d.created_at`, `d.id`) */
export function keysetSql(sortable: Sortable, window: ListWindow, alias?: string): KeysetSql {
  const column = Object.hasOwn(sortable, window.sort.column) ? window.sort.column : Object.keys(sortable)[0]!;
  const ref = (name: string) => (alias ? `${alias}.${name}` : name);
  const isTime = sortable[column] === 'time';
  const key = isTime ? microsOf(ref(column)) : sql<string>`${sql.ref(ref(column))}`;
  const { direction } = window.sort;
  if (!window.after) return { key, direction, after: null };
  const op = direction === 'desc' ? sql`<` : sql`>`;
  // keyValue refuses (400) a cursor whose value this key cannot be compared with (a 400, never a 500).
  const value = isTime ? sql`${keyValue(window.after, 'micros')}::bigint` : sql`${keyValue(window.after, 'text')}`;
  return { key, direction, after: sql<boolean>`(${key}, ${sql.ref(ref('id'))}) ${op} (${value}, ${window.after.id}::uuid)` };
}
