// SQL for reading comments, with what an admin needs beside each: the author's name, their
// highest role at this school and the number of replies. Every statement is scoped by site_id:
// another school's comment is a 404, never its data (OpenAPI response NotFound).
import { sql, type Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { CommentableType, CommentsTable } from '../schema.ts';
import { columnKey, keyset, timeText, type KeysetPage } from '../pagination/keyset.ts';

export type CommentRow = Selectable<CommentsTable> & {
  author_name: string | null;
  /** 1 owner or admin, 2 lecturer, 3 student, null: no role at this school any more. */
  author_rank: number | null;
  reply_count: number;
  created_at_exact: string;
};

export type CommentFilter = {
  commentableType?: CommentableType | undefined;
  commentableId?: string | undefined;
  personId?: string | undefined;
  parentId?: string | undefined;
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
};

function selectComments(db: Db, siteId: string) {
  return db
    .selectFrom('comments as c')
    .innerJoin('people as p', 'p.id', 'c.person_id')
    .selectAll('c')
    .select((eb) => [
      'p.name as author_name',
      timeText('c.created_at').as('created_at_exact'),
      eb
        .selectFrom('site_roles as sr')
        .select(
          sql<number>`min(case sr.role when 'owner' then 1 when 'admin' then 1 when 'lecturer' then 2 else 3 end)`.as(
            'rank',
          ),
        )
        .whereRef('sr.person_id', '=', 'c.person_id')
        .where('sr.site_id', '=', siteId)
        .as('author_rank'),
      eb
        .selectFrom('comments as r')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('r.parent_comment_id', '=', 'c.id')
        .where('r.site_id', '=', siteId)
        .as('reply_count'),
    ])
    .where('c.site_id', '=', siteId);
}

export async function listComments(
  db: Db,
  siteId: string,
  query: KeysetPage & { filter: CommentFilter },
): Promise<CommentRow[]> {
  const { filter } = query;
  let q = selectComments(db, siteId);
  if (filter.commentableType) q = q.where('c.commentable_type', '=', filter.commentableType);
  if (filter.commentableId) q = q.where('c.commentable_id', '=', filter.commentableId);
  if (filter.personId) q = q.where('c.person_id', '=', filter.personId);
  if (filter.parentId) q = q.where('c.parent_comment_id', '=', filter.parentId);
  if (filter.createdAfter) q = q.where('c.created_at', '>=', new Date(filter.createdAfter));
  if (filter.createdBefore) q = q.where('c.created_at', '<', new Date(filter.createdBefore));
  const page = keyset(columnKey('c.created_at', 'time'), 'c.id', query);
  if (page.after) q = q.where(page.after);
  const rows = await q
    .orderBy(page.orderBy)
    .limit(query.limit + 1)
    .execute();
  return rows as CommentRow[];
}

export async function findComment(db: Db, siteId: string, id: string): Promise<CommentRow | undefined> {
  return (await selectComments(db, siteId).where('c.id', '=', id).executeTakeFirst()) as CommentRow | undefined;
}
