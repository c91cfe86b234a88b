// Keyset pagination shared by every admin list: order by one column then id, fetch one row more
// than the page to learn whether another page exists, and hand out an opaque cursor of the last
// row's key. Same shape everywhere: `{ data, next_cursor }` (issue 5).
import { z } from 'zod';
import { invalidRequest } from '../http/problem.ts';
import { decodeCursor, encodeCursor, InvalidCursor } from '../lib/cursor.ts';

export type SortSpec = { column: string; direction: 'asc' | 'desc' };

/** `-created_at` -> created_at desc; `title` -> title asc. */
export function parseSort(value: string | undefined, fallback: string): SortSpec {
  const sort = value ?? fallback;
  return sort.startsWith('-') ? { column: sort.slice(1), direction: 'desc' } : { column: sort, direction: 'asc' };
}

const keysetCursor = z.object({ v: z.union([z.string(), z.number()]), id: z.string().uuid() }).strict();
export type Keyset = z.infer<typeof keysetCursor>;

/** @throws a 400 problem pointing at /query/cursor for a cursor this API did not issue */
export function readCursor(cursor: string | undefined): Keyset | null {
  if (!cursor) return null;
  try {
    return decodeCursor(cursor, keysetCursor);
  } catch (error) {
    if (error instanceof InvalidCursor) throw invalidRequest([{ pointer: '/query/cursor', detail: error.message }]);
    throw error;
  }
}

export function pageOf<Row extends { id: string }, Out>(rows: Row[], limit: number, sortValue: (row: Row) => string | number, map: (row: Row) => Out): { data: Out[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next_cursor = rows.length > limit && last ? encodeCursor({ v: sortValue(last), id: last.id }) : null;
  return { data: page.map(map), next_cursor };
}
