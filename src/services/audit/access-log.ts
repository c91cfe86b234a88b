// The admin area's "Access log": the school's access trail (docs/operations.md "Access trail") as
// owners and admins filter it on a page: by person (an e-mail address, as people know each other),
// application (its client_id), kind, and a range of days in the school's time zone; one page of 50
// at a time, or every matching event as CSV (at most CSV_MAX_ROWS, newest first).
import type { Db } from '../../db/database.ts';
import { findPersonByEmail } from '../../db/repositories/people.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';
import { InvalidCursor } from '../../db/pagination/cursor.ts';
import { csvLine } from '../../lib/csv.ts';
import { InvalidInput } from '../errors.ts';
import { isAuthEventKind } from './auth-event-kinds.ts';
import { createAuthEventReader, type AuthEventQuery, type AuthEventView } from './auth-events.ts';
import { offsetAt } from '../../lib/wall-clock.ts';

export const ACCESS_LOG_PAGE_SIZE = 50;
/** The export's bound: a year of a busy school's sign-ins fits; a larger trail is filtered first. */
export const CSV_MAX_ROWS = 10_000;
const CSV_PAGE = 100;

/** The filters as the page's form sends them, echoed back into the form. */
export type AccessLogFilter = { person: string; app: string; kind: string; from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function textOf(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

export function filterOfQuery(query: Record<string, unknown>): AccessLogFilter {
  return {
    person: textOf(query.person, 320),
    app: textOf(query.app, 2048),
    kind: textOf(query.kind, 64),
    from: textOf(query.from, 10),
    to: textOf(query.to, 10),
  };
}

/** Minutes the zone is ahead of UTC at `at`. */
function offsetMinutes(at: Date, timeZone: string): number {
  return Math.round(offsetAt(at.getTime(), timeZone) / 60_000);
}

/** The instant a calendar day (YYYY-MM-DD) starts in the school's time zone. */
export function dayStart(day: string, timeZone: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = new Date(Date.UTC(y, m - 1, d + plusDays));
  const first = new Date(guess.getTime() - offsetMinutes(guess, timeZone) * 60_000);
  // Once more at the instant found, in case a change of offset lies between.
  return new Date(guess.getTime() - offsetMinutes(first, timeZone) * 60_000);
}

/** Whether `day` is a calendar day as `<input type="date">` sends it (YYYY-MM-DD); February 30 is none. */
export function validDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const parsed = Date.parse(`${day}T00:00:00Z`);
  // Date.parse rolls an impossible day over into the next month: only a day that round-trips exists.
  return !Number.isNaN(parsed) && new Date(parsed).toISOString().slice(0, 10) === day;
}

/** @param retentionDays how long the trail is kept (AUTH_EVENTS_RETENTION_DAYS), which the page states */
export function createAccessLog(db: Db, cursors: CursorCodec, retentionDays: number) {
  const reader = createAuthEventReader(db, cursors);

  /**
   * The reader's query of the page's filters; `undefined` when the person named has no account
   * (then nothing matches).
   * @throws InvalidInput naming the field that cannot be read
   */
  async function queryOf(filter: AccessLogFilter, timeZone: string): Promise<AuthEventQuery | undefined> {
    const bad: { pointer: string; detail: string }[] = [];
    if (filter.kind && !isAuthEventKind(filter.kind)) bad.push({ pointer: '/query/kind', detail: 'unknown kind' });
    if (filter.from && !validDay(filter.from)) bad.push({ pointer: '/query/from', detail: 'must be a date' });
    if (filter.to && !validDay(filter.to)) bad.push({ pointer: '/query/to', detail: 'must be a date' });
    if (filter.from && filter.to && validDay(filter.from) && validDay(filter.to) && filter.to < filter.from)
      bad.push({ pointer: '/query/to', detail: 'must not be earlier than from' });
    if (bad.length) throw new InvalidInput(bad);
    let personId: string | undefined;
    if (filter.person) {
      personId = (await findPersonByEmail(db, filter.person.toLowerCase()))?.id;
      if (!personId) return undefined;
    }
    return {
      person_id: personId,
      client_id: filter.app || undefined,
      kind: filter.kind || undefined,
      // "to" includes its whole day.
      since: filter.from ? dayStart(filter.from, timeZone).toISOString() : undefined,
      until: filter.to ? dayStart(filter.to, timeZone, 1).toISOString() : undefined,
    };
  }

  return {
    retentionDays,
    /** One page, newest first; a cursor that does not decode starts again from the newest event. */
    async page(
      site: { id: string; timeZone: string },
      filter: AccessLogFilter,
      cursor: string | undefined,
    ): Promise<{ events: AuthEventView[]; older: string | null }> {
      const query = await queryOf(filter, site.timeZone);
      if (!query) return { events: [], older: null };
      const read = (at?: string) => reader.list(site.id, { ...query, limit: ACCESS_LOG_PAGE_SIZE, cursor: at });
      let page;
      try {
        page = await read(cursor);
      } catch (error) {
        if (!(error instanceof InvalidCursor)) throw error;
        page = await read();
      }
      return { events: page.data, older: page.next_cursor };
    },

    /** Every matching event as CSV rows (header first, `header` in the page's language), at most CSV_MAX_ROWS. */
    async csv(site: { id: string; timeZone: string }, filter: AccessLogFilter, header: string[]): Promise<string> {
      const query = await queryOf(filter, site.timeZone);
      let out = csvLine(header);
      if (!query) return out;
      let cursor: string | undefined;
      for (let rows = 0; rows < CSV_MAX_ROWS;) {
        const page = await reader.list(site.id, { ...query, limit: CSV_PAGE, cursor });
        for (const e of page.data)
          out += csvLine([
            e.occurred_at,
            e.kind,
            e.reason,
            e.person_email,
            e.person_id,
            e.client_id,
            e.actor_email,
            e.ip,
            e.user_agent,
          ]);
        rows += page.data.length;
        if (!page.next_cursor) break;
        cursor = page.next_cursor;
      }
      return out;
    },
  };
}

export type AccessLog = ReturnType<typeof createAccessLog>;
