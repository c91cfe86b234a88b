// Forms and their submissions through the generated client (OpenAPI tag
// Forms: title, fields, submissions; list forms and submissions, get). Read-only: the seeded
// contact form and its two submissions are read.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { getForm, listFormSubmissions, listForms } from '../../generated/openapi/client/sdk.gen.ts';
import { adminClient } from '../support/admin-client.ts';
import { operatorToken } from '../support/tokens.ts';
import { allPages, pointersOf } from './curriculum-fixtures.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

describe('forms (forms:read)', () => {
  let client: ReturnType<typeof adminClient>;
  let contactId: string;
  beforeAll(async () => {
    client = adminClient(origin, await operatorToken(origin, 'forms:read'));
    contactId = (await listForms({ client, query: { q: 'Contact' } })).data!.data[0]!.id;
  });

  it('lists forms with field and submission counts, searchable and sortable', async () => {
    const { data, response } = await listForms({ client });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ next_cursor: null });
    expect(data!.data.find((f) => f.id === contactId)).toMatchObject({
      title: 'Contact us',
      field_count: 3,
      submission_count: 2,
    });
    const byTitle = await listForms({ client, query: { sort: 'title', limit: 1 } });
    expect(byTitle.response.status).toBe(200);
    expect((await listForms({ client, query: { q: 'no such form anywhere' } })).data!.data).toEqual([]);
  });

  it('gets a form with its fields in order', async () => {
    const { data, response } = await getForm({ client, path: { form_id: contactId } });
    expect(response.status).toBe(200);
    expect(data!.fields).toEqual([
      { name: 'name', label: 'Your name', type: 'text', required: true },
      { name: 'email', label: 'E-mail', type: 'email', required: true },
      { name: 'message', label: 'Message', type: 'textarea', required: true },
    ]);
  });

  it("lists a form's submissions newest first, one page at a time without skipping any (OpenAPI parameter Cursor)", async () => {
    const all = await listFormSubmissions({ client, path: { form_id: contactId } });
    expect(all.response.status).toBe(200);
    expect(all.data!.data).toHaveLength(2);
    const times = all.data!.data.map((s) => Date.parse(s.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const pages = await allPages((cursor) =>
      listFormSubmissions({ client, path: { form_id: contactId }, query: { limit: 1, ...(cursor ? { cursor } : {}) } }),
    );
    expect(pages.flat().map((s) => s.id)).toEqual(all.data!.data.map((s) => s.id));
    const messages = all.data!.data.map((s) => (s.data as { message?: string }).message);
    expect(messages).toEqual(expect.arrayContaining(['Do you offer team licences for ten people?']));
    const visitor = all.data!.data.find((s) => s.person_id === null)!;
    expect(visitor.data).toMatchObject({ name: 'Alex Kim', email: 'alex.kim@example.com' });
  });

  it('filters submissions by person and date range', async () => {
    const signedIn = (await listFormSubmissions({ client, path: { form_id: contactId } })).data!.data.find(
      (s) => s.person_id !== null,
    )!;
    const mine = await listFormSubmissions({
      client,
      path: { form_id: contactId },
      query: { person_id: signedIn.person_id! },
    });
    expect(mine.data!.data.map((s) => s.id)).toEqual([signedIn.id]);
    const later = await listFormSubmissions({
      client,
      path: { form_id: contactId },
      query: { created_after: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(later.data!.data).toEqual([]);
  });

  it('invalid input is 400 with a pointer to the field', async () => {
    const limit = await listForms({ client, query: { limit: 101 } });
    expect(limit.response.status).toBe(400);
    expect(pointersOf(limit.error)).toEqual(['/query/limit']);
    const id = await getForm({ client, path: { form_id: 'contact-us' } });
    expect(pointersOf(id.error)).toEqual(['/path/form_id']);
    const cursor = await listFormSubmissions({ client, path: { form_id: contactId }, query: { cursor: 'forged' } });
    expect(pointersOf(cursor.error)).toEqual(['/query/cursor']);
  });

  it.skipIf(!secondary)("another school's form and its submissions are 404, never their data", async () => {
    const other = adminClient(secondary, await operatorToken(secondary, 'forms:read', 'owner@second-school.test'));
    const theirs = (await listForms({ client: other })).data!.data[0]!;
    const form = await getForm({ client, path: { form_id: theirs.id } });
    expect(form.response.status).toBe(404);
    expect(JSON.stringify(form.error)).not.toContain(theirs.title);
    expect((await listFormSubmissions({ client, path: { form_id: theirs.id } })).response.status).toBe(404);
    expect((await listForms({ client, query: { limit: 100 } })).data!.data.map((f) => f.id)).not.toContain(theirs.id);
  });
});
