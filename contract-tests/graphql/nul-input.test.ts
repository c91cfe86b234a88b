// Text holding U+0000 in a member's GraphQL request is BAD_USER_INPUT naming the field (SDL,
// "Errors": input the member can correct), found before any resolver runs, in variables and in
// string literals alike: the database cannot store the character (src/lib/nul-text.ts).
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { memberToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');
const NUL_DETAIL = 'must not contain the character U+0000 (NUL)';

type Reply = {
  status: number;
  body: { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
};

async function post(token: string, query: string, variables?: Record<string, unknown>): Promise<Reply> {
  const response = await fetch(`${origin}/account/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: await response.json() };
}

describe('GraphQL input with U+0000 (SDL "Errors": BAD_USER_INPUT)', () => {
  let token: string;
  beforeAll(async () => {
    token = await memberToken(origin, 'openid account:read account:write');
  });

  it('a variable is BAD_USER_INPUT naming it, and the mutation does not run', async () => {
    const reply = await post(token, 'mutation($id: ID!) { registerForEvent(eventId: $id) { id } }', {
      id: 'event\u0000',
    });
    expect(reply.status).toBeLessThan(500);
    expect(reply.body.data ?? null).toBeNull();
    expect(reply.body.errors).toEqual([
      expect.objectContaining({
        message: `Variable $id ${NUL_DETAIL}.`,
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'id' }),
      }),
    ]);
  });

  it('a string literal is BAD_USER_INPUT naming its argument', async () => {
    const reply = await post(token, '{ viewer { enrolledCourses(first: 1, after: "x\\u0000") { totalCount } } }');
    expect(reply.status).toBeLessThan(500);
    expect(reply.body.errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'after' }) }),
    ]);
  });
});
