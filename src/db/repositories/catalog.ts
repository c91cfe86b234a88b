// SQL for the public catalog: only what an anonymous visitor may see (published, public courses,
// outline without lecture content). The anonymous MCP tools read through the same functions.
import type { Db } from '../database.ts';
import { columnKey, keyset, type KeysetPage } from '../pagination/keyset.ts';

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

const catalogColumns = [
  'id',
  'slug',
  'title',
  'subtitle',
  'description',
  'price_amount',
  'currency',
  'image_url',
  'published_at',
] as const;

export async function listPublishedCourses(
  db: Db,
  siteId: string,
  page: KeysetPage & { search: string | null },
): Promise<Array<CatalogCourseRow & { sort_key: string | number }>> {
  const keyed = keyset(columnKey('published_at', 'time'), 'id', page);
  let query = db
    .selectFrom('courses')
    .select(catalogColumns)
    .select(keyed.value.as('sort_key'))
    .where('site_id', '=', siteId)
    .where('status', '=', 'published')
    .where('visibility', '=', 'public');
  if (page.search) {
    const pattern = `%${page.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb('title', 'ilike', pattern), eb('subtitle', 'ilike', pattern), eb('description', 'ilike', pattern)]),
    );
  }
  if (keyed.after) query = query.where(keyed.after);
  return query
    .orderBy(keyed.orderBy)
    .limit(page.limit + 1)
    .execute();
}

export async function findPublishedCourseBySlug(
  db: Db,
  siteId: string,
  slug: string,
): Promise<CatalogCourseRow | undefined> {
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
