// The list conventions of every surface in one place (OpenAPI `Limit`, `Cursor` and `NextCursor`:
// `limit` 1-100, default 20; an opaque `cursor`; `{ data, next_cursor }`): reads the query into a
// keyset window, and turns the rows a repository fetched (one more than the page, to learn whether
// another page exists without a COUNT) into a page whose cursor is bound to this list and sort.
import type { CursorCodec, KeyKind, Keyset } from '../db/pagination/cursor.ts';
import type { KeysetPage, SortSpec } from '../db/pagination/keyset.ts';

export type ListQuery = { limit?: number | undefined; cursor?: string | undefined; sort?: string | undefined };

/** `cursors`: the codec of the app that read the window, which signs the page's next cursor too. */
export type ListWindow = KeysetPage & { list: string; kind: KeyKind; cursors: CursorCodec };

/** `-created_at` -> created_at desc; `title` -> title asc. */
export function parseSort(value: string | undefined, fallback: string): SortSpec {
  const sort = value ?? fallback;
  return sort.startsWith('-') ? { column: sort.slice(1), direction: 'desc' } : { column: sort, direction: 'asc' };
}

const sortText = (sort: SortSpec) => `${sort.direction === 'desc' ? '-' : ''}${sort.column}`;

/**
 * The window of one page of `list`, its cursor read with the app's `cursors`.
 * @param sorts the columns the list may be sorted by, and the kind of each one's key
 * @throws InvalidCursor for a cursor not issued for this list and sort
 */
export function listWindow(
  cursors: CursorCodec,
  list: string,
  query: ListQuery,
  sorts: Readonly<Record<string, KeyKind>>,
  fallbackSort: string,
): ListWindow {
  let sort = parseSort(query.sort, fallbackSort);
  if (!Object.hasOwn(sorts, sort.column)) sort = parseSort(fallbackSort, fallbackSort);
  const kind = sorts[sort.column]!;
  const after = query.cursor ? cursors.decode(query.cursor, { list, sort: sortText(sort) }, kind) : null;
  return { list, limit: query.limit ?? 20, sort, kind, after, cursors };
}

/**
 * The key of a cursor issued for the window's list and sort: how a window that also ends somewhere
 * (a connection's `before`) reads its second cursor.
 * @throws InvalidCursor for a cursor not issued for this list and sort
 */
export function keyOfCursor(window: ListWindow, cursor: string): Keyset {
  return window.cursors.decode(cursor, { list: window.list, sort: sortText(window.sort) }, window.kind);
}

/** The cursor of the row a page ends with, bound to the window's list and sort. */
export function cursorAfter(window: ListWindow, key: { v: string | number | bigint; id: string }): string {
  const v: Keyset['v'] = window.kind === 'integer' || window.kind === 'number' ? Number(key.v) : String(key.v);
  return window.cursors.encode({ list: window.list, sort: sortText(window.sort) }, { v, id: key.id });
}

/** `{ data, next_cursor }` of rows fetched with `limit + 1`. */
export function pageOf<Row extends { id: string }, Out>(
  rows: Row[],
  window: ListWindow,
  sortValue: (row: Row) => string | number | bigint,
  map: (row: Row) => Out,
): { data: Out[]; next_cursor: string | null } {
  const page = rows.slice(0, window.limit);
  const last = page.at(-1);
  const next_cursor =
    rows.length > window.limit && last ? cursorAfter(window, { v: sortValue(last), id: last.id }) : null;
  return { data: page.map(map), next_cursor };
}
