// "Access log" (docs/operations.md "Access trail"): the school's access trail for its owners and
// admins (the admin area's gate), filtered by person, application, kind and days, 50 events a page,
// and the same filtered events as a CSV download. The filter form is a GET: it changes nothing, so
// it carries no CSRF token (the area's gate checks every form that posts). Every value shown comes
// from people or clients and is escaped by the template; the CSV's cells are guarded (lib/csv.ts).
import { InvalidInput } from '../../services/errors.ts';
import { ALL_REASONS, AUTH_EVENT_KINDS } from '../../services/audit/auth-event-kinds.ts';
import { CSV_MAX_ROWS, filterOfQuery, type AccessLogFilter } from '../../services/audit/access-log.ts';
import type { AdminPageDeps } from './types.ts';
import type { AreaCall } from '../areas/area-route.ts';
import { siteText } from '../../http/pages/render-page.ts';
import { csvDownload } from '../areas/csv-download.ts';

/** The filters as a query string (empty ones left out), for the pager and the CSV link. */
function queryString(filter: AccessLogFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, ...extra })) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

const CSV_COLUMNS = ['time', 'kind', 'reason', 'person', 'personId', 'application', 'by', 'ip', 'userAgent'];

type PageOf = AreaCall['page'];

/** Each reason's words in the catalogue (docs/development.md "Page languages"); an unknown one shows its code. */
const REASON_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  ALL_REASONS.map((reason) => [reason, `admin.accessLog.reasonText.${reason}`]),
);

/** The page for these filters: its events (none when a filter could not be read: `invalid`). */
function render(
  page: PageOf,
  deps: { retentionDays: number },
  filter: AccessLogFilter,
  shown: { events: unknown[]; older: string | null; cursor?: string | undefined; invalid: boolean },
) {
  return page(
    './admin/access-log',
    {
      titleKey: 'admin.accessLog.title',
      current: '/admin/access-log',
      filter,
      kinds: AUTH_EVENT_KINDS,
      reasonLabels: REASON_LABELS,
      rows: shown.events,
      invalid: shown.invalid,
      retentionDays: deps.retentionDays,
      csvMax: CSV_MAX_ROWS,
      // Query strings only: the template puts each after a fixed path of this origin.
      filterQuery: queryString(filter),
      olderQuery: shown.older ? queryString(filter, { before: shown.older }) : null,
      isFirstPage: !shown.cursor,
    },
    shown.invalid ? 400 : 200,
  );
}

export function mountAccessLog({ router, area, admin }: AdminPageDeps): void {
  const deps = { retentionDays: admin.accessLog.retentionDays };
  router.get(
    '/access-log',
    area.page(async ({ ctx, query, page }) => {
      const filter = filterOfQuery(query);
      const cursor = typeof query.before === 'string' ? query.before : undefined;
      try {
        const { events, older } = await admin.accessLog.page(ctx.site, filter, cursor);
        return render(page, deps, filter, { events, older, cursor, invalid: false });
      } catch (error) {
        if (!(error instanceof InvalidInput)) throw error;
        return render(page, deps, filter, { events: [], older: null, invalid: true });
      }
    }),
  );

  router.get(
    '/access-log.csv',
    area.page(async ({ ctx, query, page }) => {
      const filter = filterOfQuery(query);
      const text = siteText(ctx);
      try {
        const body = await admin.accessLog.csv(
          ctx.site,
          filter,
          CSV_COLUMNS.map((column) => text.t(`admin.accessLog.csvHeader.${column}`)),
        );
        const day = new Date().toISOString().slice(0, 10);
        return csvDownload(body, `access-log-${day}.csv`);
      } catch (error) {
        if (!(error instanceof InvalidInput)) throw error;
        return render(page, deps, filter, { events: [], older: null, invalid: true });
      }
    }),
  );
}
