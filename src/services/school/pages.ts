// Rules of the admin API's static pages (OpenAPI tag Pages): drafts by default, explicit
// publish and unpublish, slugs derived from titles and unique per school; lists leave out bodies.
import type { Db } from '../../db/database.ts';
import * as repo from '../../db/repositories/pages.ts';
import type { PageRow } from '../../db/repositories/pages.ts';
import type { DraftOrPublished } from '../../db/schema.ts';
import { mapIntegrityError } from '../integrity-errors.ts';
import { NotFound } from '../errors.ts';
import { slugify } from '../../lib/slug.ts';
import { toIso } from '../../lib/time.ts';
import type { Site } from './sites.ts';
import { withSanitizedHtml } from '../../lib/rich-text.ts';
import { listWindow, pageOf, type ListQuery } from '../list-window.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

export type PageInput = { title?: string; slug?: string; body?: string };

const UNIQUE_FIELDS = { pages_site_id_slug_key: 'slug' };
const missing = () => new NotFound('No page with that id at this school.');

export function toPageSummary(row: Omit<PageRow, 'body'>) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    status: row.status,
    published_at: toIso(row.published_at),
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

export const toPage = (row: PageRow) => ({ ...toPageSummary(row), body: row.body });

export function createPageAdmin(db: Db, cursors: CursorCodec) {
  async function mustFind(site: Site, id: string): Promise<PageRow> {
    const row = await repo.findPage(db, site.id, id);
    if (!row) throw missing();
    return row;
  }

  async function setStatus(site: Site, id: string, status: DraftOrPublished) {
    const page = await mustFind(site, id);
    if (page.status === status) return toPage(page);
    // published_at is the time of the latest publication; a draft has none.
    // Conditional on the status it left: of concurrent publishes one stamps published_at.
    const row = await repo.updatePage(
      db,
      site.id,
      id,
      { status, published_at: status === 'published' ? new Date() : null },
      [status === 'published' ? 'draft' : 'published'],
    );
    return row ? toPage(row) : toPage(await mustFind(site, id));
  }

  return {
    async list(site: Site, query: ListQuery & { q?: string; status?: DraftOrPublished }) {
      const window = listWindow(cursors, 'pages', query, repo.PAGE_SORTS, '-created_at');
      const rows = await repo.listPages(db, site.id, window, { status: query.status, search: query.q });
      return pageOf(rows, window, (row) => row.sort_key, toPageSummary);
    },
    async get(site: Site, id: string) {
      return toPage(await mustFind(site, id));
    },
    async create(site: Site, raw: PageInput & { title: string }) {
      // OpenAPI "School text and HTML": school HTML, sanitised on every write (lib/rich-text.ts).
      const input = withSanitizedHtml(raw, ['body']);
      const row = await repo
        .insertPage(db, { site_id: site.id, ...input, slug: input.slug ?? slugify(input.title) })
        .catch((error: unknown) => mapIntegrityError(error, UNIQUE_FIELDS, 'A page'));
      return toPage(row);
    },
    async update(site: Site, id: string, input: PageInput) {
      const row = await repo
        .updatePage(db, site.id, id, withSanitizedHtml(input, ['body']))
        .catch((error: unknown) => mapIntegrityError(error, UNIQUE_FIELDS, 'A page'));
      if (!row) throw missing();
      return toPage(row);
    },
    publish: (site: Site, id: string) => setStatus(site, id, 'published'),
    unpublish: (site: Site, id: string) => setStatus(site, id, 'draft'),
    async remove(site: Site, id: string): Promise<void> {
      if (!(await repo.deletePage(db, site.id, id))) throw missing();
    },
  };
}

export type PageAdmin = ReturnType<typeof createPageAdmin>;
