// Reading comments (scope comments:read): newest first, filtered by target, author, thread and
// date range (OpenAPI tag Comments: list by target, by user, get). The author is shown by
// name and by role in Loopwise's vocabulary (`role_type`, OpenAPI schema Comment); owners and admins
// are `manager`. No e-mail: comments:read is about what was said, not about who to contact.
import type { Db } from '../../db/database.ts';
import * as repo from '../../db/repositories/comments.ts';
import type { CommentRow } from '../../db/repositories/comments.ts';
import type { CommentableType } from '../../db/schema.ts';
import { NotFound } from '../errors.ts';
import { listWindow, pageOf } from '../list-window.ts';
import { checkCreatedRange } from '../created-range.ts';
import { toIso } from '../../lib/time.ts';
import type { Site } from '../school/sites.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

const ROLE_TYPES = { 1: 'manager', 2: 'lecturer', 3: 'student' } as const;

export type CommentQuery = {
  limit?: number;
  cursor?: string;
  commentable_type?: CommentableType;
  commentable_id?: string;
  person_id?: string;
  parent_id?: string;
  created_after?: string;
  created_before?: string;
  sort?: string;
};

export function toComment(row: CommentRow) {
  return {
    id: row.id,
    commentable_type: row.commentable_type,
    commentable_id: row.commentable_id,
    parent_id: row.parent_comment_id,
    body: row.body,
    author: {
      person_id: row.person_id,
      name: row.author_name,
      role_type: row.author_rank === null ? null : ROLE_TYPES[Number(row.author_rank) as keyof typeof ROLE_TYPES],
    },
    reply_count: Number(row.reply_count),
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

export function createCommentAdmin(db: Db, cursors: CursorCodec) {
  return {
    async list(site: Site, query: CommentQuery) {
      checkCreatedRange(query);
      const window = listWindow(cursors, 'comments', query, { created_at: 'time' }, '-created_at');
      const filter = {
        commentableType: query.commentable_type,
        commentableId: query.commentable_id,
        personId: query.person_id,
        parentId: query.parent_id,
        createdAfter: query.created_after,
        createdBefore: query.created_before,
      };
      const rows = await repo.listComments(db, site.id, { ...window, filter });
      return pageOf(rows, window, (row) => row.created_at_exact, toComment);
    },
    async get(site: Site, id: string) {
      const row = await repo.findComment(db, site.id, id);
      if (!row) throw new NotFound('No comment with that id at this school.');
      return toComment(row);
    },
  };
}

export type CommentAdmin = ReturnType<typeof createCommentAdmin>;
