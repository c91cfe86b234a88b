// What a page of rows names (each enrollment's course, student or last lecture) is looked up by
// key, once per row of the page, after the page was cut in index order. Written as a plain join,
// PostgreSQL may hash the whole named table instead (a school's entire catalog to show a member
// four courses), work that grows with the table and not with the page (bench/FINDINGS.md
// "Planner costs"). `offset 0` keeps the lookup a lateral subquery of its own, which the
// planner cannot pull up into such a join; with db/planner-settings.ts's costs it then reads the
// primary key.
import { sql, type SelectQueryBuilder } from 'kysely';

const FENCE = sql<number>`0`;

/** The lookup subquery, fenced so that it runs per row of the page: `.$call(perRowOfPage)`. */
export function perRowOfPage<DB, TB extends keyof DB, O>(
  lookup: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return lookup.offset(FENCE);
}
