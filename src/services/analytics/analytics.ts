// The school's analytics (OpenAPI tag Analytics: revenue by period, enrollments and
// completion per course), every figure computed by the database. Kept free of HTTP so that the
// admin area's charts can call the same functions: plain inputs, API-shaped outputs, and the same
// 422s for a range that is backwards or too long.
import type { Db } from '../../db/database.ts';
import type { CourseStatus } from '../../db/schema.ts';
import * as courses from '../../db/repositories/analytics-courses.ts';
import type { CourseStatsQuery } from '../../db/repositories/analytics-courses.ts';
import {
  revenueBuckets,
  type RevenueBucketRow,
  type RevenueInterval,
} from '../../db/repositories/analytics-revenue.ts';
import { RuleViolation } from '../errors.ts';
import type { Site } from '../school/sites.ts';
import type { Sortable } from '../../db/pagination/keyset.ts';
import { listWindow, pageOf, type ListWindow } from '../list-window.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

export type { RevenueInterval };
export type RevenueQuery = { from: string; to: string; interval?: RevenueInterval };
export type CourseReportQuery = {
  limit?: number;
  cursor?: string;
  course_id?: string;
  enrolled_after?: string;
  enrolled_before?: string;
  sort?: string;
};

/** Bounds the work and the answer: 366 buckets is a leap year of days. */
export const MAX_BUCKETS = 366;
const DAY_MS = 86_400_000;

/** How many buckets [from, to] spans: UTC days, ISO weeks (from Monday) or calendar months. */
export function bucketCount(from: string, to: string, interval: RevenueInterval): number {
  const a = new Date(`${from}T00:00:00Z`);
  const b = new Date(`${to}T00:00:00Z`);
  if (interval === 'month')
    return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth() + 1;
  if (interval === 'week') {
    const monday = (d: Date) => d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY_MS;
    return Math.round((monday(b) - monday(a)) / (7 * DAY_MS)) + 1;
  }
  return Math.round((b.getTime() - a.getTime()) / DAY_MS) + 1;
}

function checkRange(from: string, to: string, interval: RevenueInterval): void {
  if (to < from)
    throw new RuleViolation('The range ends before it starts.', [
      { pointer: '/query/to', detail: 'must not be before from' },
    ]);
  const buckets = bucketCount(from, to, interval);
  if (buckets > MAX_BUCKETS) {
    throw new RuleViolation(`The range spans ${buckets} ${interval} buckets; at most ${MAX_BUCKETS} are allowed.`, [
      { pointer: '/query/to', detail: `must be within ${MAX_BUCKETS} ${interval}s of from (or use a longer interval)` },
    ]);
  }
}

function figures(row: RevenueBucketRow) {
  const money = (amount: number) => ({ amount, currency: row.currency });
  return {
    gross: money(row.gross),
    refunds: money(row.refunds),
    net: money(row.gross - row.refunds),
    orders: row.orders,
  };
}

type Series = ReturnType<typeof figures> & {
  currency: string;
  buckets: Array<ReturnType<typeof figures> & { start: string }>;
};

/** Rows arrive per currency, its whole-range row (start null) first, then its buckets in order. */
function toSeries(rows: readonly RevenueBucketRow[]): Series[] {
  const series: Series[] = [];
  for (const row of rows) {
    if (row.start === null) series.push({ currency: row.currency, ...figures(row), buckets: [] });
    else series.at(-1)?.buckets.push({ start: row.start, ...figures(row) });
  }
  return series;
}

const ENROLLMENT_SORTS = { total: 'integer', title: 'text' } as const;
const COMPLETION_SORTS = { enrollments: 'integer', completion_percent: 'number', title: 'text' } as const;

function statsQuery(
  cursors: CursorCodec,
  list: string,
  query: CourseReportQuery,
  sorts: Sortable,
  fallbackSort: string,
): CourseStatsQuery & ListWindow {
  return {
    ...listWindow(cursors, list, query, sorts, fallbackSort),
    courseId: query.course_id,
    enrolledAfter: query.enrolled_after,
    enrolledBefore: query.enrolled_before,
  };
}

const courseOf = ({ id, slug, title, status }: { id: string; slug: string; title: string; status: CourseStatus }) => ({
  id,
  slug,
  title,
  status,
});

export function createAnalyticsAdmin(db: Db, cursors: CursorCodec) {
  return {
    /** Revenue per currency in day, week or month buckets; every bucket present, zero when empty. */
    async revenue(site: Site, query: RevenueQuery) {
      const interval = query.interval ?? 'day';
      checkRange(query.from, query.to, interval);
      const rows = await revenueBuckets(db, site.id, {
        from: query.from,
        to: query.to,
        interval,
        siteCurrency: site.currency,
      });
      return { from: query.from, to: query.to, interval, series: toSeries(rows) };
    },
    async enrollmentsByCourse(site: Site, query: CourseReportQuery) {
      const q = statsQuery(cursors, 'enrollments-by-course', query, ENROLLMENT_SORTS, '-total');
      const rows = await courses.enrollmentStatsByCourse(db, site.id, q);
      const sortValue = (row: courses.EnrollmentStatsRow) => (q.sort.column === 'title' ? row.title : row.total);
      return pageOf(rows, q, sortValue, (row) => ({
        course: courseOf(row),
        total: row.total,
        active: row.active,
        expired: row.expired,
        revoked: row.revoked,
      }));
    },
    async completionByCourse(site: Site, query: CourseReportQuery) {
      const q = statsQuery(cursors, 'completion-by-course', query, COMPLETION_SORTS, '-enrollments');
      const rows = await courses.completionStatsByCourse(db, site.id, q);
      const sortValue = (row: courses.CompletionStatsRow) =>
        q.sort.column === 'title'
          ? row.title
          : q.sort.column === 'completion_percent'
            ? row.completion_sort
            : row.enrollments;
      return pageOf(rows, q, sortValue, (row) => ({
        course: courseOf(row),
        published_lectures: row.published_lectures,
        enrollments: row.enrollments,
        completed: row.completed,
        // Course figures over enrollments (a rate, and a mean of unrounded shares): neither is the
        // member's percent_complete of services/percent-complete.ts, which is whole and rounded down.
        completion_percent: row.completion_percent,
        average_progress_percent: row.average_progress_percent,
      }));
    },
  };
}

export type AnalyticsAdmin = ReturnType<typeof createAnalyticsAdmin>;
