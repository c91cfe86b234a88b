// SQL for the public catalog: only what an anonymous visitor may see (published, public courses,
// outline without lecture content). The anonymous MCP tools read through the same functions.
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import type { TimeIdCursor } from '../../lib/cursor.ts';

export type CatalogCourseRow = {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  price_amount: number;
  currency: string;
  image_url: string | null;
  published_at: Date | null;
};

const catalogColumns = ['id', 'slug', 'title', 'subtitle', 'description', 'price_amount', 'currency', 'image_url', 'published_at'] as const;

export async function listPublishedCourses(
  db: Db,
  siteId: string,
  page: { limit: number; after: TimeIdCursor | null; search: string | null },
): Promise<CatalogCourseRow[]> {
  let query = db
    .selectFrom('courses')
    .select(catalogColumns)
    .where('site_id', '=', siteId)
    .where('status', '=', 'published')
    .where('visibility', '=', 'public');
  if (page.search) {
    const pattern = `%${page.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('subtitle', 'ilike', pattern), eb('description', 'ilike', pattern)]));
  }
  if (page.after) {
    const { t, id } = page.after;
    // Millisecond precision on both sides: the cursor holds a JavaScript date.
    query = query.where(sql<boolean>`(date_trunc('milliseconds', published_at), id) < (${new Date(t)}::timestamptz, ${id}::uuid)`);
  }
  return query.orderBy(sql`date_trunc('milliseconds', published_at)`, 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}

export async function findPublishedCourseBySlug(db: Db, siteId: string, slug: string): Promise<CatalogCourseRow | undefined> {
  return db
    .selectFrom('courses')
    .select(catalogColumns)
    .where('site_id', '=', siteId)
    .where('slug', '=', slug)
    .where('status', '=', 'published')
    .where('visibility', '=', 'public')
    .executeTakeFirst();
}

export type OutlineRow = {
  section_id: string;
  section_title: string;
  section_position: number;
  lecture_id: string | null;
  lecture_title: string | null;
  lecture_position: number | null;
  content_type: string | null;
  duration_seconds: number | null;
  is_free_preview: boolean | null;
};

/** Sections with their published lectures in one query; never selects lecture content. */
export async function listCourseOutline(db: Db, siteId: string, courseId: string): Promise<OutlineRow[]> {
  return db
    .selectFrom('course_sections as s')
    .leftJoin('lectures as l', (join) => join.onRef('l.section_id', '=', 's.id').on('l.status', '=', 'published'))
    .select([
      's.id as section_id',
      's.title as section_title',
      's.position as section_position',
      'l.id as lecture_id',
      'l.title as lecture_title',
      'l.position as lecture_position',
      'l.content_type',
      'l.duration_seconds',
      'l.is_free_preview',
    ])
    .where('s.site_id', '=', siteId)
    .where('s.course_id', '=', courseId)
    .orderBy('s.position')
    .orderBy('l.position')
    .execute();
}
