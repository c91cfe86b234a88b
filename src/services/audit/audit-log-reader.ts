// The audit log page: newest first, one page at a time, with an opaque cursor to older events,
// narrowed by actor, action and a range of days in the school's time zone; and the same events in
// pages for the CSV export, at most AUDIT_CSV_MAX_ROWS of them.
import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { auditNames, listAuditEvents, type AuditLogQuery, type AuditLogRow } from '../../db/repositories/audit-log.ts';
import { InvalidCursor } from '../../db/pagination/cursor.ts';
import { listWindow, pageOf, type ListWindow } from '../list-window.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';
import { InvalidInput, type FieldError } from '../errors.ts';
import { dayStart, validDay } from './access-log.ts';
import { isAuditAction } from './audit-actions.ts';

export const AUDIT_PAGE_SIZE = 50;
/** The export's bound: a larger log is filtered (by time, say) before it is exported. */
export const AUDIT_CSV_MAX_ROWS = 10_000;
const CSV_PAGE = 500;

/**
 * What a row names, looked up by the ids it holds (each left out when it no longer exists): every
 * one is school- or person-supplied text.
 */
export type AuditRowNames = {
  /** The application the actor used (actor_client_id). */
  app?: string;
  /** The application the row is about (details.client_id). */
  client?: string;
  /** The person the row is about: its target person, the student of its enrollment, or details.person_id. */
  person?: string;
  /** The course of its enrollment or details.course_id. */
  course?: string;
  /** The URL of its webhook endpoint. */
  url?: string;
};

export type AuditLogEntry = AuditLogRow & { names: AuditRowNames };

export type AuditLogPage = { events: AuditLogEntry[]; older: string | null };

/** The filters as the page's form sends them, echoed back into the form (empty: not filtered). */
export type AuditLogFilter = { actor: string; action: string; from: string; to: string };

function textOf(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

export function auditFilterOfQuery(query: Record<string, unknown>): AuditLogFilter {
  return {
    actor: textOf(query.actor, 320),
    action: textOf(query.action, 64),
    from: textOf(query.from, 10),
    to: textOf(query.to, 10),
  };
}

/**
 * The filters in SQL terms; "to" includes its whole day, both days in the school's time zone.
 * @throws InvalidInput naming each field that cannot be read (an unknown action, a day that is no date, to before from)
 */
export function auditQueryOf(filter: AuditLogFilter, timeZone: string): AuditLogQuery {
  const bad: FieldError[] = [];
  if (filter.action && !isAuditAction(filter.action)) bad.push({ pointer: '/query/action', detail: 'unknown action' });
  if (filter.from && !validDay(filter.from)) bad.push({ pointer: '/query/from', detail: 'must be a date' });
  if (filter.to && !validDay(filter.to)) bad.push({ pointer: '/query/to', detail: 'must be a date' });
  if (filter.from && filter.to && validDay(filter.from) && validDay(filter.to) && filter.to < filter.from)
    bad.push({ pointer: '/query/to', detail: 'must not be earlier than from' });
  if (bad.length) throw new InvalidInput(bad);
  return {
    actor: filter.actor ? filter.actor.toLowerCase() : undefined,
    action: filter.action || undefined,
    since: filter.from ? dayStart(filter.from, timeZone) : undefined,
    until: filter.to ? dayStart(filter.to, timeZone, 1) : undefined,
  };
}

/**
 * The list a cursor is bound to: the audit log under these filters. A cursor of other filters is
 * then "another list" (InvalidCursor) and the page starts from the newest, so no page mixes the
 * rows of two filters. A digest, so that the cursor does not carry the filter's text.
 */
function listOf(query: AuditLogQuery): string {
  const key = JSON.stringify([query.actor, query.action, query.since?.toISOString(), query.until?.toISOString()]);
  return `audit-log:${createHash('sha256').update(key).digest('base64url').slice(0, 16)}`;
}

export function createAuditLogReader(db: Db, cursors: CursorCodec) {
  const window = (query: AuditLogQuery, limit: number, cursor?: string): ListWindow =>
    listWindow(cursors, listOf(query), { limit, cursor }, { created_at: 'time' }, '-created_at');

  async function named(siteId: string, rows: AuditLogRow[]): Promise<AuditLogEntry[]> {
    const text = (value: unknown) => (typeof value === 'string' ? [value] : []);
    const target = (row: AuditLogRow, type: string) =>
      row.target_type === type && row.target_id ? [row.target_id] : [];
    const names = await auditNames(db, siteId, {
      people: rows.flatMap((r) => [...target(r, 'person'), ...text(r.details?.person_id)]),
      clients: rows.flatMap((r) => [...text(r.actor_client_id), ...text(r.details?.client_id)]),
      courses: rows.flatMap((r) => text(r.details?.course_id)),
      enrollments: rows.flatMap((r) => target(r, 'enrollment')),
      webhookEndpoints: rows.flatMap((r) => target(r, 'webhook_endpoint')),
    });
    const of = <V>(map: Map<string, V>, key: unknown): V | undefined =>
      typeof key === 'string' ? map.get(key) : undefined;
    return rows.map((row) => {
      const enrollment = row.target_type === 'enrollment' ? of(names.enrollments, row.target_id) : undefined;
      const found: AuditRowNames = {
        app: of(names.clients, row.actor_client_id),
        client: of(names.clients, row.details?.client_id),
        person:
          (row.target_type === 'person' ? of(names.people, row.target_id) : undefined) ??
          enrollment?.email ??
          of(names.people, row.details?.person_id),
        course: enrollment?.title ?? of(names.courses, row.details?.course_id),
        url: row.target_type === 'webhook_endpoint' ? of(names.webhookEndpoints, row.target_id) : undefined,
      };
      return {
        ...row,
        names: Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined)),
      };
    });
  }

  async function read(siteId: string, query: AuditLogQuery, limit: number, cursor: string | undefined) {
    let page: ListWindow;
    try {
      page = window(query, limit, cursor);
    } catch (error) {
      // A cursor that does not decode, or was issued under other filters, starts from the newest event.
      if (!(error instanceof InvalidCursor)) throw error;
      page = window(query, limit);
    }
    const { data, next_cursor } = pageOf(
      await listAuditEvents(db, siteId, page, query),
      page,
      (row) => row.t,
      (row) => row,
    );
    return { events: await named(siteId, data), older: next_cursor };
  }

  return {
    /**
     * One page of 50 under `filter`, newest first.
     * @throws InvalidInput for a filter that cannot be read (auditQueryOf)
     */
    async page(
      site: { id: string; timeZone: string },
      filter: AuditLogFilter,
      cursor: string | undefined,
    ): Promise<AuditLogPage> {
      return read(site.id, auditQueryOf(filter, site.timeZone), AUDIT_PAGE_SIZE, cursor);
    },

    /**
     * Every event under `filter`, newest first, a page at a time (the export never holds the whole
     * log): at most `max` (AUDIT_CSV_MAX_ROWS); `truncated` is set on the last page when more exist.
     * @throws InvalidInput for a filter that cannot be read, before any page is read
     */
    async *pages(
      site: { id: string; timeZone: string },
      filter: AuditLogFilter,
      max = AUDIT_CSV_MAX_ROWS,
    ): AsyncGenerator<{ events: AuditLogEntry[]; truncated: boolean }> {
      const query = auditQueryOf(filter, site.timeZone);
      let cursor: string | undefined;
      for (let rows = 0; rows < max;) {
        const limit = Math.min(CSV_PAGE, max - rows);
        const page = await read(site.id, query, limit, cursor);
        rows += page.events.length;
        const truncated = rows >= max && page.older !== null;
        yield { events: page.events, truncated };
        if (!page.older) return;
        cursor = page.older;
      }
    },
  };
}
