// Everything around the courses: events with registrations, blog posts with threaded comments,
// a contact form with submissions, static pages and the school's look.
import type { SeededCourse } from './demo-catalog.ts';
import { sanitizeSchoolHtml } from '../../lib/rich-text.ts';
import {
  daysFromNow,
  lookup,
  type CommentSeed,
  type SchoolContext,
  type SchoolSeed,
  type Sellable,
} from './demo-types.ts';

const HOUR_MS = 3_600_000;

export async function seedEvents(ctx: SchoolContext, school: SchoolSeed): Promise<Map<string, Sellable>> {
  const events = new Map<string, Sellable>();
  for (const event of school.events) {
    // Events start on the hour (17:00 UTC: afternoon in New York, evening in Berlin).
    const startsAt = daysFromNow(ctx, event.startsInDays);
    startsAt.setUTCHours(17, 0, 0, 0);
    const row = await ctx.db
      .insertInto('events')
      .values({
        site_id: ctx.siteId,
        slug: event.slug,
        title: event.title,
        // OpenAPI "School text and HTML": school HTML goes through the one sanitiser, seed included.
        description: event.description && sanitizeSchoolHtml(event.description),
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + event.hours * HOUR_MS),
        timezone: school.timezone,
        location: event.location ?? null,
        online_url: event.onlineUrl ?? null,
        capacity: event.capacity ?? null,
        price_amount: event.price,
        currency: ctx.currency,
        status: event.status,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    events.set(event.slug, { id: row.id, title: event.title, price: event.price });
    if (event.registrations.length === 0) continue;
    // Registered a week before the event (or a week ago, for one still ahead).
    const registeredAt = daysFromNow(ctx, Math.min(event.startsInDays, 0) - 7);
    await ctx.db
      .insertInto('event_registrations')
      .values(
        event.registrations.map((registration) => ({
          site_id: ctx.siteId,
          event_id: row.id,
          person_id: ctx.person(registration.person),
          status: registration.status,
          registered_at: registeredAt,
          cancelled_at: registration.status === 'cancelled' ? new Date(registeredAt.getTime() + 24 * HOUR_MS) : null,
        })),
      )
      .execute();
  }
  return events;
}

export async function seedContent(
  ctx: SchoolContext,
  school: SchoolSeed,
  courses: ReadonlyMap<string, SeededCourse>,
): Promise<void> {
  const { db, siteId } = ctx;
  const posts = await db
    .insertInto('posts')
    .values(
      school.posts.map((post) => ({
        site_id: siteId,
        slug: post.slug,
        author_person_id: ctx.person(post.author),
        title: post.title,
        excerpt: post.excerpt,
        body: sanitizeSchoolHtml(post.body),
        status: post.status,
        published_at: post.status === 'published' ? daysFromNow(ctx, -10) : null,
      })),
    )
    .returning(['id', 'slug'])
    .execute();
  const postIds = new Map(posts.map((row) => [row.slug, row.id]));

  const target = (on: CommentSeed['on']) => {
    if (on.type === 'post')
      return { commentable_type: 'post' as const, commentable_id: lookup(postIds, on.slug, 'post') };
    if (on.type === 'course')
      return { commentable_type: 'course' as const, commentable_id: lookup(courses, on.slug, 'course').id };
    const lecture = lookup(courses, on.course, 'course').lectures[on.lecture - 1];
    if (lecture === undefined) throw new Error(`demo seed: ${on.course} has no lecture ${on.lecture}`);
    return { commentable_type: 'lecture' as const, commentable_id: lecture.id };
  };
  for (const comment of school.comments) {
    const on = target(comment.on);
    const parent = await db
      .insertInto('comments')
      .values({ site_id: siteId, person_id: ctx.person(comment.by), ...on, body: comment.body })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const reply of comment.replies ?? []) {
      await db
        .insertInto('comments')
        .values({
          site_id: siteId,
          person_id: ctx.person(reply.by),
          ...on,
          parent_comment_id: parent.id,
          body: reply.body,
        })
        .execute();
    }
  }

  for (const form of school.forms) {
    const row = await db
      .insertInto('forms')
      .values({
        site_id: siteId,
        title: form.title,
        description: form.description,
        fields: JSON.stringify(form.fields),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('form_submissions')
      .values(
        form.submissions.map((submission) => ({
          site_id: siteId,
          form_id: row.id,
          person_id: submission.by === undefined ? null : ctx.person(submission.by),
          data: JSON.stringify(submission.data),
        })),
      )
      .execute();
  }

  await db
    .insertInto('pages')
    .values(
      school.pages.map((page) => ({
        site_id: siteId,
        ...page,
        body: sanitizeSchoolHtml(page.body),
        published_at: page.status === 'published' ? daysFromNow(ctx, -60) : null,
      })),
    )
    .execute();

  const { appearance } = school;
  await db
    .insertInto('site_appearances')
    .values({
      site_id: siteId,
      theme: appearance.theme,
      primary_color: appearance.primaryColor,
      accent_color: appearance.accentColor,
      font_family: appearance.fontFamily,
      logo_url: `https://images.${ctx.siteSlug}.test/logo.svg`,
      favicon_url: `https://images.${ctx.siteSlug}.test/favicon.ico`,
    })
    .execute();
}
