// Pages through the generated client (pages:read, pages:write; OpenAPI tag Pages:
// slug, title, body, draft -> published by explicit operations; slug unique per school).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { adminClient } from '../support/admin-client.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { operatorToken } from '../support/tokens.ts';
import { pointersOf } from './content-fixtures.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

describe('pages (pages:read, pages:write)', () => {
  let client: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    client = adminClient(origin, await operatorToken(origin, 'pages:read pages:write'));
  });

  it('creates a draft with a slug derived from the title', async () => {
    const { data, response } = await sdk.createPage({
      client,
      body: { title: `Terms of Use ${Date.now()}`, body: '<p>Be kind.</p>' },
    });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({ status: 'draft', published_at: null, body: '<p>Be kind.</p>' });
    expect(data!.slug).toMatch(/^terms-of-use-\d+$/);
  });

  it('lists pages without bodies, filtered by status and text, in pages of `limit`', async () => {
    const published = await sdk.listPages({ client, query: { status: 'published', limit: 100 } });
    expect(published.response.status).toBe(200);
    const about = published.data!.data.find((p) => p.slug === 'about')!;
    expect(about).toMatchObject({ title: 'About Demo Academy', status: 'published' });
    expect(about).not.toHaveProperty('body');
    expect((await sdk.listPages({ client, query: { q: 'refund' } })).data!.data.map((p) => p.slug)).toEqual([
      'refund-policy',
    ]);
    const first = await sdk.listPages({ client, query: { limit: 1 } });
    const second = await sdk.listPages({ client, query: { limit: 1, cursor: first.data!.next_cursor! } });
    expect(second.data!.data[0]!.id).not.toBe(first.data!.data[0]!.id);
    const wrongSort = await sdk.listPages({
      client,
      query: { limit: 1, sort: 'title', cursor: first.data!.next_cursor! },
    });
    expect(wrongSort.response.status).toBe(400);
    expect(pointersOf(wrongSort.error)).toEqual(['/query/cursor']);
  });

  it('updates, publishes, unpublishes (idempotent) and deletes a page', async () => {
    const page = (await sdk.createPage({ client, body: { title: `Lifecycle ${randomUUID()}` } })).data!;
    expect((await sdk.getPage({ client, path: { page_id: page.id } })).data).toEqual(page);
    expect(
      (await sdk.updatePage({ client, path: { page_id: page.id }, body: { body: '<p>New</p>' } })).data,
    ).toMatchObject({
      body: '<p>New</p>',
      title: page.title,
    });
    const published = (await sdk.publishPage({ client, path: { page_id: page.id } })).data!;
    expect(published.status).toBe('published');
    expect((await sdk.publishPage({ client, path: { page_id: page.id } })).data!.published_at).toBe(
      published.published_at,
    );
    expect((await sdk.unpublishPage({ client, path: { page_id: page.id } })).data).toMatchObject({
      status: 'draft',
      published_at: null,
    });
    expect((await sdk.deletePage({ client, path: { page_id: page.id } })).response.status).toBe(204);
    expect((await sdk.deletePage({ client, path: { page_id: page.id } })).response.status).toBe(404);
  });

  it('a duplicate slug is 409; an invalid slug is 400 with a pointer', async () => {
    const taken = await sdk.createPage({ client, body: { title: 'About again', slug: 'about' } });
    expect(taken.response.status).toBe(409);
    expect(pointersOf(taken.error)).toEqual(['/body/slug']);
    const invalid = await sdk.updatePage({ client, path: { page_id: randomUUID() }, body: { slug: 'Not A Slug' } });
    expect(invalid.response.status).toBe(400);
    expect(pointersOf(invalid.error)).toEqual(['/body/slug']);
  });

  it.skipIf(!secondary)("another school's page is 404, never its data", async () => {
    const other = adminClient(secondary, await operatorToken(secondary, 'pages:read', ACCOUNTS.secondSchoolOwner));
    const theirs = (await sdk.listPages({ client: other, query: { limit: 1 } })).data!.data[0]!;
    const response = await sdk.getPage({ client, path: { page_id: theirs.id } });
    expect(response.response.status).toBe(404);
    expect(JSON.stringify(response.error)).not.toContain(theirs.title);
  });
});
