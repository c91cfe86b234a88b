// Per-course analytics computed by the database (never rows loaded into JavaScript): enrollment
// counts by state, and completion (OpenAPI tag Analytics: enrollments, completion rate).
// Every course of the school gets a row, courses without enrollments included, and the rows page
// by keyset over the computed figures like any other list (OpenAPI parameters Limit and Cursor).
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../database.ts';
import type { CourseStatus } from '../schema.ts';
import type { Keyset } from '../pagination/cursor.ts';
import { keyset, type SortKey, type SortSpec } from '../pagination/keyset.ts';

type CourseColumns = { id: string; slug: string; title: string; status: CourseStatus };
export type EnrollmentStatsRow = CourseColumns & { total: number; active: number; expired: number; revoked: number };
export type CompletionStatsRow = CourseColumns & {
  published_lectures: number;
  enrollments: number;
  completed: number;
  /** Share of the course's enrollments that are complete, one decimal: a rate over enrollments. */
  completion_percent: number | null;
  /** Mean of the enrollments' unrounded progress, one decimal: not any member's `percent_complete`. */
  average_progress_percent: number | null;
  completion_sort: number;
};

export type CourseStatsQuery = {
  limit: number;
  after: Keyset | null;
  sort: SortSpec;
  courseId?: string | undefined;
  enrolledAfter?: string | undefined;
  enrolledBefore?: string | undefined;
};

const SORT_KEYS: Record<string, SortKey> = {
  title: { expression: sql`s.title`, kind: 'text' },
  total: { expression: sql`s.total`, kind: 'integer' },
  enrollments: { expression: sql`s.enrollments`, kind: 'integer' },
  // A course without enrollments has no rate; it sorts as the lowest one.
  completion_percent: { expression: sql`s.completion_sort`, kind: 'number' },
};

function enrolledIn(query: CourseStatsQuery): RawBuilder<boolean> {
  const after = query.enrolledAfter ? sql`and e.enrolled_at >= ${query.enrolledAfter}::timestamptz` : sql``;
  const before = query.enrolledBefore ? sql`and e.enrolled_at < ${query.enrolledBefore}::timestamptz` : sql``;
  return sql<boolean>`true ${after} ${before}`;
}

/** Filters, keyset and order over the stats `s`, the same for both reports. */
async function page<Row>(
  db: Db,
  stats: RawBuilder<unknown>,
  query: CourseStatsQuery,
  fallback: string,
): Promise<Row[]> {
  const key = (SORT_KEYS[query.sort.column] ?? SORT_KEYS[fallback]) as SortKey;
  const course = query.courseId ? sql`and s.id = ${query.courseId}::uuid` : sql``;
  const keyed = keyset(key, 's.id', query);
  const after = keyed.after ? sql`and ${keyed.after}` : sql``;
  const result = await sql<Row>`
    select * from (${stats}) as s
    where true ${course} ${after}
    order by ${keyed.orderBy}
    limit ${query.limit + 1}`.execute(db);
  return result.rows;
}

/** An enrollment past its expires_at counts as expired, whatever its stored state says. */
export async function enrollmentStatsByCourse(
  db: Db,
  siteId: string,
  query: CourseStatsQuery,
): Promise<EnrollmentStatsRow[]> {
  const stats = sql`
    select c.id, c.slug, c.title, c.status,
      count(e.id) as total,
      count(e.id) filter (where e.status = 'active' and (e.expires_at is null or e.expires_at > now())) as active,
      count(e.id) filter (where e.status = 'expired' or (e.status = 'active' and e.expires_at <= now())) as expired,
      count(e.id) filter (where e.status = 'revoked') as revoked
    from courses c
    left join enrollments e on e.course_id = c.id and e.site_id = ${siteId} and ${enrolledIn(query)}
    where c.site_id = ${siteId}
    group by c.id`;
  return page<EnrollmentStatsRow>(db, stats, query, 'total');
}

/**
 * Complete: completed_at set, or completed progress on every published lecture of the course.
 * Progress: the share of published lectures completed (100 once complete). Revoked enrollments
 * are left out: their access was taken away, so their progress says nothing about the course.
 */
export async function completionStatsByCourse(
  db: Db,
  siteId: string,
  query: CourseStatsQuery,
): Promise<CompletionStatsRow[]> {
  const stats = sql`
    with published as (
      select course_id, count(*) as n from lectures where site_id = ${siteId} and status = 'published' group by course_id
    ),
    done as (
      select lp.enrollment_id, count(*) as n
      from lecture_progress lp
      join enrollments pe on pe.id = lp.enrollment_id
      join lectures l on l.id = lp.lecture_id and l.course_id = pe.course_id and l.status = 'published'
      where lp.site_id = ${siteId} and lp.completed_at is not null
      group by lp.enrollment_id
    ),
    progress as (
      -- exact_share is not a member's percent_complete (services/percent-complete.ts, whole and
      -- rounded down): it is an unrounded share averaged over a course, and an enrollment marked
      -- completed counts as 100 even if lectures were published after, so the mean stays honest.
      select e.id, e.course_id,
        (e.completed_at is not null or (coalesce(p.n, 0) > 0 and coalesce(d.n, 0) >= p.n)) as complete,
        case when e.completed_at is not null then 100.0
             when coalesce(p.n, 0) = 0 then 0.0
             else least(100.0, 100.0 * coalesce(d.n, 0) / p.n) end as exact_share
      from enrollments e
      left join published p on p.course_id = e.course_id
      left join done d on d.enrollment_id = e.id
      where e.site_id = ${siteId} and e.status <> 'revoked' and ${enrolledIn(query)}
    )
    select c.id, c.slug, c.title, c.status,
      coalesce(p.n, 0) as published_lectures,
      count(g.id) as enrollments,
      count(g.id) filter (where g.complete) as completed,
      round(100.0 * count(g.id) filter (where g.complete) / nullif(count(g.id), 0), 1) as completion_percent,
      round(avg(g.exact_share), 1) as average_progress_percent,
      coalesce(round(100.0 * count(g.id) filter (where g.complete) / nullif(count(g.id), 0), 1), -1) as completion_sort
    from courses c
    left join published p on p.course_id = c.id
    left join progress g on g.course_id = c.id
    where c.site_id = ${siteId}
    group by c.id, p.n`;
  return page<CompletionStatsRow>(db, stats, query, 'enrollments');
}
