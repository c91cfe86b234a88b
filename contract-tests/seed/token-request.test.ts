// Endpoints › Token request and Errors: what the token endpoint answers to requests it must refuse
// (a form body, RFC 6749 5.2 error codes in JSON). Successful exchanges are in member-flow.test.ts.
import { describe, expect, inject, it } from 'vitest';
import { CLIENTS } from '../support/accounts.ts';
import type { OAuthErrorBody } from './words.ts';

const origin = inject('primaryOrigin');

async function tokenRequest(
  parameters: Record<string, string>,
  contentType = 'application/x-www-form-urlencoded',
): Promise<{ status: number; body: OAuthErrorBody }> {
  const body =
    contentType === 'application/json' ? JSON.stringify(parameters) : new URLSearchParams(parameters).toString();
  const response = await fetch(`${origin}/api/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body,
  });
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return { status: response.status, body: (await response.json()) as OAuthErrorBody };
}

const codeGrant = {
  grant_type: 'authorization_code',
  code: 'a-code-this-server-never-issued',
  redirect_uri: 'http://127.0.0.1:43903/callback',
  client_id: CLIENTS.memberApp,
  code_verifier: 'dBjftJeZ4CVP-mJ92K9qhmrD5tFjx0B6jy7lHM6aH4Q5xPgcv2fk1NQmPhF3wGn8',
  resource: origin,
};

describe('Endpoints › Token request (POST /api/oauth/token) and Errors', () => {
  it.each([
    ['a code it never issued (authorization_code)', codeGrant, 'invalid_grant', 400],
    [
      'a refresh token it never issued (refresh_token)',
      { grant_type: 'refresh_token', refresh_token: 'never-issued', client_id: CLIENTS.memberApp },
      'invalid_grant',
      400,
    ],
    ['no grant_type', { code: 'x', client_id: CLIENTS.memberApp }, 'invalid_request', 400],
    [
      'a confidential client with the wrong client_secret (client_secret_post)',
      { ...codeGrant, client_id: CLIENTS.confidentialMemberApp, client_secret: 'not-the-secret' },
      'invalid_client',
      401,
    ],
  ])(
    'Errors: %s is answered in JSON with error and error_description (RFC 6749 5.2)',
    async (_name, parameters, error, status) => {
      const reply = await tokenRequest(parameters);
      expect(reply.status, JSON.stringify(reply.body)).toBe(status);
      expect(reply.body.error).toBe(error);
      expect(reply.body.error_description).toEqual(expect.any(String));
    },
  );

  it('Endpoints › Token request: the body is application/x-www-form-urlencoded; a JSON body is invalid_request (RFC 6749 3.2)', async () => {
    const reply = await tokenRequest(codeGrant, 'application/json');
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('invalid_request');
    expect(reply.body.error_description).toEqual(expect.any(String));
  });
});

describe('Errors: every OAuth endpoint answers an error in JSON (RFC 6749 5.2)', () => {
  it.each([
    [
      '/api/oauth/revoke',
      'a revocation without token',
      'application/x-www-form-urlencoded',
      'client_id=' + CLIENTS.memberApp,
    ],
    ['/api/oauth/register', 'a registration whose body is no JSON object', 'application/json', '[]'],
  ])('Errors: %s answers %s with invalid_request, error and error_description', async (path, _name, type, body) => {
    const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': type }, body });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const reply = (await response.json()) as OAuthErrorBody;
    expect(reply.error).toBe('invalid_request');
    expect(reply.error_description).toEqual(expect.any(String));
  });
});
