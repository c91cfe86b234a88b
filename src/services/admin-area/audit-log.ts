// The audit log page: newest first, one page at a time, with an opaque cursor to older events.
import type { Db } from '../../db/database.ts';
import { listAuditEvents, type AuditLogRow } from '../../db/repositories/audit-log.ts';
import { decodeCursor, encodeCursor, InvalidCursor, timeIdCursor } from '../../lib/cursor.ts';

export const AUDIT_PAGE_SIZE = 50;

export type AuditLogPage = { events: AuditLogRow[]; older: string | null };

export function createAuditLogReader(db: Db) {
  return {
    /** A cursor that does not decode starts again from the newest event, never a 500. */
    async page(siteId: string, cursor: string | undefined): Promise<AuditLogPage> {
      let before = null;
      if (cursor) {
        try {
          before = decodeCursor(cursor, timeIdCursor);
        } catch (error) {
          if (!(error instanceof InvalidCursor)) throw error;
        }
      }
      const rows = await listAuditEvents(db, siteId, { limit: AUDIT_PAGE_SIZE + 1, before });
      const events = rows.slice(0, AUDIT_PAGE_SIZE);
      const last = events.at(-1);
      return { events, older: rows.length > AUDIT_PAGE_SIZE && last ? encodeCursor({ t: last.t, id: last.id }) : null };
    },
  };
}
