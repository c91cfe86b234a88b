// Endpoints › Authorization request: the rules of each query parameter that can be seen before
// anyone signs in. Until client_id and redirect_uri are verified an error is shown, never
// redirected; after that it goes back to redirect_uri with state (RFC 6749 4.1.2.1).
import { describe, expect, inject, it } from 'vitest';
import { CLIENTS } from '../support/accounts.ts';
import { authorizationUrl } from '../support/oauth-flow.ts';

const origin = inject('primaryOrigin');
const redirectUri = 'http://127.0.0.1:43902/callback';
const state = 'opaque-client-value';

/** The endpoint at its path in the table, for the request builder of support/oauth-flow.ts. */
const server = { issuer: origin, authorization_endpoint: `${origin}/oauth/authorize` };

/** A member-flow request with every parameter of the table; `changes` sets (or, with null, leaves out) one. */
function authorizationRequest(changes: Record<string, string | null> = {}): URL {
  const options = { clientId: CLIENTS.memberApp, redirectUri, scope: 'openid account:read', resource: origin };
  const url = authorizationUrl(
    server,
    options,
    { challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' },
    state,
    'n-0S6_WzA2Mj',
  );
  for (const [name, value] of Object.entries(changes))
    if (value === null) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  return url;
}

/** The error the request is sent back to redirect_uri with, state and iss included. */
async function redirectedError(changes: Record<string, string | null>): Promise<string | null> {
  const response = await fetch(authorizationRequest(changes), { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
  expect(back.searchParams.get('state')).toBe(state);
  expect(back.searchParams.get('iss')).toBe(origin);
  return back.searchParams.get('error');
}

describe('Endpoints › Authorization request (GET /oauth/authorize)', () => {
  it('Endpoints › Authorization request: a complete member-flow request goes on to sign-in at the origin, not back with an error', async () => {
    const response = await fetch(authorizationRequest(), { redirect: 'manual' });
    expect([200, 302, 303]).toContain(response.status);
    const location = response.headers.get('location');
    if (location) expect(new URL(location, origin).origin).toBe(origin);
  });

  it('Endpoints › Authorization request: response_type must be code (RFC 6749 4.1.2.1 unsupported_response_type)', async () => {
    expect(await redirectedError({ response_type: 'token' })).toBe('unsupported_response_type');
  });

  it('Endpoints › Authorization request and Errors: code_challenge is required, invalid_request (RFC 7636 4.4.1)', async () => {
    expect(await redirectedError({ code_challenge: null })).toBe('invalid_request');
  });

  it.each([['plain'], [null]])(
    'Limits and Authentication 1: code_challenge_method %s is refused, S256 only (invalid_request)',
    async (method) => {
      expect(await redirectedError({ code_challenge_method: method })).toBe('invalid_request');
    },
  );

  it('Endpoints › Authorization request: resource is required in the member flow (RFC 8707 2 invalid_target)', async () => {
    expect(await redirectedError({ resource: null })).toBe('invalid_target');
  });

  it('Endpoints › Authorization request: resource is the service origin as protected-resource metadata advertises it (RFC 8707 2)', async () => {
    expect(await redirectedError({ resource: 'https://another-school.example' })).toBe('invalid_target');
  });

  it('Endpoints › Authorization request: scope is required; a request without it is sent back with an error', async () => {
    // The table does not name the code; RFC 6749 4.1.2.1 gives invalid_request or invalid_scope.
    expect(['invalid_request', 'invalid_scope']).toContain(await redirectedError({ scope: null }));
  });

  it('Endpoints › Authorization request: an unknown scope name fails with invalid_scope (RFC 6749 4.1.2.1)', async () => {
    expect(await redirectedError({ scope: 'openid courses:everything' })).toBe('invalid_scope');
  });

  it.each([
    ['redirect_uri that is not registered for the client', { redirect_uri: 'https://elsewhere.example/callback' }],
    ['client_id that is not registered', { client_id: 'no-such-client' }],
  ])('Endpoints › Authorization request: a %s is shown as an error, never redirected', async (_name, changes) => {
    const response = await fetch(authorizationRequest(changes), { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });
});
