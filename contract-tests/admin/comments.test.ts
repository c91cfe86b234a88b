// Comments through the generated client (OpenAPI tag Comments: list by target,
// by user, get; role_type in Loopwise's vocabulary, OpenAPI schema Comment). Read-only: the seeded comments are read.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { getComment, listComments } from '../../generated/openapi/client/sdk.gen.ts';
import { adminClient } from '../support/admin-client.ts';
import { operatorToken } from '../support/tokens.ts';
import { allPages, pointersOf, seededCourse } from './curriculum-fixtures.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

describe('comments (comments:read)', () => {
  let client: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    client = adminClient(origin, await operatorToken(origin, 'comments:read courses:read'));
  });

  it('lists comments newest first with author name, role_type and reply counts', async () => {
    const { data, response } = await listComments({ client, query: { limit: 100 } });
    expect(response.status).toBe(200);
    expect(data!.next_cursor).toBeNull();
    const times = data!.data.map((c) => Date.parse(c.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const thread = data!.data.find((c) => c.body.startsWith('The tip about keeping a learning log'))!;
    expect(thread).toMatchObject({
      commentable_type: 'post',
      parent_id: null,
      reply_count: 1,
      author: { role_type: 'student' },
    });
    const reply = data!.data.find((c) => c.parent_id === thread.id)!;
    expect(reply).toMatchObject({
      commentable_id: thread.commentable_id,
      reply_count: 0,
      author: { role_type: 'lecturer' },
    });
    expect(reply.author.name).toBeTypeOf('string');
  });

  it('pages with limit and next_cursor without skipping comments written in the same instant (OpenAPI parameters Limit and Cursor)', async () => {
    const all = (await listComments({ client, query: { limit: 100 } })).data!.data.map((c) => c.id);
    const pages = await allPages((cursor) =>
      listComments({ client, query: { limit: 1, ...(cursor ? { cursor } : {}) } }),
    );
    expect(pages.flat().map((c) => c.id)).toEqual(all);
    const oldest = await allPages((cursor) =>
      listComments({ client, query: { limit: 2, sort: 'created_at', ...(cursor ? { cursor } : {}) } }),
    );
    expect(oldest.flat().map((c) => c.id)).toEqual([...all].reverse());
  });

  it('filters by target, thread, author and date range', async () => {
    const course = await seededCourse(client, 'web-development-bootcamp');
    const onCourse = await listComments({ client, query: { commentable_type: 'course', commentable_id: course.id } });
    expect(onCourse.data!.data.map((c) => c.body)).toEqual(['Is a section on accessibility planned?']);
    const onLectures = await listComments({ client, query: { commentable_type: 'lecture' } });
    expect(onLectures.data!.data.every((c) => c.commentable_type === 'lecture')).toBe(true);
    expect(onLectures.data!.data).toHaveLength(1);
    const thread = (await listComments({ client, query: { commentable_type: 'post', limit: 100 } })).data!.data.find(
      (c) => c.parent_id === null,
    )!;
    const replies = await listComments({ client, query: { parent_id: thread.id } });
    expect(replies.data!.data.map((c) => c.parent_id)).toEqual([thread.id]);
    const byAuthor = await listComments({ client, query: { person_id: thread.author.person_id, limit: 100 } });
    expect(byAuthor.data!.data.every((c) => c.author.person_id === thread.author.person_id)).toBe(true);
    expect(byAuthor.data!.data.length).toBeGreaterThanOrEqual(2);
    const future = await listComments({
      client,
      query: { created_after: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(future.data!.data).toEqual([]);
    const past = await listComments({
      client,
      query: { created_before: new Date(Date.now() + 1000).toISOString(), limit: 100 },
    });
    expect(past.data!.data.length).toBeGreaterThanOrEqual(4);
  });

  it('gets one comment', async () => {
    const first = (await listComments({ client, query: { limit: 1 } })).data!.data[0]!;
    const one = await getComment({ client, path: { comment_id: first.id } });
    expect(one.response.status).toBe(200);
    expect(one.data).toEqual(first);
  });

  it('invalid input is 400 with a pointer: an unknown type, a malformed date, an inverted range', async () => {
    const type = await listComments({ client, query: { commentable_type: 'submission' as never } });
    expect(type.response.status).toBe(400);
    expect(pointersOf(type.error)).toEqual(['/query/commentable_type']);
    const date = await listComments({ client, query: { created_after: 'yesterday' } });
    expect(pointersOf(date.error)).toEqual(['/query/created_after']);
    const inverted = await listComments({
      client,
      query: { created_after: '2026-02-01T00:00:00Z', created_before: '2026-01-01T00:00:00Z' },
    });
    expect(inverted.response.status).toBe(400);
    expect(pointersOf(inverted.error)).toEqual(['/query/created_before']);
    const cursor = await listComments({ client, query: { cursor: 'forged' } });
    expect(pointersOf(cursor.error)).toEqual(['/query/cursor']);
  });

  it.skipIf(!secondary)("another school's comment is 404 and never listed here", async () => {
    const other = adminClient(secondary, await operatorToken(secondary, 'comments:read', 'owner@second-school.test'));
    const theirs = (await listComments({ client: other, query: { limit: 1 } })).data!.data[0]!;
    const read = await getComment({ client, path: { comment_id: theirs.id } });
    expect(read.response.status).toBe(404);
    expect(JSON.stringify(read.error)).not.toContain(theirs.body);
    const filtered = await listComments({ client, query: { commentable_id: theirs.commentable_id } });
    expect(filtered.data!.data).toEqual([]);
  });
});
