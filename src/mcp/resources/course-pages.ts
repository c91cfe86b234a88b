// Each published course's public page as an MCP resource (MCP 2025-11-25 Resources): the URI is
// the page's own URL, <origin>/courses/{slug}.md, which GET serves with the same text
// (src/services/documents/course-md.ts) but for the school's words, fenced here (untrusted.ts), and one
// resource template names them all (RFC 6570 level 1).
// resources/list pages through the catalog with its own signed cursor, a bounded number of
// courses per request, so a school with thousands of courses costs one small query per page.
import { coursePagePath, renderCourseMd } from '../../services/documents/course-md.ts';
import type { CatalogCourse } from '../../services/school/catalog.ts';
import type { ResourceContext } from './documents.ts';
import { fencedSchoolText } from '../untrusted.ts';

export const MARKDOWN = 'text/markdown';

/** Courses per resources/list page: the work one request may ask of the database. */
export const COURSES_PER_PAGE = 50;

/** The catalog's slug rule (spec CourseSlug): anything else is no course page. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 120;

export const courseTemplate = (origin: string) => ({
  uriTemplate: `${origin}/courses/{slug}.md`,
  name: 'course-page',
  title: "A published course's public page",
  description:
    'One published course as Markdown: title, subtitle, description, price and outline (sections, lectures, durations, free previews), never lecture content. The same URL serves it over HTTP. {slug} is the course slug that resources/list and the catalog give.',
  mimeType: MARKDOWN,
});

function courseResource(origin: string, course: CatalogCourse) {
  return {
    uri: `${origin}${coursePagePath(course.slug)}`,
    // Name and title are the server's words: the course's title is the school's, read in the page, fenced.
    name: `course-page-${course.id}`,
    title: 'Course page',
    description:
      "A published course's public page: title, description, price and outline, written by the school (fenced in the page).",
    mimeType: MARKDOWN,
  };
}

/** One page of course resources; `cursor` is the catalog's (InvalidCursor for one it did not issue). */
export async function listCoursePages({ site, services }: ResourceContext, cursor: string | undefined) {
  const page = await services.catalog.listCourses(site.id, { limit: COURSES_PER_PAGE, cursor });
  return { resources: page.data.map((c) => courseResource(site.origin, c)), nextCursor: page.next_cursor };
}

/** The slug a URI names when it is a course page of this school; undefined otherwise. */
export function courseSlugOf(origin: string, uri: string): string | undefined {
  const prefix = `${origin}/courses/`;
  if (!uri.startsWith(prefix) || !uri.endsWith('.md')) return undefined;
  const slug = uri.slice(prefix.length, -'.md'.length);
  return slug.length <= MAX_SLUG_LENGTH && SLUG.test(slug) ? slug : undefined;
}

/** The page of a published course; undefined for a draft, hidden or unknown one (as GET answers 404). */
export async function readCoursePage({ site, services }: ResourceContext, slug: string): Promise<string | undefined> {
  const course = await services.catalog.getCourse(site.id, slug);
  return course ? renderCourseMd(site, course, fencedSchoolText) : undefined;
}
