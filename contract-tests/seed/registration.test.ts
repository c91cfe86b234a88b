// Endpoints › Client registration (POST /api/oauth/register, JSON), the registration rows of
// Errors, and Authentication 5: account:read is reserved to the member audience.
import { describe, expect, inject, it } from 'vitest';
import { CLIENTS } from '../support/accounts.ts';
import type { OAuthErrorBody } from './words.ts';

const origin = inject('primaryOrigin');
const loopback = 'http://127.0.0.1:43901/callback';

type Registered = { status: number; body: Record<string, unknown> & OAuthErrorBody };

async function register(metadata: Record<string, unknown>): Promise<Registered> {
  const response = await fetch(`${origin}/api/oauth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(metadata),
  });
  return { status: response.status, body: (await response.json()) as Registered['body'] };
}

/** Errors: an OAuth endpoint error is a JSON body with `error` and `error_description` (RFC 6749 5.2). */
function expectRefused(reply: Registered, error: string): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  expect(reply.body.error).toBe(error);
  expect(reply.body.error_description).toEqual(expect.any(String));
  expect(reply.body.client_id).toBeUndefined();
}

describe('Endpoints › Client registration', () => {
  it("Endpoints › Client registration: a pre-registered vendor's client_name returns that platform's client_id", async () => {
    const reply = await register({ client_name: CLIENTS.vendorName });
    expect([200, 201], JSON.stringify(reply.body)).toContain(reply.status);
    expect(reply.body.client_id).toBe(CLIENTS.vendorClientId);
  });

  it('Endpoints › Client registration: an unrecognized vendor name is refused with invalid_client_metadata', async () => {
    expectRefused(await register({ client_name: 'A Vendor Nobody Integrated' }), 'invalid_client_metadata');
  });

  it('Endpoints › Client registration: the loopback form http://127.0.0.1:<port>/<path> is open to any client (application_type native)', async () => {
    const reply = await register({
      application_type: 'native',
      redirect_uris: [loopback],
      token_endpoint_auth_method: 'none',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.client_id).toEqual(expect.any(String));
    expect(reply.body.redirect_uris).toEqual([loopback]);
  });

  it('Endpoints › Client registration: a fixed HTTPS callback without a registered integration is refused with invalid_redirect_uri', async () => {
    expectRefused(
      await register({
        redirect_uris: ['https://agent.example.org/oauth/callback'],
        token_endpoint_auth_method: 'none',
      }),
      'invalid_redirect_uri',
    );
  });

  it.each(['none', 'client_secret_post'])(
    'Endpoints › Client registration and Authentication 2: token_endpoint_auth_method %s is registered as asked',
    async (method) => {
      const reply = await register({ redirect_uris: [loopback], token_endpoint_auth_method: method });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(reply.body).toMatchObject({ client_id: expect.any(String), token_endpoint_auth_method: method });
      // A confidential client needs a secret to send in the body; a public one has none.
      if (method === 'none') expect(reply.body.client_secret).toBeUndefined();
      else expect(reply.body.client_secret).toEqual(expect.any(String));
    },
  );
});

describe('Authentication 5: account:read is reserved to the member audience', () => {
  it('Authentication 5 and Errors: account:read asked for at /api/oauth/register fails with invalid_scope', async () => {
    expectRefused(
      await register({ redirect_uris: [loopback], token_endpoint_auth_method: 'none', scope: 'account:read' }),
      'invalid_scope',
    );
  });

  it('Authentication 5 and Errors: account:read requested by a client registered at /api/oauth/register fails with invalid_scope', async () => {
    const client = await register({ redirect_uris: [loopback], token_endpoint_auth_method: 'none' });
    const url = new URL(`${origin}/oauth/authorize`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.body.client_id as string,
      redirect_uri: loopback,
      scope: 'account:read',
      resource: origin,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'registered-client-state',
    }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(loopback);
    expect(back.searchParams.get('error')).toBe('invalid_scope');
    expect(back.searchParams.get('state')).toBe('registered-client-state');
  });
});
