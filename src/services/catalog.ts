// The public catalog of a school: published, public courses and their outlines. Shared by the
// REST catalog operations and the anonymous MCP tools, so both show exactly the same rows.
import type { Db } from '../db/database.ts';
import { findPublishedCourseBySlug, listCourseOutline, listPublishedCourses, type CatalogCourseRow } from '../db/repositories/catalog.ts';
import { decodeCursor, encodeCursor, timeIdCursor } from '../lib/cursor.ts';
import { toIso } from '../lib/time.ts';

export type CatalogCourse = {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  price: { amount: number; currency: string };
  image_url: string | null;
  published_at: string | null;
};

export type CatalogLecture = { id: string; title: string; position: number; content_type: string; duration_seconds: number; is_free_preview: boolean };
export type CatalogSection = { id: string; title: string; position: number; lectures: CatalogLecture[] };

function toCatalogCourse(row: CatalogCourseRow): CatalogCourse {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    price: { amount: row.price_amount, currency: row.currency },
    image_url: row.image_url,
    published_at: toIso(row.published_at),
  };
}

export function createCatalogService(db: Db) {
  return {
    /** @throws InvalidCursor for a cursor this API did not issue */
    async listCourses(siteId: string, options: { limit: number; cursor?: string | undefined; search?: string | undefined }) {
      const after = options.cursor ? decodeCursor(options.cursor, timeIdCursor) : null;
      // One extra row tells whether another page exists without a COUNT.
      const rows = await listPublishedCourses(db, siteId, { limit: options.limit + 1, after, search: options.search ?? null });
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      const nextCursor = rows.length > options.limit && last ? encodeCursor({ t: (last.published_at ?? new Date(0)).toISOString(), id: last.id }) : null;
      return { data: page.map(toCatalogCourse), next_cursor: nextCursor };
    },

    async getCourse(siteId: string, slug: string): Promise<(CatalogCourse & { sections: CatalogSection[] }) | undefined> {
      const course = await findPublishedCourseBySlug(db, siteId, slug);
      if (!course) return undefined;
      const sections = new Map<string, CatalogSection>();
      for (const row of await listCourseOutline(db, siteId, course.id)) {
        let section = sections.get(row.section_id);
        if (!section) {
          section = { id: row.section_id, title: row.section_title, position: row.section_position, lectures: [] };
          sections.set(row.section_id, section);
        }
        if (row.lecture_id !== null) {
          section.lectures.push({
            id: row.lecture_id,
            title: row.lecture_title ?? '',
            position: row.lecture_position ?? 0,
            content_type: row.content_type ?? 'text',
            duration_seconds: row.duration_seconds ?? 0,
            is_free_preview: row.is_free_preview ?? false,
          });
        }
      }
      return { ...toCatalogCourse(course), sections: [...sections.values()] };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
