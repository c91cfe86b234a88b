// Courses through the generated client (the OpenAPI document): every operation with valid input, responses
// checked against the spec by the server in tests (validateResponse), and the rules users expect.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  archiveCourse,
  createCourse,
  deleteCourse,
  getCatalogCourse,
  getCourse,
  listCatalogCourses,
  listCourses,
  publishCourse,
  updateCourse,
} from '../../generated/openapi/client/sdk.gen.ts';
import { adminClient } from '../support/admin-client.ts';
import { operatorToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

describe('courses (courses:read, courses:write)', () => {
  let client: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    client = adminClient(origin, await operatorToken(origin, 'courses:read courses:write'));
  });

  it('creates a draft, with a slug derived from the title and the school currency', async () => {
    const { data, response } = await createCourse({ client, body: { title: `Watercolour Basics ${Date.now()}` } });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({ status: 'draft', price: { amount: 0, currency: 'USD' }, published_at: null });
    expect(data!.slug).toMatch(/^watercolour-basics-\d+$/);
  });

  it('lists drafts and published courses, paginated with next_cursor and filtered by status', async () => {
    const first = await listCourses({ client, query: { limit: 2 } });
    expect(first.response.status).toBe(200);
    expect(first.data!.data).toHaveLength(2);
    expect(first.data!.next_cursor).toBeTypeOf('string');
    const second = await listCourses({ client, query: { limit: 2, cursor: first.data!.next_cursor! } });
    expect(second.data!.data.map((c) => c.id)).not.toContain(first.data!.data[0]!.id);
    const drafts = await listCourses({ client, query: { status: 'draft', limit: 100 } });
    expect(drafts.data!.data.every((c) => c.status === 'draft')).toBe(true);
    const byTitle = await listCourses({ client, query: { sort: 'title', limit: 100 } });
    const titles = byTitle.data!.data.map((c) => c.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('updates, publishes (into the public catalog), archives and deletes a course', async () => {
    const slug = `lifecycle-${Date.now()}`;
    const created = (
      await createCourse({ client, body: { title: 'Lifecycle', slug, price: { amount: 1900, currency: 'USD' } } })
    ).data!;
    const updated = await updateCourse({ client, path: { course_id: created.id }, body: { subtitle: 'Changed' } });
    expect(updated.data).toMatchObject({ subtitle: 'Changed', title: 'Lifecycle' });
    const read = await getCourse({ client, path: { course_id: created.id } });
    expect(read.response.status).toBe(200);
    expect(read.data).toEqual(updated.data);
    // The public catalog knows only published courses, read anonymously (no token).
    const anonymous = adminClient(origin);
    expect((await getCatalogCourse({ client: anonymous, path: { slug } })).response.status).toBe(404);
    const published = await publishCourse({ client, path: { course_id: created.id } });
    expect(published.data).toMatchObject({ status: 'published' });
    const inCatalog = await getCatalogCourse({ client: anonymous, path: { slug } });
    expect(inCatalog.response.status).toBe(200);
    expect(inCatalog.data).toMatchObject({ slug, title: 'Lifecycle' });
    const search = await listCatalogCourses({ client: anonymous, query: { q: 'Lifecycle', limit: 100 } });
    expect(search.response.status).toBe(200);
    expect(search.data!.data.map((c) => c.slug)).toContain(slug);
    const archived = await archiveCourse({ client, path: { course_id: created.id } });
    expect(archived.data).toMatchObject({ status: 'archived' });
    expect((await getCatalogCourse({ client: anonymous, path: { slug } })).response.status).toBe(404);
    expect((await deleteCourse({ client, path: { course_id: created.id } })).response.status).toBe(204);
    expect((await getCourse({ client, path: { course_id: created.id } })).response.status).toBe(404);
  });

  it('a duplicate slug is 409 with a pointer to /body/slug', async () => {
    const slug = `twin-${Date.now()}`;
    await createCourse({ client, body: { title: 'Twin', slug } });
    const again = await createCourse({ client, body: { title: 'Twin', slug } });
    expect(again.response.status).toBe(409);
    expect(again.error).toMatchObject({ status: 409, errors: [{ pointer: '/body/slug' }] });
  });

  it('a course with enrollments cannot be deleted (409)', async () => {
    // The demo's web-development-bootcamp has enrollments; the newest published course may be one
    // another suite just created (the fuzzer publishes some), with none.
    const enrolled = (
      await listCourses({ client, query: { status: 'published', q: 'web-development-bootcamp', limit: 100 } })
    ).data!.data.find((c) => c.slug === 'web-development-bootcamp')!;
    const response = await deleteCourse({ client, path: { course_id: enrolled.id } });
    expect(response.response.status).toBe(409);
  });

  it('invalid input is 400 with a pointer to the field', async () => {
    const response = await createCourse({ client, body: { title: '', price: { amount: -1, currency: 'usd' } } });
    expect(response.response.status).toBe(400);
    const pointers = (response.error as { errors: Array<{ pointer: string }> }).errors.map((e) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/body/title']));
  });

  it.skipIf(!secondary)("another school's course is 404, never its data", async () => {
    const other = adminClient(secondary, await operatorToken(secondary, 'courses:read', 'owner@second-school.test'));
    const theirs = (await listCourses({ client: other, query: { limit: 1 } })).data!.data[0]!;
    const response = await getCourse({ client, path: { course_id: theirs.id } });
    expect(response.response.status).toBe(404);
    expect(JSON.stringify(response.error)).not.toContain(theirs.title);
  });
});
