// OpenAPI parameters CreatedAfter and CreatedBefore: every list that filters by creation time refuses
// an inverted range as invalid input pointing at `created_before` (RFC 9457 problem, 400), never an
// empty page that looks like "nothing matched". The lists are read from the served document, so a
// new list with the pair is checked without a change here.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { operatorToken } from '../support/tokens.ts';
import { OPERATOR_SCOPES } from '../../src/oauth/scopes.ts';

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
      .filter(([path, item]) => !path.includes('{') && item.get)
      .filter(([, item]) => item.get!.parameters?.some((p) => p.$ref === '#/components/parameters/CreatedBefore'))
      .map(([path, item]) => ({ id: item.get!.operationId, path }));
    token = await operatorToken(origin, OPERATOR_SCOPES.join(' '));
  });

  it('finds the lists in the document (students, members, orders, comments, forms)', () => {
    expect(lists.map((l) => l.id).sort()).toEqual(
      expect.arrayContaining(['listComments', 'listForms', 'listMembers', 'listOrders', 'listStudents']),
    );
  });

  it('each refuses created_before earlier than created_after, naming /query/created_before', async () => {
    for (const { id, path } of lists) {
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
