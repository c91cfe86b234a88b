// The admin home's numbers of a school: members, students whose access runs, enrollments and
// revenue this month, connected applications, and webhook endpoints in trouble. Revenue is the
// analytics service's own figure (the admin API's GET /api/v1/analytics/revenue for the month),
// connected applications the "Connected apps" page's list, so each number matches its page.
import type { Db } from '../../db/database.ts';
import { schoolCounts } from '../../db/repositories/school-figures.ts';
import type { ConnectedApp } from '../auth/connected-apps/of-school.ts';
import type { Site } from '../school/sites.ts';
import type { AnalyticsAdmin } from './analytics.ts';

export type SchoolFigures = {
  /** The first day of the month counted (UTC, like the analytics' day buckets), YYYY-MM-DD. */
  monthStart: string;
  members: number;
  activeStudents: number;
  enrollmentsThisMonth: number;
  /** Net revenue (gross less refunds) per currency this month; the school's currency when nothing sold. */
  revenueThisMonth: Array<{ amount: number; currency: string }>;
  connectedApps: number;
  failingWebhooks: number;
};

type Deps = {
  analytics: Pick<AnalyticsAdmin, 'revenue'>;
  connectedApps: { list(siteId: string): Promise<ConnectedApp[]> };
};

const day = (d: Date) => d.toISOString().slice(0, 10);

export function createSchoolFigures(db: Db, deps: Deps) {
  return {
    async load(site: Site, now: Date = new Date()): Promise<SchoolFigures> {
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const [counts, revenue, apps] = await Promise.all([
        schoolCounts(db, site.id, monthStart),
        deps.analytics.revenue(site, { from: day(monthStart), to: day(now), interval: 'month' }),
        deps.connectedApps.list(site.id),
      ]);
      const revenueThisMonth = revenue.series.map((s) => s.net);
      return {
        monthStart: day(monthStart),
        members: counts.members,
        activeStudents: counts.activeStudents,
        enrollmentsThisMonth: counts.enrollmentsSince,
        revenueThisMonth: revenueThisMonth.length ? revenueThisMonth : [{ amount: 0, currency: site.currency }],
        // One application granted by several operators is one application.
        connectedApps: new Set(apps.map((a) => a.clientRowId)).size,
        failingWebhooks: counts.failingWebhooks,
      };
    },
  };
}
