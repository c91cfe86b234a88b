// "Analytics": revenue over time, enrollments by course and completion rates, drawn by Chart.js
// (served from this origin, see index.ts) and listed in tables for screen readers. The page script
// is a static file that reads its data from a JSON element: this page's CSP allows scripts from
// 'self' only, never inline.
import type { RevenueInterval } from '../../services/analytics/analytics.ts';
import type { AnalyticsRange } from '../../services/analytics/report.ts';
import { pageHeaders, siteText } from '../../http/pages/render-page.ts';
import { chartData, jsonForScript, periodLabel } from './analytics-view.ts';
import type { AdminPageDeps } from './types.ts';

export const CHART_JS_PATH = '/admin/assets/chart.js/chart.umd.min.js';
const INTERVALS: RevenueInterval[] = ['day', 'week', 'month'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(value: unknown): value is string {
  return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** The last twelve calendar months by default; anything malformed falls back to it. */
export function rangeOf(query: Record<string, unknown>, today = new Date()): AnalyticsRange {
  const to = today.toISOString().slice(0, 10);
  const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 1)).toISOString().slice(0, 10);
  const interval = INTERVALS.find((i) => i === query.interval) ?? 'month';
  return { from: validDate(query.from) ? query.from : from, to: validDate(query.to) ? query.to : to, interval };
}

/** pageHeaders() forbids every script; this page needs its two files from this origin. */
function analyticsHeaders(): Record<string, string> {
  const csp = pageHeaders()['Content-Security-Policy']!.replace(
    "default-src 'none';",
    "default-src 'none'; script-src 'self';",
  );
  return { 'Content-Security-Policy': csp };
}

export function mountAnalytics({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/analytics',
    area.page(async ({ ctx, query, page }) => {
      const report = await admin.analytics.load(ctx.site, rangeOf(query));
      const text = siteText(ctx);
      return page(
        './admin/analytics',
        {
          titleKey: 'admin.analytics.title',
          current: '/admin/analytics',
          report,
          intervals: INTERVALS,
          chartJson: jsonForScript(chartData(report, text)),
          period: (start: string) => periodLabel(start, report.range.interval, text.lang),
          scripts: [CHART_JS_PATH, '/assets/admin-analytics.js'],
        },
        200,
        analyticsHeaders(),
      );
    }),
  );
}
