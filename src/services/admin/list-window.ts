// The list conventions of the content families in one place (OpenAPI Limit and Cursor: `limit` 1-100, default
// 20; opaque `cursor`; `{ data, next_cursor }`): reads the query into a keyset window and turns
// the repository's rows (each with its `sort_key`) into a page.
import { pageOf, parseSort, readCursor } from '../../admin/keyset.ts';
import type { ListWindow, Sortable } from '../../db/repositories/keyset-sql.ts';
import { invalidRequest } from '../../http/problem.ts';

export type ListQuery = { limit?: number; cursor?: string; sort?: string };

export function listWindow(query: ListQuery, sortable: Sortable, fallbackSort: string): ListWindow {
  const sort = parseSort(query.sort, fallbackSort);
  const after = readCursor(query.cursor);
  // A cursor keeps its sort's key: a time key is a number, a text key a string. One from another
  // sort order would compare nonsense (or fail in SQL), so it is the client's error.
  if (after && (typeof after.v === 'number') !== (sortable[sort.column] === 'time')) {
    throw invalidRequest([{ pointer: '/query/cursor', detail: 'cursor belongs to another sort order' }]);
  }
  return { limit: query.limit ?? 20, sort, after };
}

export function pageOfRows<Row extends { id: string; sort_key: string | number }, Out>(rows: Row[], window: ListWindow, map: (row: Row) => Out) {
  return pageOf(rows, window.limit, (row) => (typeof row.sort_key === 'string' ? row.sort_key : Number(row.sort_key)), map);
}
