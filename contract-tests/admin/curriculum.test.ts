// Curriculum sections through the generated client (OpenAPI tag Curriculum:
// tree get, add, move and delete sections). Writes go to courses the tests create; the seeded
// courses are only read.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createSection,
  deleteLecture,
  deleteSection,
  getSection,
  listSections,
  reorderSections,
  updateSection,
} from '../../generated/openapi/client/sdk.gen.ts';
import { adminClient } from '../support/admin-client.ts';
import { operatorToken } from '../support/tokens.ts';
import { allPages, courseWithSections, pointersOf, seededCourse } from './curriculum-fixtures.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

describe('curriculum sections (curriculum:read, curriculum:write)', () => {
  let client: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    client = adminClient(
      origin,
      await operatorToken(origin, 'courses:read courses:write curriculum:read curriculum:write'),
    );
  });

  it('lists the curriculum tree: sections in order with their lectures and private content (OpenAPI listSections)', async () => {
    const course = await seededCourse(client, 'web-development-bootcamp');
    const { data, response } = await listSections({ client, path: { course_id: course.id } });
    expect(response.status).toBe(200);
    expect(data!.next_cursor).toBeNull();
    expect(data!.data.map((s) => [s.title, s.position])).toEqual([
      ['Foundations', 1],
      ['Styling and layout', 2],
    ]);
    const [welcome] = data!.data[0]!.lectures;
    expect(welcome).toMatchObject({
      title: 'Welcome and course tour',
      position: 1,
      content_type: 'video',
      is_free_preview: true,
      status: 'published',
      duration_seconds: 240,
    });
    expect(welcome!.content).toMatch(/^https:\/\//);
  });

  it('pages the tree by section with limit and next_cursor (OpenAPI parameters Limit and Cursor)', async () => {
    const { courseId } = await courseWithSections(client, ['One', 'Two', 'Three']);
    const pages = await allPages((cursor) =>
      listSections({ client, path: { course_id: courseId }, query: { limit: 2, ...(cursor ? { cursor } : {}) } }),
    );
    expect(pages.map((p) => p.map((s) => s.title))).toEqual([['One', 'Two'], ['Three']]);
  });

  it('adds sections at the end or at a position, pushing the rest down; gets and renames one', async () => {
    const { courseId, sections } = await courseWithSections(client, ['A', 'B']);
    const first = await createSection({
      client,
      path: { course_id: courseId },
      body: { title: 'Intro', description: 'Start here', position: 1 },
    });
    expect(first.response.status).toBe(201);
    expect(first.data).toMatchObject({
      title: 'Intro',
      description: 'Start here',
      position: 1,
      lectures: [],
      course_id: courseId,
    });
    const last = await createSection({ client, path: { course_id: courseId }, body: { title: 'Outro', position: 99 } });
    expect(last.data!.position).toBe(4);
    const tree = (await listSections({ client, path: { course_id: courseId } })).data!.data;
    expect(tree.map((s) => `${s.position}:${s.title}`)).toEqual(['1:Intro', '2:A', '3:B', '4:Outro']);
    const renamed = await updateSection({
      client,
      path: { course_id: courseId, section_id: sections[0]!.id },
      body: { title: 'Alpha', description: null },
    });
    expect(renamed.data).toMatchObject({ title: 'Alpha', description: null, position: 2 });
    expect(
      (await getSection({ client, path: { course_id: courseId, section_id: sections[0]!.id } })).data,
    ).toMatchObject({
      title: 'Alpha',
    });
  });

  it('reorders sections from the full list of ids; repeating it changes nothing (PUT is idempotent)', async () => {
    const { courseId, sections } = await courseWithSections(client, ['A', 'B', 'C'], 1);
    const order = [sections[2]!.id, sections[0]!.id, sections[1]!.id];
    const first = await reorderSections({ client, path: { course_id: courseId }, body: { section_ids: order } });
    expect(first.response.status).toBe(200);
    expect(first.data!.data.map((s) => `${s.position}:${s.title}:${s.lectures.length}`)).toEqual([
      '1:C:1',
      '2:A:1',
      '3:B:1',
    ]);
    const again = await reorderSections({ client, path: { course_id: courseId }, body: { section_ids: order } });
    expect(again.data!.data.map((s) => s.id)).toEqual(order);
  });

  it('a reorder that leaves out a section or names a foreign id is 422 pointing at /body/section_ids', async () => {
    const { courseId, sections } = await courseWithSections(client, ['A', 'B']);
    const other = await courseWithSections(client, ['X']);
    const missing = await reorderSections({
      client,
      path: { course_id: courseId },
      body: { section_ids: [sections[1]!.id] },
    });
    expect(missing.response.status).toBe(422);
    expect(pointersOf(missing.error)).toEqual(['/body/section_ids']);
    const foreign = await reorderSections({
      client,
      path: { course_id: courseId },
      body: { section_ids: [sections[1]!.id, sections[0]!.id, other.sections[0]!.id] },
    });
    expect(foreign.response.status).toBe(422);
    const duplicate = await reorderSections({
      client,
      path: { course_id: courseId },
      body: { section_ids: [sections[0]!.id, sections[0]!.id] },
    });
    expect(duplicate.response.status).toBe(400);
    expect(pointersOf(duplicate.error)).toEqual(['/body/section_ids']);
  });

  it('deletes an empty section and closes the gap; a section with lectures is 409 (deleting something in use)', async () => {
    const { courseId, sections } = await courseWithSections(client, ['A', 'B', 'C'], 1);
    const busy = await deleteSection({ client, path: { course_id: courseId, section_id: sections[0]!.id } });
    expect(busy.response.status).toBe(409);
    expect((await deleteLecture({ client, path: { lecture_id: sections[0]!.lectureIds[0]! } })).response.status).toBe(
      204,
    );
    expect(
      (await deleteSection({ client, path: { course_id: courseId, section_id: sections[0]!.id } })).response.status,
    ).toBe(204);
    const tree = (await listSections({ client, path: { course_id: courseId } })).data!.data;
    expect(tree.map((s) => `${s.position}:${s.title}`)).toEqual(['1:B', '2:C']);
    expect(
      (await getSection({ client, path: { course_id: courseId, section_id: sections[0]!.id } })).response.status,
    ).toBe(404);
  });

  it('a section of another course of the school is 404 under this course', async () => {
    const mine = await courseWithSections(client, ['A']);
    const other = await courseWithSections(client, ['B']);
    const response = await getSection({
      client,
      path: { course_id: mine.courseId, section_id: other.sections[0]!.id },
    });
    expect(response.response.status).toBe(404);
  });

  it('invalid input is 400 with a pointer to the field', async () => {
    const { courseId } = await courseWithSections(client, []);
    const empty = await createSection({ client, path: { course_id: courseId }, body: { title: '' } });
    expect(empty.response.status).toBe(400);
    expect(pointersOf(empty.error)).toEqual(['/body/title']);
    const zero = await createSection({ client, path: { course_id: courseId }, body: { title: 'Zero', position: 0 } });
    expect(pointersOf(zero.error)).toEqual(['/body/position']);
    const extra = await updateSection({
      client,
      path: { course_id: courseId, section_id: courseId },
      body: { position: 2 } as never,
    });
    expect(extra.response.status).toBe(400);
    expect(pointersOf(extra.error)).toContain('/body/position');
    const badId = await listSections({ client, path: { course_id: 'not-a-uuid' } });
    expect(badId.response.status).toBe(400);
    expect(pointersOf(badId.error)).toContain('/path/course_id');
  });

  it.skipIf(!secondary)("another school's course and sections are 404, never their data", async () => {
    const other = adminClient(
      secondary,
      await operatorToken(secondary, 'courses:read curriculum:read', 'owner@second-school.test'),
    );
    // A seeded course with sections: other suites publish courses of their own, some without any.
    const theirs = await seededCourse(other, 'fotografie-grundkurs');
    const section = (await listSections({ client: other, path: { course_id: theirs.id } })).data!.data[0]!;
    const list = await listSections({ client, path: { course_id: theirs.id } });
    expect(list.response.status).toBe(404);
    const one = await getSection({ client, path: { course_id: theirs.id, section_id: section.id } });
    expect(one.response.status).toBe(404);
    expect(JSON.stringify(one.error)).not.toContain(section.title);
    const write = await createSection({ client, path: { course_id: theirs.id }, body: { title: 'Intruder' } });
    expect(write.response.status).toBe(404);
  });
});
