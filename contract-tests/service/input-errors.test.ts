// Invalid input is refused in the shape each surface documents (DESIGN habit 6; spec info,
// "Errors" and "Input"), never a 500: RFC 9457 problems with errors[].pointer on the admin and
// catalog API, RFC 6749 5.2 `invalid_request` on the OAuth JSON endpoints (registration
// included, RFC 7591 3.2.2), the HTML error page on the sign-in page. Covers what the fuzzer
// found: U+0000 reaching PostgreSQL, unparsable bodies, and the body limit.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../src/lib/body-limit.ts';
import { operatorToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');
const NUL_DETAIL = 'must not contain the character U+0000 (NUL)';
const SOME_FILE = '00000000-0000-7000-8000-000000000000';

type Answer = { status: number; type: string; text: string; json: any };

async function send(
  path: string,
  init: { method?: string; token?: string; contentType?: string; body?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.contentType) headers['content-type'] = init.contentType;
  const response = await fetch(`${origin}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body,
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, type, text, json: type.includes('json') ? JSON.parse(text) : undefined };
}

const json = (body: string, token?: string) => ({ contentType: 'application/json', body, token });
const pointers = (answer: Answer) => (answer.json?.errors ?? []).map((e: { pointer: string }) => e.pointer);

function expectProblem(answer: Answer, status: number, pointer: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.type).toMatch(/^application\/problem\+json/);
  expect(answer.json).toMatchObject({ type: expect.any(String), title: expect.any(String), status });
  expect(pointers(answer)).toEqual([pointer]);
}

function expectOAuthError(answer: Answer, status: number, mentions: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.type).toMatch(/^application\/json/);
  expect(answer.json).toEqual({ error: 'invalid_request', error_description: expect.stringContaining(mentions) });
}

describe('the admin and catalog API: RFC 9457 problems with errors[].pointer', () => {
  let token: string;
  beforeAll(async () => {
    token = await operatorToken(origin, 'courses:read courses:write');
  });

  it('refuses U+0000 in a body, query or path value with a 400 naming the field (spec info "Input")', async () => {
    const body = await send('/api/v1/courses', json(JSON.stringify({ title: 'Nul\u0000Course' }), token));
    expectProblem(body, 400, '/body/title');
    expect(body.json.errors[0].detail).toBe(NUL_DETAIL);
    expectProblem(await send('/api/v1/courses?q=a%00b', { token }), 400, '/query/q');
    expectProblem(await send('/api/v1/catalog/courses?q=%00'), 400, '/query/q');
    expectProblem(await send(`/files/${SOME_FILE}/a%00b.png`), 400, '/path/filename');
  });

  it('answers a body that is not JSON, or a JSON scalar, with a 400 pointing at /body (RFC 9457 3, spec BadRequest)', async () => {
    expectProblem(await send('/api/v1/courses', json('{"title": ', token)), 400, '/body');
    expectProblem(await send('/api/v1/courses', json('"Just a title"', token)), 400, '/body');
  });

  it('reads every body the schema allows: 1.2 MB of escaped text is judged on its fields, not refused (spec ContentTooLarge)', async () => {
    // 100,000 characters outside the BMP written as \u escapes: 12 bytes each, far over the old 100 kB.
    const description = '\\ud83d\\ude00'.repeat(100_000);
    const answer = await send('/api/v1/courses', json(`{"description":"${description}"}`, token));
    expectProblem(answer, 400, '/body/title');
  });

  it('refuses a body over 2 MB with a 413 problem pointing at /body (RFC 9110 15.5.14, spec ContentTooLarge)', async () => {
    const answer = await send('/api/v1/courses', json(`{"title":"${'x'.repeat(BODY_LIMIT_BYTES)}"}`, token));
    expectProblem(answer, 413, '/body');
  });
});

describe('the OAuth JSON endpoints: RFC 6749 5.2 invalid_request, never a problem document', () => {
  it.each(['token', 'revoke', 'introspect'])(
    '/api/oauth/%s answers a malformed body with invalid_request and no-store (RFC 6749 5.2)',
    async (endpoint) => {
      const response = await fetch(`${origin}/api/oauth/${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"token": ',
      });
      expect(response.headers.get('cache-control')).toBe('no-store');
      const text = await response.text();
      expectOAuthError(
        { status: response.status, type: response.headers.get('content-type') ?? '', text, json: JSON.parse(text) },
        400,
        'body',
      );
    },
  );

  it('registration answers an unparsable body or a JSON scalar with invalid_request and a description (RFC 7591 3.2.2)', async () => {
    expectOAuthError(await send('/api/oauth/register', json('{"client_name": ')), 400, 'body');
    expectOAuthError(await send('/api/oauth/register', json('"Demo CRM"')), 400, 'body');
  });

  it('refuses U+0000 in a parameter with invalid_request naming it (RFC 6749 5.2)', async () => {
    const form = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: 'rt',
      client_id: 'demo\u0000crm',
    }).toString();
    const token = await send('/api/oauth/token', { contentType: 'application/x-www-form-urlencoded', body: form });
    expectOAuthError(token, 400, `client_id: ${NUL_DETAIL}`);
    const register = await send(
      '/api/oauth/register',
      json(JSON.stringify({ client_name: 'Agent\u0000', redirect_uris: ['http://127.0.0.1:8765/callback'] })),
    );
    expectOAuthError(register, 400, `client_name: ${NUL_DETAIL}`);
  });

  it('refuses a body over 2 MB with a 413 invalid_request (RFC 9110 15.5.14, spec ContentTooLarge)', async () => {
    const answer = await send('/api/oauth/token', {
      contentType: 'application/x-www-form-urlencoded',
      body: `client_id=${'x'.repeat(BODY_LIMIT_BYTES)}`,
    });
    expectOAuthError(answer, 413, 'body');
  });
});

describe('the sign-in page: its HTML error page', () => {
  it('answers U+0000 in a parameter with a 400 page naming it, and an oversized form with a 413 page (spec getSignInPage, submitSignIn)', async () => {
    const nul = await send('/oauth/sign-in?login_hint=a%00b');
    expect(nul.status).toBe(400);
    expect(nul.type).toMatch(/^text\/html/);
    expect(nul.text).toContain(`/query/login_hint: ${NUL_DETAIL}`);
    const large = await send('/oauth/sign-in', {
      contentType: 'application/x-www-form-urlencoded',
      body: `email=${'x'.repeat(BODY_LIMIT_BYTES)}`,
    });
    expect(large.status).toBe(413);
    expect(large.type).toMatch(/^text\/html/);
  });
});
