// SQL for the admin API's posts. Every statement is scoped by site_id: another school's post is
// as absent as one that never existed (OpenAPI response NotFound: 404, never its data).
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../database.ts';
import type { PostAccessType, PostsTable, DraftOrPublished } from '../schema.ts';
import { keyset, sortColumn, type KeysetPage, type Sortable } from '../pagination/keyset.ts';
import { likePattern } from './sql-helpers.ts';

export type PostRow = Selectable<PostsTable>;
export type PostSummaryRow = Omit<PostRow, 'body'> & { sort_key: string | number };

export const POST_SORTS: Sortable = { created_at: 'time', title: 'text' };

export type PostFilters = {
  status?: DraftOrPublished | undefined;
  accessType?: PostAccessType | undefined;
  search?: string | undefined;
};

export async function listPosts(
  db: Db,
  siteId: string,
  window: KeysetPage,
  filters: PostFilters,
): Promise<PostSummaryRow[]> {
  const { value, orderBy, after } = keyset(sortColumn(POST_SORTS, window.sort), 'id', window);
  let q = db
    .selectFrom('posts')
    .select([
      'id',
      'site_id',
      'slug',
      'author_person_id',
      'title',
      'excerpt',
      'status',
      'access_type',
      'published_at',
      'created_at',
      'updated_at',
    ])
    .select(value.as('sort_key'))
    .where('site_id', '=', siteId);
  if (filters.status) q = q.where('status', '=', filters.status);
  if (filters.accessType) q = q.where('access_type', '=', filters.accessType);
  if (filters.search) {
    const pattern = likePattern(filters.search);
    q = q.where((eb) =>
      eb.or([eb('title', 'ilike', pattern), eb('slug', 'ilike', pattern), eb('excerpt', 'ilike', pattern)]),
    );
  }
  if (after) q = q.where(after);
  return q
    .orderBy(orderBy)
    .limit(window.limit + 1)
    .execute();
}

export async function findPost(db: Db, siteId: string, id: string): Promise<PostRow | undefined> {
  return db.selectFrom('posts').selectAll().where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
}

export async function insertPost(db: Db, post: Insertable<PostsTable>): Promise<PostRow> {
  return db.insertInto('posts').values(post).returningAll().executeTakeFirstOrThrow();
}

export async function updatePost(
  db: Db,
  siteId: string,
  id: string,
  changes: Updateable<PostsTable>,
  /** Only from these statuses: a status change is one conditional statement, so concurrent ones cannot undo each other. */
  from?: readonly DraftOrPublished[],
): Promise<PostRow | undefined> {
  return db
    .updateTable('posts')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .$if(from !== undefined, (q) => q.where('status', 'in', from!))
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the post and the comments on it in one transaction: comments point at posts without a foreign key. */
export async function deletePost(db: Db, siteId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('posts').where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await trx
      .deleteFrom('comments')
      .where('site_id', '=', siteId)
      .where('commentable_type', '=', 'post')
      .where('commentable_id', '=', id)
      .execute();
    return true;
  });
}
