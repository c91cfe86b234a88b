// Rules of the admin API's posts (OpenAPI tag Posts): drafts by default, explicit publish
// and unpublish, slugs derived from titles and unique per school, the author a person with a role
// here (by default the one the token acts for); lists carry the excerpt, a get the full body.
import type { Db } from '../../db/database.ts';
import { listRolesAtSite } from '../../db/repositories/people.ts';
import * as repo from '../../db/repositories/posts.ts';
import type { PostRow } from '../../db/repositories/posts.ts';
import type { DraftOrPublished, PostAccessType } from '../../db/schema.ts';
import { mapIntegrityError } from '../integrity-errors.ts';
import { NotFound, RuleViolation } from '../errors.ts';
import { slugify } from '../../lib/slug.ts';
import { toIso } from '../../lib/time.ts';
import type { Site } from './sites.ts';
import { withSanitizedHtml } from '../../lib/rich-text.ts';
import { listWindow, pageOf, type ListQuery } from '../list-window.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

export type PostInput = {
  title?: string;
  slug?: string;
  excerpt?: string | null;
  body?: string;
  access_type?: PostAccessType;
  author_id?: string | null;
};

const UNIQUE_FIELDS = { posts_site_id_slug_key: 'slug' };
const missing = () => new NotFound('No post with that id at this school.');

export function toPostSummary(row: Omit<PostRow, 'body'>) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    status: row.status,
    access_type: row.access_type,
    author_id: row.author_person_id,
    published_at: toIso(row.published_at),
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

export const toPost = (row: PostRow) => ({ ...toPostSummary(row), body: row.body });

export function createPostAdmin(db: Db, cursors: CursorCodec) {
  async function columnsOf(site: Site, input: PostInput) {
    // OpenAPI "School text and HTML": the body is school HTML, sanitised on every write (lib/rich-text.ts).
    const { author_id: authorId, ...rest } = withSanitizedHtml(input, ['body']);
    if (authorId && (await listRolesAtSite(db, site.id, authorId)).length === 0) {
      throw RuleViolation.at('/body/author_id', 'is not a person with a role at this school');
    }
    return { ...rest, ...(authorId !== undefined ? { author_person_id: authorId } : {}) };
  }

  async function mustFind(site: Site, id: string): Promise<PostRow> {
    const row = await repo.findPost(db, site.id, id);
    if (!row) throw missing();
    return row;
  }

  async function setStatus(site: Site, id: string, status: DraftOrPublished) {
    const post = await mustFind(site, id);
    if (post.status === status) return toPost(post);
    // published_at is the time of the latest publication; a draft has none.
    // Conditional on the status it left: of concurrent publishes one stamps published_at.
    const row = await repo.updatePost(
      db,
      site.id,
      id,
      { status, published_at: status === 'published' ? new Date() : null },
      [status === 'published' ? 'draft' : 'published'],
    );
    return row ? toPost(row) : toPost(await mustFind(site, id));
  }

  return {
    async list(site: Site, query: ListQuery & { q?: string; status?: DraftOrPublished; access_type?: PostAccessType }) {
      const window = listWindow(cursors, 'posts', query, repo.POST_SORTS, '-created_at');
      const rows = await repo.listPosts(db, site.id, window, {
        status: query.status,
        accessType: query.access_type,
        search: query.q,
      });
      return pageOf(rows, window, (row) => row.sort_key, toPostSummary);
    },
    async get(site: Site, id: string) {
      return toPost(await mustFind(site, id));
    },
    /** @param actorId the person the token acts for: the author unless `author_id` says otherwise */
    async create(site: Site, actorId: string | null, input: PostInput & { title: string }) {
      const columns = await columnsOf(site, input);
      const row = await repo
        .insertPost(db, {
          site_id: site.id,
          author_person_id: actorId,
          ...columns,
          title: input.title,
          slug: input.slug ?? slugify(input.title),
        })
        .catch((error: unknown) => mapIntegrityError(error, UNIQUE_FIELDS, 'A post'));
      return toPost(row);
    },
    async update(site: Site, id: string, input: PostInput) {
      const columns = await columnsOf(site, input);
      const row = await repo
        .updatePost(db, site.id, id, columns)
        .catch((error: unknown) => mapIntegrityError(error, UNIQUE_FIELDS, 'A post'));
      if (!row) throw missing();
      return toPost(row);
    },
    publish: (site: Site, id: string) => setStatus(site, id, 'published'),
    unpublish: (site: Site, id: string) => setStatus(site, id, 'draft'),
    async remove(site: Site, id: string): Promise<void> {
      if (!(await repo.deletePost(db, site.id, id))) throw missing();
    },
  };
}

export type PostAdmin = ReturnType<typeof createPostAdmin>;
