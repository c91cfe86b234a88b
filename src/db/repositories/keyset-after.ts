// SQL pieces of keyset pagination for the curriculum, lecturers, comments and forms lists
// (admin/keyset.ts holds the cursor itself). Timestamps are compared at the database's full
// precision: PostgreSQL keeps microseconds, a JS Date only milliseconds, so a cursor made from a
// Date would fall *before* its own row and skip every row sharing that millisecond (all rows
// written in one transaction share now(), as the demo seed's rows do).
import { sql, type RawBuilder } from 'kysely';
import { keyValue, type Keyset, type SortSpec } from '../../admin/keyset.ts';

/** The column as ISO 8601 UTC text with microseconds: the cursor value of a time-sorted list. */
export function exactTime(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * `(column, id) > (value, id)` (or `<` for a descending sort): the rows after the cursor.
 * @param kind how to read the cursor's value back: a timestamp, text or a number
 */
export function afterKeyset(column: string, idColumn: string, sort: SortSpec, after: Keyset, kind: 'time' | 'text' | 'number'): RawBuilder<boolean> {
  const op = sort.direction === 'desc' ? sql`<` : sql`>`;
  // keyValue refuses (400) a cursor whose value this key cannot be compared with (a 400, never a 500).
  const value = kind === 'time' ? sql`${keyValue(after, 'time')}::timestamptz` : kind === 'number' ? sql`${keyValue(after, 'number')}` : sql`${keyValue(after, 'text')}::text`;
  return sql<boolean>`(${sql.ref(column)}, ${sql.ref(idColumn)}) ${op} (${value}, ${after.id}::uuid)`;
}
