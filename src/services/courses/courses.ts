// Rules of the admin API's courses: drafts by default, explicit publish and archive, slugs
// derived from titles and unique per school, money in the school's currency unless given.
import type { Db } from '../../db/database.ts';
import * as repo from '../../db/repositories/courses.ts';
import type { CourseRow } from '../../db/repositories/courses.ts';
import { mapIntegrityError } from '../integrity-errors.ts';
import { NotFound } from '../errors.ts';
import { listWindow, pageOf } from '../list-window.ts';
import { slugify } from '../../lib/slug.ts';
import { toIso } from '../../lib/time.ts';
import type { Site } from '../school/sites.ts';
import { courseFields, priceOf } from '../row-fields.ts';
import { withSanitizedHtml } from '../../lib/rich-text.ts';
import { recordEvent } from '../webhooks/outbox.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

export type CourseInput = {
  title?: string;
  slug?: string;
  subtitle?: string | null;
  description?: string | null;
  visibility?: 'public' | 'hidden';
  featured?: boolean;
  price?: { amount: number; currency: string };
  image_url?: string | null;
  access_days?: number | null;
};

const UNIQUE_FIELDS = { courses_site_id_slug_key: 'slug' };

export function toCourse(row: CourseRow) {
  return {
    ...courseFields(row),
    status: row.status,
    visibility: row.visibility,
    featured: row.featured,
    price: priceOf(row),
    image_url: row.image_url,
    access_days: row.access_days,
    published_at: toIso(row.published_at),
    archived_at: toIso(row.archived_at),
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

function columnsOf(input: CourseInput) {
  // OpenAPI "School text and HTML": the description is school HTML, sanitised on every write (lib/rich-text.ts).
  const { price, ...rest } = withSanitizedHtml(input, ['description']);
  return { ...rest, ...(price ? { price_amount: price.amount, currency: price.currency } : {}) };
}

export function createCourseAdmin(db: Db, cursors: CursorCodec) {
  async function mustFind(site: Site, id: string, trx: Db = db): Promise<CourseRow> {
    const row = await repo.findCourse(trx, site.id, id);
    if (!row) throw new NotFound('No course with that id at this school.');
    return row;
  }

  /**
   * The status change and its webhook (course.published, course.archived) in one transaction; the
   * conditional update lets one of concurrent calls change the course, so each transition is announced once.
   */
  async function move(site: Site, id: string, status: 'published' | 'archived') {
    return db.transaction().execute(async (trx) => {
      const moved = await repo.moveCourse(trx, site.id, id, status);
      if (!moved) return toCourse(await mustFind(site, id, trx));
      const course = toCourse(moved);
      await recordEvent(trx, site, `course.${status}`, course);
      return course;
    });
  }

  return {
    async list(site: Site, query: { limit?: number; cursor?: string; q?: string; status?: string; sort?: string }) {
      const window = listWindow(cursors, 'courses', query, repo.COURSE_SORTS, '-created_at');
      const rows = await repo.listCourses(db, site.id, { ...window, status: query.status, search: query.q });
      return pageOf(rows, window, (row) => row.sort_key, toCourse);
    },
    async get(site: Site, id: string) {
      return toCourse(await mustFind(site, id));
    },
    async create(site: Site, input: CourseInput & { title: string }) {
      const row = await repo
        .insertCourse(db, {
          site_id: site.id,
          currency: site.currency,
          ...columnsOf(input),
          title: input.title,
          slug: input.slug ?? slugify(input.title),
        })
        .catch((error: unknown) => mapIntegrityError(error, UNIQUE_FIELDS, 'A course'));
      return toCourse(row);
    },
    async update(site: Site, id: string, input: CourseInput) {
      const row = await repo
        .updateCourse(db, site.id, id, columnsOf(input))
        .catch((error: unknown) => mapIntegrityError(error, UNIQUE_FIELDS, 'A course'));
      if (!row) throw new NotFound('No course with that id at this school.');
      return toCourse(row);
    },
    publish: (site: Site, id: string) => move(site, id, 'published'),
    archive: (site: Site, id: string) => move(site, id, 'archived'),
    async remove(site: Site, id: string): Promise<void> {
      const deleted = await repo
        .deleteCourse(db, site.id, id)
        .catch((error: unknown) => mapIntegrityError(error, {}, 'This course'));
      if (!deleted) throw new NotFound('No course with that id at this school.');
    },
  };
}

export type CourseAdmin = ReturnType<typeof createCourseAdmin>;
