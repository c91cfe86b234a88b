// Posts through the generated client (posts:read, posts:write; OpenAPI tag Posts:
// lists carry the excerpt, a get the full body; explicit publish and unpublish; slug unique).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { adminClient } from '../support/admin-client.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { operatorToken } from '../support/tokens.ts';
import { pointersOf } from './content-fixtures.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

describe('posts (posts:read, posts:write)', () => {
  let client: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    client = adminClient(origin, await operatorToken(origin, 'posts:read posts:write'));
  });

  it('creates a draft authored by the token’s person, with a slug derived from the title', async () => {
    const title = `Sketching Outdoors ${Date.now()}`;
    const { data, response } = await sdk.createPost({
      client,
      body: { title, excerpt: 'Light, paper, patience.', body: '<p>Bring a stool.</p>' },
    });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({
      title,
      status: 'draft',
      access_type: 'public',
      published_at: null,
      body: '<p>Bring a stool.</p>',
    });
    expect(data!.slug).toMatch(/^sketching-outdoors-\d+$/);
    expect(data!.author_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists excerpts without bodies, newest first, filtered by status and access type, in pages', async () => {
    const list = await sdk.listPosts({ client, query: { status: 'published', limit: 100 } });
    expect(list.response.status).toBe(200);
    const seeded = list.data!.data.find((p) => p.slug === 'five-habits-of-developers-who-keep-learning')!;
    expect(seeded).toMatchObject({ status: 'published', excerpt: 'Small routines that compound over a career.' });
    expect(seeded).not.toHaveProperty('body');
    expect(list.data!.data.every((p) => p.status === 'published')).toBe(true);
    const first = await sdk.listPosts({ client, query: { limit: 1, sort: 'title' } });
    const second = await sdk.listPosts({
      client,
      query: { limit: 1, sort: 'title', cursor: first.data!.next_cursor! },
    });
    expect(second.data!.data[0]!.title >= first.data!.data[0]!.title).toBe(true);
    const paid = await sdk.listPosts({ client, query: { access_type: 'paid' } });
    expect(paid.data!.data.every((p) => p.access_type === 'paid')).toBe(true);
  });

  it('updates, publishes and unpublishes (both idempotent), and deletes', async () => {
    const post = (await sdk.createPost({ client, body: { title: `Lifecycle ${randomUUID()}` } })).data!;
    const updated = await sdk.updatePost({
      client,
      path: { post_id: post.id },
      body: { body: '<p>Changed</p>', access_type: 'login_required' },
    });
    expect(updated.data).toMatchObject({ body: '<p>Changed</p>', access_type: 'login_required', title: post.title });
    const read = await sdk.getPost({ client, path: { post_id: post.id } });
    expect(read.response.status).toBe(200);
    expect(read.data).toEqual(updated.data);
    const published = await sdk.publishPost({ client, path: { post_id: post.id } });
    expect(published.data!.status).toBe('published');
    expect(published.data!.published_at).toBeTypeOf('string');
    expect((await sdk.publishPost({ client, path: { post_id: post.id } })).data!.published_at).toBe(
      published.data!.published_at,
    );
    expect((await sdk.unpublishPost({ client, path: { post_id: post.id } })).data).toMatchObject({
      status: 'draft',
      published_at: null,
    });
    expect((await sdk.unpublishPost({ client, path: { post_id: post.id } })).response.status).toBe(200);
    expect((await sdk.deletePost({ client, path: { post_id: post.id } })).response.status).toBe(204);
    expect((await sdk.getPost({ client, path: { post_id: post.id } })).response.status).toBe(404);
  });

  it('a duplicate slug is 409 with a pointer to /body/slug', async () => {
    const slug = `twin-${randomUUID()}`;
    await sdk.createPost({ client, body: { title: 'Twin', slug } });
    const again = await sdk.createPost({ client, body: { title: 'Twin', slug } });
    expect(again.response.status).toBe(409);
    expect(pointersOf(again.error)).toEqual(['/body/slug']);
  });

  it('an author without a role at the school is 422; invalid input is 400 with a pointer', async () => {
    const stranger = await sdk.createPost({ client, body: { title: 'By nobody', author_id: randomUUID() } });
    expect(stranger.response.status).toBe(422);
    expect(pointersOf(stranger.error)).toEqual(['/body/author_id']);
    const invalid = await sdk.createPost({ client, body: { title: 'x', access_type: 'everyone' } as never });
    expect(invalid.response.status).toBe(400);
    expect(pointersOf(invalid.error)).toEqual(['/body/access_type']);
  });

  it.skipIf(!secondary)("another school's post is 404, never its data", async () => {
    const other = adminClient(secondary, await operatorToken(secondary, 'posts:read', ACCOUNTS.secondSchoolOwner));
    const theirs = (await sdk.listPosts({ client: other, query: { limit: 1 } })).data!.data[0]!;
    const response = await sdk.getPost({ client, path: { post_id: theirs.id } });
    expect(response.response.status).toBe(404);
    expect(JSON.stringify(response.error)).not.toContain(theirs.title);
    expect((await sdk.publishPost({ client, path: { post_id: theirs.id } })).response.status).toBe(404);
  });
});
