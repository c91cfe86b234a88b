// SQL for the admin API's pages. Every statement is scoped by site_id: another school's page is
// as absent as one that never existed (OpenAPI response NotFound: 404, never its data).
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../database.ts';
import type { DraftOrPublished, PagesTable } from '../schema.ts';
import { keyset, sortColumn, type KeysetPage, type Sortable } from '../pagination/keyset.ts';
import { likePattern } from './sql-helpers.ts';

export type PageRow = Selectable<PagesTable>;
export type PageSummaryRow = Omit<PageRow, 'body'> & { sort_key: string | number };

export const PAGE_SORTS: Sortable = { created_at: 'time', title: 'text' };

export async function listPages(
  db: Db,
  siteId: string,
  window: KeysetPage,
  filters: { status?: DraftOrPublished | undefined; search?: string | undefined },
): Promise<PageSummaryRow[]> {
  const { value, orderBy, after } = keyset(sortColumn(PAGE_SORTS, window.sort), 'id', window);
  let q = db
    .selectFrom('pages')
    .select(['id', 'site_id', 'slug', 'title', 'status', 'published_at', 'created_at', 'updated_at'])
    .select(value.as('sort_key'))
    .where('site_id', '=', siteId);
  if (filters.status) q = q.where('status', '=', filters.status);
  if (filters.search) {
    const pattern = likePattern(filters.search);
    q = q.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('slug', 'ilike', pattern)]));
  }
  if (after) q = q.where(after);
  return q
    .orderBy(orderBy)
    .limit(window.limit + 1)
    .execute();
}

export async function findPage(db: Db, siteId: string, id: string): Promise<PageRow | undefined> {
  return db.selectFrom('pages').selectAll().where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
}

export async function insertPage(db: Db, page: Insertable<PagesTable>): Promise<PageRow> {
  return db.insertInto('pages').values(page).returningAll().executeTakeFirstOrThrow();
}

export async function updatePage(
  db: Db,
  siteId: string,
  id: string,
  changes: Updateable<PagesTable>,
  /** Only from these statuses: a status change is one conditional statement, so concurrent ones cannot undo each other. */
  from?: readonly DraftOrPublished[],
): Promise<PageRow | undefined> {
  return db
    .updateTable('pages')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .$if(from !== undefined, (q) => q.where('status', 'in', from!))
    .returningAll()
    .executeTakeFirst();
}

export async function deletePage(db: Db, siteId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('pages').where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
