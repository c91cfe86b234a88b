// Lecturer profiles and course assignment through the generated client (OpenAPI tag
// Lecturers: name, title, bio, avatar, slug, email, linked user, courses; list, get,
// create, update, delete). Tests make their own profiles and courses; the seeded one is read only.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  assignLecturer,
  createLecturer,
  deleteLecturer,
  getLecturer,
  listCourseLecturers,
  listLecturers,
  unassignLecturer,
  updateLecturer,
} from '../../generated/openapi/client/sdk.gen.ts';
import { adminClient } from '../support/admin-client.ts';
import { operatorToken } from '../support/tokens.ts';
import { allPages, courseWithSections, pointersOf, seededCourse } from './curriculum-fixtures.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

describe('lecturers (lecturers:read, lecturers:write)', () => {
  let client: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    client = adminClient(
      origin,
      await operatorToken(origin, 'courses:read courses:write lecturers:read lecturers:write'),
    );
  });

  it('lists the seeded profile with its person link and courses; q searches name, slug, e-mail', async () => {
    const { data, response } = await listLecturers({ client, query: { q: 'priya-natarajan' } });
    expect(response.status).toBe(200);
    expect(data!.data).toHaveLength(1);
    const priya = data!.data[0]!;
    expect(priya).toMatchObject({
      slug: 'priya-natarajan',
      email: 'lecturer@demo-academy.test',
      headline: 'Senior software engineer and teacher',
    });
    expect(priya.person_id).toMatch(/^[0-9a-f-]{36}$/);
    const bootcamp = await seededCourse(client, 'web-development-bootcamp');
    expect(priya.course_ids).toContain(bootcamp.id);
    const byCourse = await listCourseLecturers({ client, path: { course_id: bootcamp.id } });
    expect(byCourse.data!.data.map((l) => l.id)).toContain(priya.id);
  });

  it('creates a profile with a slug derived from the name, linked to a person with a role here', async () => {
    const priya = (await listLecturers({ client, query: { q: 'priya-natarajan' } })).data!.data[0]!;
    const name = `Ada Byron ${randomUUID().slice(0, 8)}`;
    const created = await createLecturer({
      client,
      body: { name, headline: 'Mathematician', email: 'ada@example.com', person_id: priya.person_id },
    });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({
      name,
      slug: name.toLowerCase().replace(/ /g, '-'),
      headline: 'Mathematician',
      bio: null,
      person_id: priya.person_id,
      course_ids: [],
    });
    const updated = await updateLecturer({
      client,
      path: { lecturer_id: created.data!.id },
      body: { bio: 'Wrote the first program.', person_id: null },
    });
    expect(updated.data).toMatchObject({ bio: 'Wrote the first program.', person_id: null, name });
    expect((await getLecturer({ client, path: { lecturer_id: created.data!.id } })).data).toEqual(updated.data);
  });

  it('a person without a role at this school is 422 pointing at /body/person_id', async () => {
    const response = await createLecturer({ client, body: { name: 'Nobody', person_id: randomUUID() } });
    expect(response.response.status).toBe(422);
    expect(pointersOf(response.error)).toEqual(['/body/person_id']);
  });

  it('a duplicate slug is 409 with a pointer to /body/slug', async () => {
    const slug = `twin-lecturer-${randomUUID().slice(0, 8)}`;
    expect((await createLecturer({ client, body: { name: 'Twin', slug } })).response.status).toBe(201);
    const again = await createLecturer({ client, body: { name: 'Twin', slug } });
    expect(again.response.status).toBe(409);
    expect(pointersOf(again.error)).toEqual(['/body/slug']);
  });

  it('assigns and unassigns idempotently; a profile that teaches cannot be deleted (409) until unassigned', async () => {
    const { courseId } = await courseWithSections(client, []);
    const lecturer = (await createLecturer({ client, body: { name: `Assignee ${randomUUID()}` } })).data!;
    const first = await assignLecturer({ client, path: { course_id: courseId, lecturer_id: lecturer.id } });
    expect(first.response.status).toBe(200);
    expect(first.data!.course_ids).toEqual([courseId]);
    expect(
      (await assignLecturer({ client, path: { course_id: courseId, lecturer_id: lecturer.id } })).data!.course_ids,
    ).toEqual([courseId]);
    expect((await listCourseLecturers({ client, path: { course_id: courseId } })).data!.data.map((l) => l.id)).toEqual([
      lecturer.id,
    ]);
    expect((await deleteLecturer({ client, path: { lecturer_id: lecturer.id } })).response.status).toBe(409);
    expect(
      (await unassignLecturer({ client, path: { course_id: courseId, lecturer_id: lecturer.id } })).response.status,
    ).toBe(204);
    expect(
      (await unassignLecturer({ client, path: { course_id: courseId, lecturer_id: lecturer.id } })).response.status,
    ).toBe(204);
    expect((await listCourseLecturers({ client, path: { course_id: courseId } })).data!.data).toEqual([]);
    expect((await deleteLecturer({ client, path: { lecturer_id: lecturer.id } })).response.status).toBe(204);
    expect((await getLecturer({ client, path: { lecturer_id: lecturer.id } })).response.status).toBe(404);
    expect(
      (await assignLecturer({ client, path: { course_id: courseId, lecturer_id: lecturer.id } })).response.status,
    ).toBe(404);
  });

  it('pages with limit and next_cursor, sorted by name or newest first (OpenAPI parameters Limit and Cursor)', async () => {
    const tag = `pager-${randomUUID().slice(0, 8)}`;
    for (const name of ['Cleo', 'Abe', 'Bea']) await createLecturer({ client, body: { name: `${name} ${tag}` } });
    const byName = await allPages((cursor) =>
      listLecturers({ client, query: { q: tag, limit: 2, ...(cursor ? { cursor } : {}) } }),
    );
    expect(byName.map((p) => p.map((l) => l.name.split(' ')[0]))).toEqual([['Abe', 'Bea'], ['Cleo']]);
    const newest = await allPages((cursor) =>
      listLecturers({ client, query: { q: tag, limit: 1, sort: '-created_at', ...(cursor ? { cursor } : {}) } }),
    );
    expect(newest.flat().map((l) => l.name.split(' ')[0])).toEqual(['Bea', 'Abe', 'Cleo']);
  });

  it('invalid input is 400 with a pointer to the field', async () => {
    // Validation stops at the first offending field, so each case sends one.
    const cases = [
      { name: '' },
      { name: 'Ok', email: 'not-an-email' },
      { name: 'Ok', slug: 'Not A Slug' },
      { name: 'Ok', avatar_url: 'no url' },
    ];
    const pointers = [];
    for (const body of cases) {
      const response = await createLecturer({ client, body });
      expect(response.response.status).toBe(400);
      pointers.push(...pointersOf(response.error));
    }
    expect(pointers).toEqual(['/body/name', '/body/email', '/body/slug', '/body/avatar_url']);
    const sort = await listLecturers({ client, query: { sort: 'email' as never } });
    expect(pointersOf(sort.error)).toEqual(['/query/sort']);
  });

  it.skipIf(!secondary)("another school's profile is 404, and cannot be linked or assigned here", async () => {
    const other = adminClient(secondary, await operatorToken(secondary, 'lecturers:read', 'owner@second-school.test'));
    const theirs = (await listLecturers({ client: other, query: { limit: 1 } })).data!.data[0]!;
    const read = await getLecturer({ client, path: { lecturer_id: theirs.id } });
    expect(read.response.status).toBe(404);
    expect(JSON.stringify(read.error)).not.toContain(theirs.name);
    const { courseId } = await courseWithSections(client, []);
    expect(
      (await assignLecturer({ client, path: { course_id: courseId, lecturer_id: theirs.id } })).response.status,
    ).toBe(404);
    // Their lecturer's person has no role at this school: linking it is refused.
    const linked = await createLecturer({ client, body: { name: 'Borrowed', person_id: theirs.person_id } });
    expect(linked.response.status).toBe(422);
  });
});
