// Keyset conditions for the commerce lists (orders, subscriptions, plans, coupons) and the
// per-course analytics reports, whose sort keys may be money or computed counts and rates, not
// only columns: `(key, id)` compared as a row value with the cursor's, so a page starts exactly
// after the last row of the previous one (OpenAPI parameter Cursor: opaque cursors, no depth cap).
import { sql, type RawBuilder } from 'kysely';
import { keyValue, type Keyset, type SortSpec } from '../../admin/keyset.ts';

/** How the cursor's value is typed back into SQL. */
export type KeyKind = 'time' | 'bigint' | 'numeric' | 'text';

export type SortKey = { expression: RawBuilder<unknown>; kind: KeyKind };

/**
 * A timestamp column as its sort key, leaving the database as ISO 8601 text with microseconds: a
 * JavaScript Date keeps milliseconds only, and a cursor rounded to them would skip rows.
 */
export function timeKey(column: string): SortKey {
  return { expression: sql`${sql.ref(column)}`, kind: 'time' };
}

export function exactIso(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** keyValue refuses (400) a cursor whose value this key cannot be compared with (a 400, never a 500). */
function cursorValue(after: Keyset, kind: KeyKind): RawBuilder<unknown> {
  if (kind === 'time') return sql`${keyValue(after, 'time')}::timestamptz`;
  if (kind === 'bigint') return sql`${keyValue(after, 'integer')}::bigint`;
  if (kind === 'numeric') return sql`${keyValue(after, 'number')}::numeric`;
  return sql`${keyValue(after, 'text')}::text`;
}

/** `(key, id) < (v, id)` for descending lists, `>` for ascending ones. */
export function afterSortKey(key: SortKey, idColumn: string, sort: SortSpec, after: Keyset): RawBuilder<boolean> {
  const operator = sql.raw(sort.direction === 'desc' ? '<' : '>');
  return sql<boolean>`(${key.expression}, ${sql.ref(idColumn)}) ${operator} (${cursorValue(after, key.kind)}, ${after.id}::uuid)`;
}

/** ORDER BY key, then id, both in the list's direction (the id breaks ties deterministically). */
export function orderBySortKey(key: SortKey, idColumn: string, sort: SortSpec): RawBuilder<unknown> {
  const direction = sql.raw(sort.direction === 'desc' ? 'desc' : 'asc');
  return sql`${key.expression} ${direction}, ${sql.ref(idColumn)} ${direction}`;
}
