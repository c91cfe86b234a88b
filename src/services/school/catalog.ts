// The public catalog of a school: published, public courses and their outlines, upcoming events,
// membership plans and the school's profile. Shared by the REST catalog operations and the
// anonymous MCP tools, so both show exactly the same rows.
import type { Db } from '../../db/database.ts';
import {
  findPublishedCourseBySlug,
  listCourseOutline,
  listPublishedCourses,
  type CatalogCourseRow,
} from '../../db/repositories/catalog.ts';
import {
  findSchoolProfile,
  listPublicCoursesOfPlans,
  listUpcomingPublishedEvents,
  listVisibleActivePlans,
  type PublicEventRow,
} from '../../db/repositories/public-catalog.ts';
import { listWindow, pageOf } from '../list-window.ts';
import { toIso } from '../../lib/time.ts';
import { courseFields, eventFields, priceOf, seatsLeft } from '../row-fields.ts';
import type { Site } from './sites.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

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

export type CatalogLecture = {
  id: string;
  title: string;
  position: number;
  content_type: string;
  duration_seconds: number;
  is_free_preview: boolean;
};
export type CatalogSection = { id: string; title: string; position: number; lectures: CatalogLecture[] };

export type PublicEvent = {
  id: string;
  slug: string;
  title: string;
  description: string | null;
  starts_at: string;
  ends_at: string;
  timezone: string;
  location: string | null;
  is_online: boolean;
  capacity: number | null;
  /** Null when the event has no capacity limit. */
  remaining_seats: number | null;
  price: { amount: number; currency: string };
};

export type PublicPlan = {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  price: { amount: number; currency: string };
  billing_interval: string;
  interval_count: number;
  trial_days: number;
  courses: { slug: string; title: string }[];
};

export type SchoolInfo = {
  name: string;
  description: string | null;
  locale: string;
  currency: string;
  timezone: string;
  logo_url: string | null;
};

function toPublicEvent(row: PublicEventRow): PublicEvent {
  return {
    ...eventFields(row),
    is_online: row.is_online,
    capacity: row.capacity,
    remaining_seats: seatsLeft(row.capacity, row.taken_seats),
    price: priceOf(row),
  };
}

function toCatalogCourse(row: CatalogCourseRow): CatalogCourse {
  return { ...courseFields(row), price: priceOf(row), image_url: row.image_url, published_at: toIso(row.published_at) };
}

export function createCatalogService(db: Db, cursors: CursorCodec) {
  return {
    /** @throws InvalidCursor for a cursor this API did not issue */
    async listCourses(
      siteId: string,
      options: { limit: number; cursor?: string | undefined; search?: string | undefined },
    ) {
      const window = listWindow(cursors, 'catalog-courses', options, { published_at: 'time' }, '-published_at');
      const rows = await listPublishedCourses(db, siteId, { ...window, search: options.search ?? null });
      return pageOf(rows, window, (row) => row.sort_key, toCatalogCourse);
    },

    async getCourse(
      siteId: string,
      slug: string,
    ): Promise<(CatalogCourse & { sections: CatalogSection[] }) | undefined> {
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

    /** Published events starting after `now`, soonest first. @throws InvalidCursor */
    async listUpcomingEvents(siteId: string, options: { now: Date; limit: number; cursor?: string | undefined }) {
      const window = listWindow(cursors, 'upcoming-events', options, { starts_at: 'time' }, 'starts_at');
      const rows = await listUpcomingPublishedEvents(db, siteId, { ...window, now: options.now });
      return pageOf(rows, window, (row) => row.sort_key, toPublicEvent);
    },

    /** Active plans the school shows, cheapest first, with the public courses each includes. @throws InvalidCursor */
    async listMembershipPlans(siteId: string, options: { limit: number; cursor?: string | undefined }) {
      const window = listWindow(cursors, 'catalog-plans', options, { price_amount: 'integer' }, 'price_amount');
      const rows = await listVisibleActivePlans(db, siteId, window);
      const courses = await listPublicCoursesOfPlans(
        db,
        siteId,
        rows.slice(0, window.limit).map((row) => row.id),
      );
      return pageOf(
        rows,
        window,
        (row) => row.price_amount,
        (row): PublicPlan => ({
          id: row.id,
          slug: row.slug,
          name: row.name,
          description: row.description,
          price: { amount: row.price_amount, currency: row.currency },
          billing_interval: row.billing_interval,
          interval_count: row.interval_count,
          trial_days: row.trial_days,
          courses: courses.filter((c) => c.plan_id === row.id).map(({ slug, title }) => ({ slug, title })),
        }),
      );
    },

    /** The school's public profile: what its own pages show every visitor. */
    async getSchoolInfo(site: Site): Promise<SchoolInfo> {
      const profile = await findSchoolProfile(db, site.id);
      return {
        name: site.name,
        description: site.description,
        locale: site.locale,
        currency: site.currency,
        timezone: profile?.timezone ?? 'UTC',
        logo_url: profile?.logo_url ?? null,
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
