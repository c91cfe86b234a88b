// The admin area's "Analytics" page reads the very functions behind the admin REST API's
// analytics:read operations (services/analytics/analytics.ts), so the charts and tables show the
// numbers an integration reads. Course reports are paged through here up to a bound.
import { RuleViolation } from '../errors.ts';
import type { AnalyticsAdmin, RevenueInterval } from './analytics.ts';
import type { Site } from '../school/sites.ts';

/** Enough for a school's whole catalogue on one page; more would not make a readable chart. */
const MAX_COURSES = 300;
const PAGE = 100;

export type AnalyticsRange = { from: string; to: string; interval: RevenueInterval };

type Revenue = Awaited<ReturnType<AnalyticsAdmin['revenue']>>;
type EnrollmentRow = Awaited<ReturnType<AnalyticsAdmin['enrollmentsByCourse']>>['data'][number];
type CompletionRow = Awaited<ReturnType<AnalyticsAdmin['completionByCourse']>>['data'][number];

export type AnalyticsReport = {
  range: AnalyticsRange;
  /** The API's 422 detail when the range breaks its rules (backwards, too many buckets). */
  rangeError: string | null;
  revenue: Revenue | null;
  enrollments: EnrollmentRow[];
  completion: CompletionRow[];
  truncated: boolean;
};

async function allPages<T>(
  load: (cursor: string | undefined) => Promise<{ data: T[]; next_cursor: string | null }>,
): Promise<{ rows: T[]; truncated: boolean }> {
  const rows: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await load(cursor);
    rows.push(...page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && rows.length < MAX_COURSES);
  return { rows, truncated: cursor !== undefined };
}

export function createAnalyticsReport(analytics: AnalyticsAdmin) {
  return {
    async load(site: Site, range: AnalyticsRange): Promise<AnalyticsReport> {
      let revenue: Revenue | null = null;
      let rangeError: string | null = null;
      try {
        revenue = await analytics.revenue(site, range);
      } catch (error) {
        if (!(error instanceof RuleViolation)) throw error;
        rangeError = error.message;
      }
      const enrollments = await allPages((cursor) => analytics.enrollmentsByCourse(site, { limit: PAGE, cursor }));
      const completion = await allPages((cursor) => analytics.completionByCourse(site, { limit: PAGE, cursor }));
      return {
        range,
        rangeError,
        revenue,
        enrollments: enrollments.rows,
        completion: completion.rows,
        truncated: enrollments.truncated || completion.truncated,
      };
    },
  };
}
