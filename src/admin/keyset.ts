// Keyset pagination shared by every admin list: order by one column then id, fetch one row more
// than the page to learn whether another page exists, and hand out an opaque cursor of the last
// row's key. Same shape everywhere: `{ data, next_cursor }` (OpenAPI parameters Limit and Cursor).
import { z } from 'zod';
import { invalidRequest } from '../http/problem.ts';
import { cursorInstant, cursorInteger, cursorNumber, cursorText, decodeCursor, encodeCursor, InvalidCursor } from '../lib/cursor.ts';

export type SortSpec = { column: string; direction: 'asc' | 'desc' };

/** `-created_at` -> created_at desc; `title` -> title asc. */
export function parseSort(value: string | undefined, fallback: string): SortSpec {
  const sort = value ?? fallback;
  return sort.startsWith('-') ? { column: sort.slice(1), direction: 'desc' } : { column: sort, direction: 'asc' };
}

const keysetCursor = z.object({ v: z.union([cursorText, cursorNumber]), id: z.string().uuid() }).strict();
export type Keyset = z.infer<typeof keysetCursor>;

const refuse = (detail: string) => invalidRequest([{ pointer: '/query/cursor', detail }]);

/** @throws a 400 problem pointing at /query/cursor for a cursor this API did not issue */
export function readCursor(cursor: string | undefined): Keyset | null {
  if (!cursor) return null;
  try {
    return decodeCursor(cursor, keysetCursor);
  } catch (error) {
    if (error instanceof InvalidCursor) throw refuse(`${error.message}; start again without it`);
    throw error;
  }
}

/**
 * How a list's sort key is typed back into SQL: a time as ISO 8601 text (`time`) or as integer
 * microseconds (`micros`), a whole number (`integer`: bigint money), a position (an integer
 * column), any number (`number`: rates, computed sums) or text.
 */
export type KeyKind = 'time' | 'micros' | 'integer' | 'position' | 'number' | 'text';

const KEY_SCHEMAS = { time: cursorInstant, micros: cursorInteger, integer: cursorInteger, position: cursorInteger.min(0).max(2 ** 31 - 1), number: cursorNumber, text: cursorText } as const;

/**
 * The cursor's sort value, checked against the kind of key the list compares it with (a
 * 400, never a 500). Every keyset condition takes its value from here, so a cursor of another sort order or
 * list, or a forged one that decodes, is a 400 and never a failed cast in SQL (a 500).
 * @throws a 400 problem pointing at /query/cursor
 */
export function keyValue(after: Keyset, kind: KeyKind): string | number {
  const parsed = KEY_SCHEMAS[kind].safeParse(after.v);
  if (!parsed.success) throw refuse('cursor belongs to another list or sort order; start again without it');
  return parsed.data;
}

export function pageOf<Row extends { id: string }, Out>(rows: Row[], limit: number, sortValue: (row: Row) => string | number, map: (row: Row) => Out): { data: Out[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next_cursor = rows.length > limit && last ? encodeCursor({ v: sortValue(last), id: last.id }) : null;
  return { data: page.map(map), next_cursor };
}
