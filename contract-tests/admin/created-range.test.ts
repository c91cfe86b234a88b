// OpenAPI parameters CreatedAfter and CreatedBefore: every list that filters by creation time refuses
// an inverted range as invalid input pointing at `created_before` (RFC 9457 problem, 400), never an
// empty page that looks like "nothing matched". The lists are read from the served document, so a
// new list with the pair is checked without a change here.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { operatorToken } from '../support/tokens.ts';
import { OPERATOR_SCOPES } from '../../src/services/auth/scopes.ts';

const origin = inject('primaryOrigin');

type Parameter = { $ref?: string; name?: string; in?: string };
type Document = {
  paths: Record<string, { parameters?: Parameter[]; get?: { operationId: string; parameters?: Parameter[] } }>;
};

describe('an inverted created_after/created_before range is 400 on every list that has the pair (OpenAPI parameters CreatedAfter, CreatedBefore)', () => {
  let lists: Array<{ id: string; path: string }>;
  let token: string;

  beforeAll(async () => {
    const document = (await (await fetch(`${origin}/openapi.json`)).json()) as Document;
    lists = Object.entries(document.paths)
      .filter(([, item]) => item.get)
      .filter(([, item]) => item.get!.parameters?.some((p) => p.$ref === '#/components/parameters/CreatedBefore'))
      .map(([path, item]) => ({ id: item.get!.operationId, path }));
    token = await operatorToken(origin, OPERATOR_SCOPES.join(' '));
  });

  it('finds the lists in the document (students, members, orders, comments, form submissions)', () => {
    expect(lists.map((l) => l.id).sort()).toEqual(
      expect.arrayContaining(['listComments', 'listFormSubmissions', 'listMembers', 'listOrders', 'listStudents']),
    );
  });

  /** A path with its `{<thing>_id}` filled by the first object of the collection before it. */
  async function concrete(path: string): Promise<string> {
    let result = path;
    for (const [placeholder] of path.matchAll(/\{\w+\}/g)) {
      const collection = result.slice(0, result.indexOf(placeholder) - 1);
      const page = (await (
        await fetch(`${origin}${collection}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        data: Array<{ id: string }>;
      };
      result = result.replace(placeholder, page.data[0]!.id);
    }
    return result;
  }

  it('each refuses created_before earlier than created_after, naming /query/created_before', async () => {
    for (const list of lists) {
      const { id } = list;
      const path = await concrete(list.path);
      const query = 'created_after=2026-06-01T00:00:00Z&created_before=2026-01-01T00:00:00Z';
      const response = await fetch(`${origin}${path}?${query}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, id).toBe(400);
      expect(response.headers.get('content-type'), id).toMatch(/^application\/problem\+json/);
      const problem = (await response.json()) as { errors?: Array<{ pointer: string }> };
      expect(
        problem.errors?.map((e) => e.pointer),
        id,
      ).toEqual(['/query/created_before']);
      const ordered = await fetch(
        `${origin}${path}?created_after=2026-01-01T00:00:00Z&created_before=2026-06-01T00:00:00Z`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      expect(ordered.status, id).toBe(200);
    }
  });
});
