// Courses with their sections and lectures, and the school's lecturer profile.
import type { LectureContentType } from '../schema.ts';
import { sanitizeSchoolHtml } from '../../lib/rich-text.ts';
import { daysFromNow, lookup, type SchoolContext, type SchoolSeed, type Sellable } from './demo-types.ts';

export interface SeededCourse extends Sellable {
  /** In course order (section by section), so lecture n of the data is lectures[n - 1]. */
  lectures: { id: string; durationSeconds: number }[];
}

// Where the private material of a demo lecture would live. The hosts are .test names: the demo
// has no media, and nothing here may be mistaken for a real address.
function contentFor(type: LectureContentType, siteSlug: string, courseSlug: string, n: number, title: string) {
  const base = `https://media.${siteSlug}.test/${courseSlug}/${n}`;
  switch (type) {
    case 'video':
      return `${base}.mp4`;
    case 'audio':
      return `${base}.mp3`;
    case 'pdf':
      return `${base}.pdf`;
    case 'text':
      return sanitizeSchoolHtml(`<h2>${title}</h2><p>Lesson notes for lecture ${n}.</p>`);
    case 'embed_link':
      return `https://embed.${siteSlug}.test/${courseSlug}/${n}`;
    case 'external_link':
      return `https://resources.${siteSlug}.test/${courseSlug}/${n}`;
  }
}

export async function seedCatalog(ctx: SchoolContext, school: SchoolSeed): Promise<Map<string, SeededCourse>> {
  const { db, siteId, siteSlug } = ctx;
  const courseRows = await db
    .insertInto('courses')
    .values(
      school.courses.map((course, i) => ({
        site_id: siteId,
        slug: course.slug,
        title: course.title,
        subtitle: course.subtitle,
        // OpenAPI "School text and HTML": school HTML goes through the one sanitiser, seed included.
        description: course.description && sanitizeSchoolHtml(course.description),
        status: course.status,
        featured: course.featured ?? false,
        price_amount: course.price,
        currency: ctx.currency,
        image_url: `https://images.${siteSlug}.test/courses/${course.slug}.jpg`,
        seo_title: `${course.title} | ${school.name}`,
        seo_description: course.subtitle,
        // Published over a year ago, a few days apart, so that every demo enrollment comes after.
        published_at: course.status === 'published' ? daysFromNow(ctx, -420 + 7 * i) : null,
      })),
    )
    .returning(['id', 'slug'])
    .execute();
  const courseIds = new Map(courseRows.map((row) => [row.slug, row.id]));

  const sectionRows = await db
    .insertInto('course_sections')
    .values(
      school.courses.flatMap((course) =>
        course.sections.map((section, i) => ({
          site_id: siteId,
          course_id: lookup(courseIds, course.slug, 'course'),
          title: section.title,
          position: i + 1,
        })),
      ),
    )
    .returning(['id', 'course_id', 'position'])
    .execute();
  const sectionIds = new Map(sectionRows.map((row) => [`${row.course_id}/${row.position}`, row.id]));

  const lectureRows = await db
    .insertInto('lectures')
    .values(
      school.courses.flatMap((course) => {
        const courseId = lookup(courseIds, course.slug, 'course');
        let n = 0;
        return course.sections.flatMap((section, s) =>
          section.lectures.map((lecture, i) => ({
            site_id: siteId,
            course_id: courseId,
            section_id: lookup(sectionIds, `${courseId}/${s + 1}`, 'section'),
            title: lecture.title,
            position: i + 1,
            content_type: lecture.type,
            content: contentFor(lecture.type, siteSlug, course.slug, ++n, lecture.title),
            duration_seconds: lecture.minutes * 60,
            is_free_preview: lecture.preview ?? false,
          })),
        );
      }),
    )
    .returning(['id', 'section_id', 'position', 'duration_seconds'])
    .execute();
  const lectureByPlace = new Map(lectureRows.map((row) => [`${row.section_id}/${row.position}`, row]));

  const seeded = new Map<string, SeededCourse>();
  for (const course of school.courses) {
    const courseId = lookup(courseIds, course.slug, 'course');
    const lectures = course.sections.flatMap((section, s) =>
      section.lectures.map((_, i) => {
        const sectionId = lookup(sectionIds, `${courseId}/${s + 1}`, 'section');
        const row = lookup(lectureByPlace, `${sectionId}/${i + 1}`, 'lecture');
        return { id: row.id, durationSeconds: row.duration_seconds };
      }),
    );
    seeded.set(course.slug, { id: courseId, title: course.title, price: course.price, lectures });
  }

  await seedLecturer(ctx, school, courseIds);
  return seeded;
}

async function seedLecturer(ctx: SchoolContext, school: SchoolSeed, courseIds: Map<string, string>): Promise<void> {
  const { lecturer } = school;
  const person = await ctx.db
    .selectFrom('people')
    .select(['name', 'avatar_url'])
    .where('id', '=', ctx.person(lecturer.email))
    .executeTakeFirstOrThrow();
  const row = await ctx.db
    .insertInto('lecturers')
    .values({
      site_id: ctx.siteId,
      person_id: ctx.person(lecturer.email),
      slug: lecturer.slug,
      name: person.name ?? lecturer.slug,
      email: lecturer.email,
      headline: lecturer.headline,
      bio: lecturer.bio && sanitizeSchoolHtml(lecturer.bio),
      avatar_url: `https://images.${ctx.siteSlug}.test/lecturers/${lecturer.slug}.jpg`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('course_lecturers')
    .values(lecturer.courses.map((slug) => ({ course_id: lookup(courseIds, slug, 'course'), lecturer_id: row.id })))
    .execute();
}
