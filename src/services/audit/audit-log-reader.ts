// The audit log page: newest first, one page at a time, with an opaque cursor to older events.
import type { Db } from '../../db/database.ts';
import { listAuditEvents, type AuditLogRow } from '../../db/repositories/audit-log.ts';
import { InvalidCursor } from '../../db/pagination/cursor.ts';
import { listWindow, pageOf, type ListWindow } from '../list-window.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

export const AUDIT_PAGE_SIZE = 50;

export type AuditLogPage = { events: AuditLogRow[]; older: string | null };

export function createAuditLogReader(db: Db, cursors: CursorCodec) {
  return {
    /** A cursor that does not decode starts again from the newest event, never a 500. */
    async page(siteId: string, cursor: string | undefined): Promise<AuditLogPage> {
      const window = (cursor?: string): ListWindow =>
        listWindow(cursors, 'audit-log', { limit: AUDIT_PAGE_SIZE, cursor }, { created_at: 'time' }, '-created_at');
      let page: ListWindow;
      try {
        page = window(cursor);
      } catch (error) {
        if (!(error instanceof InvalidCursor)) throw error;
        page = window();
      }
      const { data, next_cursor } = pageOf(
        await listAuditEvents(db, siteId, page),
        page,
        (row) => row.t,
        (row) => row,
      );
      return { events: data, older: next_cursor };
    },
  };
}
