// Curriculum lectures through the generated client (OpenAPI tag Curriculum:
// add, move and delete lectures; title, content type, content, duration, free preview, status).
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createLecture,
  deleteLecture,
  getLecture,
  getSection,
  listSections,
  moveLecture,
  reorderLectures,
  updateLecture,
} from '../../generated/openapi/client/sdk.gen.ts';
import { adminClient } from '../support/admin-client.ts';
import { operatorToken } from '../support/tokens.ts';
import { courseWithSections, pointersOf, seededCourse } from './curriculum-fixtures.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

describe('curriculum lectures (curriculum:read, curriculum:write)', () => {
  let client: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    client = adminClient(
      origin,
      await operatorToken(origin, 'courses:read courses:write curriculum:read curriculum:write'),
    );
  });

  const titles = async (courseId: string, sectionId: string) =>
    (await getSection({ client, path: { course_id: courseId, section_id: sectionId } })).data!.lectures.map(
      (l) => `${l.position}:${l.title}`,
    );

  it('adds a lecture as a draft at the end, or at a position that pushes the rest down', async () => {
    const { courseId, sections } = await courseWithSections(client, ['S'], 2);
    const sectionId = sections[0]!.id;
    const body = {
      title: 'Intro video',
      content_type: 'video' as const,
      content: 'https://media.example.com/intro.mp4',
      duration_seconds: 540,
      is_free_preview: true,
      position: 1,
    };
    const created = await createLecture({ client, path: { course_id: courseId, section_id: sectionId }, body });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ ...body, status: 'draft', course_id: courseId, section_id: sectionId });
    expect(await titles(courseId, sectionId)).toEqual(['1:Intro video', '2:S 1', '3:S 2']);
    expect((await getLecture({ client, path: { lecture_id: created.data!.id } })).data).toEqual(created.data);
  });

  it('updates a lecture (publish, rename, change content) and keeps what was left out', async () => {
    const { sections } = await courseWithSections(client, ['S'], 1);
    const id = sections[0]!.lectureIds[0]!;
    const updated = await updateLecture({
      client,
      path: { lecture_id: id },
      body: {
        status: 'published',
        title: 'Renamed',
        content_type: 'pdf',
        content: 'https://media.example.com/notes.pdf',
      },
    });
    expect(updated.response.status).toBe(200);
    expect(updated.data).toMatchObject({
      status: 'published',
      title: 'Renamed',
      content_type: 'pdf',
      position: 1,
      is_free_preview: false,
    });
  });

  it('content that does not fit its type is 422 with a pointer (a video needs an http(s) URL)', async () => {
    const { courseId, sections } = await courseWithSections(client, ['S'], 1);
    const created = await createLecture({
      client,
      path: { course_id: courseId, section_id: sections[0]!.id },
      body: { title: 'Bad', content_type: 'video', content: '<p>not a link</p>' },
    });
    expect(created.response.status).toBe(422);
    expect(pointersOf(created.error)).toEqual(['/body/content']);
    // The seeded text lecture holds HTML: turning it into a video without new content is 422 too.
    const retyped = await updateLecture({
      client,
      path: { lecture_id: sections[0]!.lectureIds[0]! },
      body: { content_type: 'video' },
    });
    expect(retyped.response.status).toBe(422);
    expect(pointersOf(retyped.error)).toEqual(['/body/content_type']);
  });

  it('reorders lectures from the full list of ids (idempotent); a partial list is 422', async () => {
    const { courseId, sections } = await courseWithSections(client, ['S'], 3);
    const [a, b, c] = sections[0]!.lectureIds as [string, string, string];
    const reordered = await reorderLectures({
      client,
      path: { course_id: courseId, section_id: sections[0]!.id },
      body: { lecture_ids: [c, a, b] },
    });
    expect(reordered.response.status).toBe(200);
    expect(reordered.data!.lectures.map((l) => `${l.position}:${l.title}`)).toEqual(['1:S 3', '2:S 1', '3:S 2']);
    const again = await reorderLectures({
      client,
      path: { course_id: courseId, section_id: sections[0]!.id },
      body: { lecture_ids: [c, a, b] },
    });
    expect(again.data).toEqual(reordered.data);
    const partial = await reorderLectures({
      client,
      path: { course_id: courseId, section_id: sections[0]!.id },
      body: { lecture_ids: [c, a] },
    });
    expect(partial.response.status).toBe(422);
    expect(pointersOf(partial.error)).toEqual(['/body/lecture_ids']);
  });

  it('moves a lecture to another section of the course, renumbering both (idempotent)', async () => {
    const { courseId, sections } = await courseWithSections(client, ['A', 'B'], 2);
    const [from, to] = sections as [(typeof sections)[0], (typeof sections)[0]];
    const moved = await moveLecture({
      client,
      path: { lecture_id: from.lectureIds[0]! },
      body: { section_id: to.id, position: 1 },
    });
    expect(moved.response.status).toBe(200);
    expect(moved.data).toMatchObject({ section_id: to.id, position: 1, title: 'A 1' });
    expect(await titles(courseId, from.id)).toEqual(['1:A 2']);
    expect(await titles(courseId, to.id)).toEqual(['1:A 1', '2:B 1', '3:B 2']);
    const again = await moveLecture({
      client,
      path: { lecture_id: from.lectureIds[0]! },
      body: { section_id: to.id, position: 1 },
    });
    expect(again.data).toMatchObject({ section_id: to.id, position: 1 });
    const toEnd = await moveLecture({ client, path: { lecture_id: from.lectureIds[0]! }, body: { section_id: to.id } });
    expect(toEnd.data!.position).toBe(3);
    expect(await titles(courseId, to.id)).toEqual(['1:B 1', '2:B 2', '3:A 1']);
  });

  it('moving into a section of another course is 422 pointing at /body/section_id', async () => {
    const mine = await courseWithSections(client, ['A'], 1);
    const other = await courseWithSections(client, ['B']);
    const response = await moveLecture({
      client,
      path: { lecture_id: mine.sections[0]!.lectureIds[0]! },
      body: { section_id: other.sections[0]!.id },
    });
    expect(response.response.status).toBe(422);
    expect(pointersOf(response.error)).toEqual(['/body/section_id']);
  });

  it('deletes a lecture and closes the gap; a lecture with student progress is 409 (deleting something in use)', async () => {
    const { courseId, sections } = await courseWithSections(client, ['S'], 3);
    expect((await deleteLecture({ client, path: { lecture_id: sections[0]!.lectureIds[0]! } })).response.status).toBe(
      204,
    );
    expect(await titles(courseId, sections[0]!.id)).toEqual(['1:S 2', '2:S 3']);
    expect((await getLecture({ client, path: { lecture_id: sections[0]!.lectureIds[0]! } })).response.status).toBe(404);
    const seeded = await seededCourse(client, 'web-development-bootcamp');
    const started = (await listSections({ client, path: { course_id: seeded.id } })).data!.data[0]!.lectures[0]!;
    const refused = await deleteLecture({ client, path: { lecture_id: started.id } });
    expect(refused.response.status).toBe(409);
    expect((await getLecture({ client, path: { lecture_id: started.id } })).response.status).toBe(200);
  });

  it('invalid input is 400 with a pointer to the field', async () => {
    const { courseId, sections } = await courseWithSections(client, ['S']);
    const path = { course_id: courseId, section_id: sections[0]!.id };
    const type = await createLecture({ client, path, body: { title: 'x', content_type: 'slides' } as never });
    expect(type.response.status).toBe(400);
    expect(pointersOf(type.error)).toEqual(['/body/content_type']);
    const duration = await createLecture({
      client,
      path,
      body: { title: 'x', content_type: 'text', duration_seconds: -1 },
    });
    expect(pointersOf(duration.error)).toEqual(['/body/duration_seconds']);
    const move = await moveLecture({ client, path: { lecture_id: courseId }, body: {} as never });
    expect(move.response.status).toBe(400);
    expect(pointersOf(move.error)).toContain('/body/section_id');
  });

  it.skipIf(!secondary)("another school's lecture is 404, never its content", async () => {
    const other = adminClient(
      secondary,
      await operatorToken(secondary, 'courses:read curriculum:read', 'owner@second-school.test'),
    );
    // A seeded course with lectures: other suites publish courses of their own, some without any.
    const theirCourse = await seededCourse(other, 'fotografie-grundkurs');
    const theirLecture = (await listSections({ client: other, path: { course_id: theirCourse.id } })).data!.data[0]!
      .lectures[0]!;
    const read = await getLecture({ client, path: { lecture_id: theirLecture.id } });
    expect(read.response.status).toBe(404);
    expect(JSON.stringify(read.error)).not.toContain(theirLecture.title);
    expect(
      (await updateLecture({ client, path: { lecture_id: theirLecture.id }, body: { title: 'Hijacked' } })).response
        .status,
    ).toBe(404);
    expect((await deleteLecture({ client, path: { lecture_id: theirLecture.id } })).response.status).toBe(404);
  });
});
