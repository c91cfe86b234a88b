// What the Analytics page shows of a report: money formatted for people (amounts are integers of
// minor units, DESIGN Naming), and the chart data the page script reads from a JSON element, with
// every word the script draws (legends, the period labels) from the school's catalogue and its
// language for Intl (docs/development.md "Page languages": one language per page, script-drawn text too).
import type { RevenueInterval } from '../../services/analytics/analytics.ts';
import type { AnalyticsReport } from '../../services/analytics/report.ts';
import { toMajor } from '../../http/pages/i18n/format.ts';
import type { PageText } from '../../http/pages/i18n/page-text.ts';

export { formatMoney, toMajor } from '../../http/pages/i18n/format.ts';

const PERIOD_FORMATS: Record<RevenueInterval, Intl.DateTimeFormatOptions> = {
  day: { dateStyle: 'medium', timeZone: 'UTC' },
  week: { dateStyle: 'medium', timeZone: 'UTC' },
  month: { month: 'long', year: 'numeric', timeZone: 'UTC' },
};

/** A bucket's calendar start ("2026-03-01") as the language writes it ("March 2026", "März 2026"). */
export function periodLabel(start: string, interval: RevenueInterval, lang: string): string {
  const date = new Date(`${start}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? start : new Intl.DateTimeFormat(lang, PERIOD_FORMATS[interval]).format(date);
}

/** Chart data in major units; the tables on the page carry the same numbers, in the same words. */
export function chartData(report: AnalyticsReport, text: Pick<PageText, 't' | 'lang'>) {
  const series = report.revenue?.series ?? [];
  const interval = report.range.interval;
  return {
    interval,
    /** For Intl in the script (axis numbers, tooltips): the page's language, never the browser's. */
    locale: text.lang,
    words: {
      active: text.t('admin.analytics.enrollments.active'),
      expired: text.t('admin.analytics.enrollments.expired'),
      revoked: text.t('admin.analytics.enrollments.revoked'),
      completionRate: text.t('adminSafety.charts.completionRate'),
    },
    revenue: {
      labels: series[0]?.buckets.map((b) => periodLabel(b.start, interval, text.lang)) ?? [],
      series: series.map((s) => ({
        currency: s.currency,
        label: text.t('adminSafety.charts.netRevenue', { currency: s.currency }),
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
