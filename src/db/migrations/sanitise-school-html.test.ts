import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { up } from './2026-11-25T0003-sanitise-school-html.ts';

// OpenAPI "School text and HTML": rows written before HTML was sanitised on write are cleaned by the migration.
describe('migration 2026-11-25T0003-sanitise-school-html', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createDatabase({ kind: 'pglite', dataDir: null });
    await migrateToLatest(db);
  });
  afterAll(async () => db?.destroy());

  it('strips script, event handlers and javascript: URLs from old rows and leaves plain text and other types alone', async () => {
    const site = await db
      .insertInto('sites')
      .values({
        slug: 'm',
        origin: 'http://m.test',
        name: 'M',
        description: null,
        contact_email: null,
        beta_features: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const hostile =
      '<p onclick="x()">Hi</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>';
    const course = await db
      .insertInto('courses')
      .values({
        site_id: site.id,
        slug: 'c',
        title: '<b>title stays</b>',
        description: hostile,
        currency: 'EUR',
        price_amount: 0,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const section = await db
      .insertInto('course_sections')
      .values({ site_id: site.id, course_id: course.id, title: 's', description: hostile, position: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lecture = (type: 'text' | 'video', position: number, content: string) =>
      db
        .insertInto('lectures')
        .values({
          site_id: site.id,
          course_id: course.id,
          section_id: section.id,
          title: 'l',
          position,
          content_type: type,
          content,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
    const text = await lecture('text', 1, hostile);
    const video = await lecture('video', 2, 'https://media.test/a.mp4?x=<y>&z');
    const page = await db
      .insertInto('pages')
      .values({ site_id: site.id, slug: 'p', title: 'p', body: hostile } as never)
      .returning('id')
      .executeTakeFirstOrThrow();

    await up(db as never);

    const clean = '<p>Hi</p><a rel="noopener noreferrer nofollow">x</a><img src="x" />';
    const row = await db
      .selectFrom('courses')
      .select(['title', 'description'])
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: '<b>title stays</b>', description: clean });
    expect(
      (
        await db
          .selectFrom('course_sections')
          .select('description')
          .where('id', '=', section.id)
          .executeTakeFirstOrThrow()
      ).description,
    ).toBe(clean);
    expect(
      (await db.selectFrom('lectures').select('content').where('id', '=', text.id).executeTakeFirstOrThrow()).content,
    ).toBe(clean);
    expect(
      (await db.selectFrom('lectures').select('content').where('id', '=', video.id).executeTakeFirstOrThrow()).content,
    ).toBe('https://media.test/a.mp4?x=<y>&z');
    expect((await db.selectFrom('pages').select('body').where('id', '=', page.id).executeTakeFirstOrThrow()).body).toBe(
      clean,
    );
  });
});
