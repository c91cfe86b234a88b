// Cursors of the commerce lists and analytics reports carry a sort key of one type: a time, a
// number (money, counts, rates) or a text. A cursor handed back with another sort than the one that
// issued it would make the database cast a title to a time; that is the client's mistake, so it is
// a 400 pointing at /query/cursor (OpenAPI parameter Cursor), never a 500.
import { readCursor, type Keyset } from '../../admin/keyset.ts';
import { invalidRequest } from '../../http/problem.ts';

export type CursorKind = 'time' | 'number' | 'text';

function fits(value: string | number, kind: CursorKind): boolean {
  if (kind === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (kind === 'time') return typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value) && !Number.isNaN(Date.parse(value));
  return typeof value === 'string';
}

/** @throws a 400 problem pointing at /query/cursor for a forged cursor or one of another sort */
export function readSortCursor(cursor: string | undefined, kind: CursorKind): Keyset | null {
  const key = readCursor(cursor);
  if (key && !fits(key.v, kind)) {
    throw invalidRequest([{ pointer: '/query/cursor', detail: 'cursor was issued for another sort; start again without it' }]);
  }
  return key;
}
