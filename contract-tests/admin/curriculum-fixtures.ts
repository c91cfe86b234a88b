// Arrangement helpers of the curriculum, lecturers, comments and forms contract tests: fresh
// courses and sections made through the generated client (so the seeded demo data that other
// suites read stays as seeded), and the seeded objects those tests only read.
import { randomUUID } from 'node:crypto';
import { createCourse, createLecture, createSection, listCourses } from '../../generated/openapi/client/sdk.gen.ts';
import type { adminClient } from '../support/admin-client.ts';

type Client = ReturnType<typeof adminClient>;

/** A new draft course with one section per title, each holding `lectures` text lectures. */
export async function courseWithSections(client: Client, sectionTitles: string[], lectures = 0) {
  const course = await createCourse({ client, body: { title: `Curriculum test ${randomUUID()}` } });
  if (course.response.status !== 201 || !course.data)
    throw new Error(`could not create a course: ${course.response.status}`);
  const courseId = course.data.id;
  const sections = [];
  for (const title of sectionTitles) {
    const section = await createSection({ client, path: { course_id: courseId }, body: { title } });
    if (!section.data) throw new Error(`could not create a section: ${section.response.status}`);
    const lectureIds: string[] = [];
    for (let n = 1; n <= lectures; n++) {
      const lecture = await createLecture({
        client,
        path: { course_id: courseId, section_id: section.data.id },
        body: { title: `${title} ${n}`, content_type: 'text', content: `<p>${n}</p>` },
      });
      if (!lecture.data) throw new Error(`could not create a lecture: ${lecture.response.status}`);
      lectureIds.push(lecture.data.id);
    }
    sections.push({ id: section.data.id, title, lectureIds });
  }
  return { courseId, sections };
}

/** A seeded course of the school, found by its slug (read only). */
export async function seededCourse(client: Client, slug: string) {
  const page = await listCourses({ client, query: { q: slug, limit: 100 } });
  const course = page.data?.data.find((c) => c.slug === slug);
  if (!course) throw new Error(`seeded course ${slug} not found (${page.response.status})`);
  return course;
}

/** The JSON Pointers of a problem's field errors (RFC 9457 `errors[]`). */
export function pointersOf(problem: unknown): string[] {
  return ((problem as { errors?: Array<{ pointer: string }> } | undefined)?.errors ?? []).map((e) => e.pointer);
}

/** Every page of a keyset list, following next_cursor (OpenAPI Limit and Cursor: one pagination shape). */
export async function allPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ data?: { data: T[]; next_cursor: string | null } | undefined }>,
): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | undefined;
  do {
    const page = (await fetchPage(cursor)).data;
    if (!page) throw new Error('a page failed');
    pages.push(page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && pages.length < 100);
  return pages;
}
