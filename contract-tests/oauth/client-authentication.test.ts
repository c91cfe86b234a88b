// Client authentication is one rule at the three endpoints that take it (RFC 6749 2.3, RFC 7009 2.1,
// RFC 7662 2.1): the same methods accepted, the same `invalid_client` 401 with WWW-Authenticate
// (RFC 6749 5.2), the same form-body requirement, and no-store on every answer.
import { describe, expect, inject, it } from 'vitest';
import { CLIENTS } from '../support/accounts.ts';

const origin = inject('primaryOrigin');
const ENDPOINTS = [
  ['token', `${origin}/api/oauth/token`, { grant_type: 'refresh_token', refresh_token: 'scr_unknown' }],
  ['revocation', `${origin}/api/oauth/revoke`, { token: 'sat_unknown' }],
  ['introspection', `${origin}/api/oauth/introspect`, { token: 'sat_unknown' }],
] as const;

const basicAuth = (id: string, pw: string) => ({
  authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(pw)}`).toString('base64')}`,
});

async function post(url: string, params: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(params),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

describe.each(ENDPOINTS)('client authentication at the %s endpoint (RFC 6749 2.3)', (_name, url, request) => {
  it.each([
    ['a wrong client_secret in the body', { client_id: CLIENTS.confidentialMemberApp, client_secret: 'wrong' }, {}],
    ['a confidential client without its secret', { client_id: CLIENTS.confidentialMemberApp }, {}],
    ['a wrong secret in HTTP Basic', {}, basicAuth(CLIENTS.confidentialMemberApp, 'wrong')],
    ['a public client sending a secret', { client_id: CLIENTS.memberApp, client_secret: 'anything' }, {}],
    ['an unknown client', { client_id: 'no-such-client' }, {}],
    ['no client identification at all', {}, {}],
  ])(
    'answers %s with 401 invalid_client, WWW-Authenticate and no-store (RFC 6749 5.2)',
    async (_c, params, headers) => {
      const res = await post(url, { ...request, ...params }, headers);
      expect(res.status, JSON.stringify(res.body)).toBe(401);
      expect(res.body.error).toBe('invalid_client');
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic /i);
      expect(res.headers.get('cache-control')).toContain('no-store');
    },
  );

  it('refuses a secret sent both in HTTP Basic and the body with invalid_request (RFC 6749 2.3: one method per request)', async () => {
    const res = await post(
      url,
      { ...request, client_secret: CLIENTS.confidentialSecret },
      basicAuth(CLIENTS.confidentialMemberApp, CLIENTS.confidentialSecret),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });

  it('refuses a JSON body with invalid_request (form-encoded only)', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...request, client_id: CLIENTS.memberApp }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('invalid_request');
  });
});

describe.each(ENDPOINTS.slice(1))(
  'the %s endpoint past client authentication (RFC 7009 2.2, RFC 7662 2.2)',
  (_name, url, request) => {
    it.each([
      ['none', { client_id: CLIENTS.memberApp }, {}],
      [
        'client_secret_post',
        { client_id: CLIENTS.confidentialMemberApp, client_secret: CLIENTS.confidentialSecret },
        {},
      ],
      ['client_secret_basic', {}, basicAuth(CLIENTS.confidentialMemberApp, CLIENTS.confidentialSecret)],
    ])('accepts %s and answers an unknown token with 200 and no-store', async (_method, params, headers) => {
      const res = await post(url, { ...request, ...params }, headers);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers.get('cache-control')).toContain('no-store');
    });
  },
);
