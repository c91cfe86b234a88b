// "Audit log": what happened at this school, newest first, 50 at a time: sign-ins, consents and
// tokens written by the authorization server, and every change made in this admin area, each said
// as a sentence (audit-sentence.ts) with the raw details one click away; filtered by actor, action
// and days, and the same events as a CSV download. The filter form is a GET: it changes nothing, so
// it carries no CSRF token (the area's gate checks every form that posts). Every value shown comes
// from people or clients and is escaped by the template; the CSV's cells are guarded (lib/csv.ts).
import type { AdminPageDeps } from './types.ts';
import type { AreaCall } from '../areas/area-route.ts';
import { siteText } from '../../http/pages/render-page.ts';
import type { PageText } from '../../http/pages/i18n/page-text.ts';
import { csvDownload } from '../areas/csv-download.ts';
import { csvLine } from '../../lib/csv.ts';
import { InvalidInput, type FieldError } from '../../services/errors.ts';
import { AUDIT_ACTIONS } from '../../services/audit/audit-actions.ts';
import {
  AUDIT_CSV_MAX_ROWS,
  auditFilterOfQuery,
  type AuditLogEntry,
  type AuditLogFilter,
} from '../../services/audit/audit-log-reader.ts';
import { auditSentence } from './audit-sentence.ts';

/** The export's columns, each headed in the school's language (admin.audit.csvHeader.<column>). */
const CSV_COLUMNS = ['time', 'actor', 'via', 'action', 'sentence', 'details', 'ip'];

export { AUDIT_ACTIONS } from '../../services/audit/audit-actions.ts';

/** Details as short `key: value` text; nested values as compact JSON. */
function summarize(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ')
    .slice(0, 300);
}

/** An IPv4-mapped IPv6 address (::ffff:192.0.2.7, RFC 4291 2.5.5.2) as the IPv4 address people know. */
function shownAddress(ip: string): string {
  return /^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(ip) ? ip.slice(7) : ip;
}

/** The filters as a query string (empty ones left out), for the pager and the CSV link. */
function queryString(filter: AuditLogFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, ...extra })) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The catalogue key saying what is wrong with a field the service refused (auditQueryOf). */
function problemKey(error: FieldError): string {
  if (error.pointer === '/query/action') return 'admin.audit.error.action';
  if (error.pointer === '/query/from') return 'admin.audit.error.from';
  return error.detail.startsWith('must not be earlier') ? 'admin.audit.error.toBeforeFrom' : 'admin.audit.error.to';
}

/** The actions of the filter's list, by their labels in the school's language (sorted by label). */
function actionOptions(text: Pick<PageText, 't'>, lang: string) {
  return AUDIT_ACTIONS.map((action) => ({ action, label: text.t(`admin.audit.action.${action}`) })).sort((a, b) =>
    a.label.localeCompare(b.label, lang),
  );
}

type Rendered = { events: AuditLogEntry[]; older: string | null; cursor?: string | undefined; problems?: string[] };

/** The page for these filters: its rows as sentences, or the filter's problems (400, the form kept). */
function render(call: AreaCall, filter: AuditLogFilter, shown: Rendered) {
  const text = siteText(call.ctx);
  const rows = shown.events.map((e) => ({
    ...e,
    labelKey: AUDIT_ACTIONS.includes(e.action) ? `admin.audit.action.${e.action}` : undefined,
    sentence: auditSentence(text, e),
    summary: summarize(e.details ?? {}),
    ip: e.ip === null ? null : shownAddress(e.ip),
  }));
  return call.page(
    './admin/audit-log',
    {
      titleKey: 'admin.audit.title',
      current: '/admin/audit-log',
      filter,
      actions: actionOptions(text, text.lang),
      timeZone: call.ctx.site.timeZone,
      problems: shown.problems ?? [],
      csvMax: AUDIT_CSV_MAX_ROWS,
      rows,
      // Query strings only: the template puts each after a fixed path of this origin.
      filterQuery: queryString(filter),
      olderQuery: shown.older ? queryString(filter, { before: shown.older }) : null,
      isFirstPage: !shown.cursor,
    },
    shown.problems?.length ? 400 : 200,
  );
}

/** The export's file name: the school and the day (UTC), nothing a person typed. */
function fileName(slug: string): string {
  const safe = slug.replace(/[^a-z0-9-]/gi, '').slice(0, 60) || 'school';
  return `audit-log-${safe}-${new Date().toISOString().slice(0, 10)}.csv`;
}

export function mountAuditLog({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/audit-log',
    area.page(async (call) => {
      const filter = auditFilterOfQuery(call.query);
      const cursor = typeof call.query.before === 'string' ? call.query.before : undefined;
      try {
        const { events, older } = await admin.auditLog.page(call.ctx.site, filter, cursor);
        return render(call, filter, { events, older, cursor });
      } catch (error) {
        if (!(error instanceof InvalidInput)) throw error;
        return render(call, filter, { events: [], older: null, problems: (error.errors ?? []).map(problemKey) });
      }
    }),
  );

  // The same events as CSV (docs/operations.md "Audit log"): the page's gate, its filters, a page
  // of rows at a time up to AUDIT_CSV_MAX_ROWS; a filter that cannot be read is the page's 400.
  router.get(
    '/audit-log.csv',
    area.page(async (call) => {
      const filter = auditFilterOfQuery(call.query);
      const text = siteText(call.ctx);
      let body = csvLine(CSV_COLUMNS.map((column) => text.t(`admin.audit.csvHeader.${column}`)));
      try {
        for await (const { events, truncated } of admin.auditLog.pages(call.ctx.site, filter)) {
          for (const e of events)
            body += csvLine([
              e.created_at.toISOString(),
              e.actor_email,
              e.actor_client_id,
              e.action,
              auditSentence(text, e),
              JSON.stringify(e.details ?? {}),
              e.ip === null ? null : shownAddress(e.ip),
            ]);
          if (truncated) body += csvLine([text.t('admin.audit.csvTruncated', { max: AUDIT_CSV_MAX_ROWS })]);
        }
      } catch (error) {
        if (!(error instanceof InvalidInput)) throw error;
        return render(call, filter, { events: [], older: null, problems: (error.errors ?? []).map(problemKey) });
      }
      return csvDownload(body, fileName(call.ctx.site.slug));
    }),
  );
}
