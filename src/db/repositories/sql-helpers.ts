// Small SQL fragments shared by the students, enrollments and members repositories.
import { sql, type RawBuilder } from 'kysely';

/**
 * A timestamp column as integer microseconds since the epoch. PostgreSQL keeps microseconds but
 * a JavaScript Date only milliseconds, so a keyset cursor holding the Date would skip rows that
 * share a millisecond (one statement stamps all its rows with the same now(), as the demo seed
 * does). Microseconds up to the year 2255 fit a double exactly.
 */
export function microsOf(column: string): RawBuilder<number> {
  return sql<number>`(extract(epoch from ${sql.ref(column)}) * 1000000)::bigint`;
}

/** `%text%` for ILIKE, with the pattern characters of the user's text escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
