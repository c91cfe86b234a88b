// The member data API at POST /account/graphql as a member application sees it (/auth.md
// "5. Call the API" and "Errors"; RFC 6750 3 for the bearer challenges), on the running server.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { memberToken, operatorToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');
const secondaryOrigin = inject('secondaryOrigin');
const endpoint = `${origin}/account/graphql`;

type GraphQLBody = {
  data?: Record<string, any> | null;
  errors?: { message: string; path?: unknown[]; extensions?: Record<string, unknown> }[];
};
type Reply = { status: number; headers: Headers; body: GraphQLBody };

async function post(
  query: string,
  options: { token?: string; variables?: Record<string, unknown>; body?: string; contentType?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(endpoint, {
    method: 'POST',
    headers,
    body: options.body ?? JSON.stringify({ query, variables: options.variables }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
}

function expectChallenge(reply: Reply, status: 401 | 403, error: string): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  const challenge = reply.headers.get('www-authenticate') ?? '';
  expect(challenge).toMatch(/^Bearer /);
  expect(challenge).toContain(`error="${error}"`);
  expect(challenge).toContain(`resource_metadata="${origin}/.well-known/oauth-protected-resource`);
}

const codeOf = (reply: Reply) => reply.body.errors?.[0]?.extensions?.code;

const VIEWER_QUERY =
  '{ viewer { id email enrolledCourses(first: 2) { nodes { slug expireDate hasLifetimeAccess lastWatchedLecture { lectureId positionSeconds } } } } }';
const RECORD = `mutation($input: RecordLectureProgressInput!) { recordLectureProgress(input: $input) {
  enrolledCourse { slug lastWatchedLecture { lectureId positionSeconds } progress { completedLectures totalLectures percentComplete } } } }`;

let writer: string;
let reader: string;

beforeAll(async () => {
  writer = await memberToken(origin, 'openid account:read account:write');
  reader = await memberToken(origin, 'openid account:read');
});

describe('reads (SDL Query.viewer)', () => {
  it("answers the viewer query with the member's own data; viewer.id is UserInfo's sub", async () => {
    const reply = await post(VIEWER_QUERY, { token: writer });
    expect(reply.status).toBe(200);
    expect(reply.body.errors).toBeUndefined();
    const viewer = reply.body.data!.viewer;
    expect(viewer.email).toBe(ACCOUNTS.student);
    expect(viewer.enrolledCourses.nodes).toHaveLength(2);
    expect(viewer.enrolledCourses.nodes[0]).toMatchObject({
      slug: 'git-essentials',
      expireDate: null,
      hasLifetimeAccess: true,
      lastWatchedLecture: { lectureId: expect.any(String), positionSeconds: expect.any(Number) },
    });
    expect(viewer.enrolledCourses.nodes[1]).toMatchObject({
      slug: 'python-for-data-analysis',
      hasLifetimeAccess: false,
      expireDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
    });
    const userinfo = await (
      await fetch(`${origin}/api/oauth/userinfo`, { headers: { authorization: `Bearer ${writer}` } })
    ).json();
    expect(viewer.id).toBe(userinfo.sub);
    expect(reply.headers.get('cache-control')).toContain('no-store');
  });

  it('keeps expiresAt and lastWatched as @deprecated aliases answering the same values (SDL EnrolledCourse)', async () => {
    const reply = await post(
      '{ viewer { enrolledCourses(first: 50) { nodes { expireDate expiresAt lastWatchedLecture { lectureId positionSeconds } lastWatched { lectureId positionSeconds } } } } }',
      { token: reader },
    );
    expect(reply.body.errors).toBeUndefined();
    const nodes = reply.body.data!.viewer.enrolledCourses.nodes as Array<Record<string, unknown>>;
    expect(
      nodes.some((node) => node.expireDate !== null) && nodes.some((node) => node.lastWatchedLecture !== null),
    ).toBe(true);
    for (const node of nodes) {
      expect(node.expiresAt).toEqual(node.expireDate);
      expect(node.lastWatched).toEqual(node.lastWatchedLecture);
    }
    const introspection = await post(
      '{ __type(name: "EnrolledCourse") { fields(includeDeprecated: true) { name isDeprecated deprecationReason } } }',
      { token: reader },
    );
    const fields = introspection.body.data!.__type.fields as Array<{ name: string; isDeprecated: boolean }>;
    const deprecated = (name: string) => fields.find((field) => field.name === name)?.isDeprecated;
    expect([deprecated('expireDate'), deprecated('lastWatchedLecture')]).toEqual([false, false]);
    expect([deprecated('expiresAt'), deprecated('lastWatched')]).toEqual([true, true]);
  });

  it('pages enrolled courses with after, every course once, totalCount over all pages (the demo data: student1 has 4 enrollments)', async () => {
    const slugs: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 10; page++) {
      const reply = await post(
        'query($after: String) { viewer { enrolledCourses(first: 1, after: $after) { nodes { slug } pageInfo { hasNextPage endCursor } totalCount } } }',
        { token: reader, variables: { after } },
      );
      const connection = reply.body.data!.viewer.enrolledCourses;
      expect(connection.totalCount).toBe(4);
      slugs.push(...connection.nodes.map((n: { slug: string }) => n.slug));
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(slugs).toHaveLength(4);
    expect(new Set(slugs).size).toBe(4);
  });

  it('refuses first: 51 with BAD_USER_INPUT instead of cutting silently', async () => {
    const reply = await post('{ viewer { enrolledCourses(first: 51) { totalCount } } }', { token: reader });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toBeNull();
    expect(reply.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'first' });
  });

  it('lists orders and event registrations of the member', async () => {
    const reply = await post(
      '{ viewer { orders(first: 5) { nodes { number total { amount currency } items { itemType } } } eventRegistrations { nodes { status event { title startsAt } } } } }',
      { token: reader },
    );
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data!.viewer.orders.nodes.map((o: { number: string }) => o.number)).toEqual([
      'DA-10003',
      'DA-10002',
      'DA-10001',
    ]);
    expect(reply.body.data!.viewer.eventRegistrations.nodes.length).toBeGreaterThanOrEqual(1);
  });
});

describe('bearer tokens (RFC 6750 3; /auth.md "Errors")', () => {
  it('answers no token with 401 invalid_token and a resource_metadata pointer (/auth.md "Errors": /account/graphql, no token)', async () => {
    expectChallenge(await post(VIEWER_QUERY), 401, 'invalid_token');
  });

  it('answers introspection without a token with 401 too (no anonymous mode)', async () => {
    expectChallenge(await post('{ __schema { queryType { name } } }'), 401, 'invalid_token');
    expect((await post('{ __schema { queryType { name } } }', { token: reader })).body.data).toEqual({
      __schema: { queryType: { name: 'Query' } },
    });
  });

  it('answers a revoked token with 401 invalid_token (RFC 7009 2, RFC 6750 3.1)', async () => {
    const token = await memberToken(origin, 'openid email account:read');
    expect((await post('{ viewer { id } }', { token })).status).toBe(200);
    const revoked = await fetch(`${origin}/api/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, client_id: CLIENTS.memberApp }),
    });
    expect(revoked.status).toBe(200);
    expectChallenge(await post('{ viewer { id } }', { token }), 401, 'invalid_token');
  });

  it.skipIf(!secondaryOrigin)(
    "answers the second school's token with 401 invalid_token and this origin's resource_metadata (/auth.md, Errors: token of another origin)",
    async () => {
      const token = await operatorToken(secondaryOrigin, 'courses:read', ACCOUNTS.secondSchoolOwner);
      expectChallenge(await post('{ viewer { id } }', { token }), 401, 'invalid_token');
    },
  );

  it('answers an operator token without account:read with 403 insufficient_scope (RFC 6750 3.1)', async () => {
    const token = await operatorToken(origin, 'courses:read');
    const reply = await post('{ viewer { id } }', { token });
    expectChallenge(reply, 403, 'insufficient_scope');
    expect(reply.headers.get('www-authenticate')).toContain('scope="account:read"');
  });
});

describe('mutations (SDL: Mutation needs account:write)', () => {
  let course: { slug: string; lastWatchedLecture: { lectureId: string; positionSeconds: number } };

  beforeAll(async () => {
    const reply = await post(
      '{ viewer { enrolledCourses(first: 10) { nodes { slug status lastWatchedLecture { lectureId positionSeconds } } } } }',
      { token: reader },
    );
    course = reply.body.data!.viewer.enrolledCourses.nodes.find(
      (c: { slug: string }) => c.slug === 'web-development-bootcamp',
    );
  });

  it('records lecture progress with account:write and sets lastWatchedLecture', async () => {
    const { lectureId, positionSeconds } = course.lastWatchedLecture;
    // Back to the seeded position at once: other suites read this student's progress too.
    for (const position of [positionSeconds - 1, positionSeconds]) {
      const reply = await post(RECORD, {
        token: writer,
        variables: { input: { lectureId, positionSeconds: position } },
      });
      expect(reply.body.errors).toBeUndefined();
      expect(reply.body.data!.recordLectureProgress.enrolledCourse).toMatchObject({
        slug: course.slug,
        lastWatchedLecture: { lectureId, positionSeconds: position },
      });
    }
  });

  it('is FORBIDDEN with account:read alone: HTTP 200, the error names the scope', async () => {
    const reply = await post(RECORD, {
      token: reader,
      variables: { input: { lectureId: course.lastWatchedLecture.lectureId, positionSeconds: 1 } },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toBeNull();
    expect(codeOf(reply)).toBe('FORBIDDEN');
    expect(reply.body.errors?.[0]?.message).toContain('account:write');
  });

  it.each([
    ['an unknown lecture', () => ({ lectureId: randomUUID(), positionSeconds: 5 }), 'lectureId'],
    [
      'a negative position',
      () => ({ lectureId: course.lastWatchedLecture.lectureId, positionSeconds: -1 }),
      'positionSeconds',
    ],
  ])('answers %s with BAD_USER_INPUT naming the field', async (_name, input, field) => {
    const reply = await post(RECORD, { token: writer, variables: { input: input() } });
    expect(reply.status).toBe(200);
    expect(reply.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
  });
});

describe('the HTTP surface (GraphQL over HTTP)', () => {
  it('refuses GET with 405 and Allow: POST', async () => {
    const response = await fetch(`${endpoint}?query=${encodeURIComponent('{ viewer { id } }')}`, {
      headers: { authorization: `Bearer ${reader}` },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('answers a malformed JSON body with 400 and a message', async () => {
    const reply = await post('', { token: reader, body: '{"query": ' });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toMatch(/could not be parsed/);
  });

  it('answers a body that is not JSON with 415', async () => {
    const reply = await post('', { token: reader, body: '{ viewer { id } }', contentType: 'application/graphql' });
    expect(reply.status).toBe(415);
    expect(codeOf(reply)).toBe('BAD_REQUEST');
  });

  it('rejects a depth bomb before running it (SDL: depth at most 8)', async () => {
    const bomb = '{ __schema { types { fields { args { type { fields { args { type { name } } } } } } } } }';
    const reply = await post(bomb, { token: reader });
    expect(reply.body.data).toBeUndefined();
    expect(reply.body.errors?.[0]).toMatchObject({
      message: expect.stringContaining('at most 8'),
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'depth' },
    });
  });

  it('rejects aliased pages over the cost budget (SDL: cost at most 4,000, the items of a page first times)', async () => {
    const aliases = Array.from({ length: 50 }, (_, i) => `a${i}: orders(first: 50) { nodes { number } }`).join(' ');
    const reply = await post(`{ viewer { ${aliases} } }`, { token: reader });
    expect(reply.body.errors?.[0]?.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', limit: 'cost' });
  });
});
