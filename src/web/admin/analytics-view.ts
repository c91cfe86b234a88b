// What the Analytics page shows of a report: money formatted for people (amounts are integers of
// minor units, DESIGN Naming), and the chart data the page script reads from a JSON element.
import type { AnalyticsReport } from '../../services/analytics/report.ts';
import { toMajor } from '../../http/pages/i18n/format.ts';

export { formatMoney, toMajor } from '../../http/pages/i18n/format.ts';

/** Chart data in major units; the tables on the page carry the same numbers. */
export function chartData(report: AnalyticsReport) {
  const series = report.revenue?.series ?? [];
  return {
    interval: report.range.interval,
    revenue: {
      labels: series[0]?.buckets.map((b) => b.start) ?? [],
      series: series.map((s) => ({
        currency: s.currency,
        net: s.buckets.map((b) => toMajor(b.net.amount, s.currency)),
      })),
    },
    enrollments: {
      labels: report.enrollments.map((r) => r.course.title),
      active: report.enrollments.map((r) => r.active),
      expired: report.enrollments.map((r) => r.expired),
      revoked: report.enrollments.map((r) => r.revoked),
    },
    // Courses without enrollments have no rate (null): left out of the chart, "—" in the table.
    completion: {
      labels: report.completion.filter((r) => r.completion_percent !== null).map((r) => r.course.title),
      percent: report.completion.filter((r) => r.completion_percent !== null).map((r) => r.completion_percent),
    },
  };
}

/**
 * JSON inside <script type="application/json">: `<` is escaped so that no `</script>` (nor an
 * HTML comment) in a course title can end the element early.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
