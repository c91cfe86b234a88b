// Keyset pagination shared by the member data API's lists (account-*.ts). The sort time leaves
// the database as text with microseconds: a JavaScript Date keeps milliseconds only, and a cursor
// rounded to the millisecond would skip or repeat rows whose times differ below it.
import { sql, type RawBuilder } from 'kysely';

/** The last row's sort key: its time (ISO 8601 UTC, microseconds) and its id as tie-breaker. */
export type Keyset = { t: string; id: string };

export type PageRequest = { limit: number; after: Keyset | null };

/** ISO 8601 UTC with microseconds, e.g. `2026-11-22T09:30:00.123456Z`. */
export function isoMicros(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Rows after the key: `(time, id) < key` for newest-first lists, `>` for oldest-first ones. */
export function afterKey(timeColumn: string, idColumn: string, key: Keyset, direction: 'asc' | 'desc'): RawBuilder<boolean> {
  const operator = direction === 'desc' ? sql.raw('<') : sql.raw('>');
  return sql<boolean>`(${sql.ref(timeColumn)}, ${sql.ref(idColumn)}) ${operator} (${key.t}::timestamptz, ${key.id}::uuid)`;
}
