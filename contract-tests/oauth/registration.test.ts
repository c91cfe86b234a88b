// Client registration (RFC 7591) as /auth.md "2. Get a client" narrows it: a known vendor integration's name
// returns its client_id, loopback redirect URIs (RFC 8252 7.3) create a native operator client,
// fixed HTTPS callbacks and member scopes are refused. Registration is rate limited per address,
// so this file registers a handful of clients only.
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { authorizeInBrowser, discover, exchangeCode, insecure } from '../support/oauth-flow.ts';

const origin = inject('primaryOrigin');
const registerUrl = `${origin}/api/oauth/register`;
let as: oauth.AuthorizationServer;

type Wire = { status: number; headers: Headers; body: Record<string, unknown> };

async function register(metadata: Record<string, unknown>): Promise<Wire> {
  const response = await fetch(registerUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(metadata),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
}

function expectError(res: Wire, error: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('cache-control')).toContain('no-store');
  expect(res.body.error).toBe(error);
  expect(res.body.error_description).toEqual(expect.any(String));
  expect(res.body.client_id).toBeUndefined();
}

/** RFC 7591 3.2.1: 201 with the registered metadata echoed, as a native operator client. */
function expectNativeClient(
  res: Wire,
  request: { redirect_uris: string[]; token_endpoint_auth_method: string; client_name?: string },
): void {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('cache-control')).toContain('no-store');
  expect(res.body).toMatchObject({
    client_id: expect.any(String),
    application_type: 'native',
    redirect_uris: request.redirect_uris,
    token_endpoint_auth_method: request.token_endpoint_auth_method,
    grant_types: ['authorization_code', 'refresh_token'],
    ...(request.client_name ? { client_name: request.client_name } : {}),
  });
  expect(res.body.client_id).not.toBe(CLIENTS.vendorClientId);
  if (request.token_endpoint_auth_method === 'none') expect(res.body.client_secret).toBeUndefined();
  else expect(res.body.client_secret).toEqual(expect.stringMatching(/.{20,}/));
}

/** Introspecting a never-issued token proves the credentials: 200 {active:false}, or 401. */
async function credentialsWork(client: oauth.Client, auth: oauth.ClientAuth): Promise<boolean> {
  const response = await oauth.introspectionRequest(as, client, auth, 'sca_neverIssued', insecure);
  if (response.status === 401) return false;
  expect(await oauth.processIntrospectionResponse(as, client, response)).toMatchObject({ active: false });
  return true;
}

beforeAll(async () => {
  as = await discover(origin);
});

describe('vendor integrations (/auth.md "2. Get a client")', () => {
  it('returns the client_id of a known vendor integration by its client_name (/auth.md "2. Get a client")', async () => {
    const res = await register({
      client_name: CLIENTS.vendorName,
      redirect_uris: ['https://crm.example.test/oauth/callback'],
    });
    expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
    expect(res.body.client_id).toBe(CLIENTS.vendorClientId);
    expect(res.body.client_secret).toBeUndefined();
  });

  it('refuses a fixed HTTPS callback without a registered integration with invalid_redirect_uri (/auth.md "Errors")', async () => {
    expectError(
      await register({ redirect_uris: ['https://app.example.org/oauth/callback'], token_endpoint_auth_method: 'none' }),
      'invalid_redirect_uri',
    );
  });

  it('refuses an unknown client_name with an HTTPS callback with invalid_client_metadata (/auth.md "Errors")', async () => {
    expectError(
      await register({
        client_name: 'Totally Unknown Vendor',
        redirect_uris: ['https://unknown-vendor.example/callback'],
      }),
      'invalid_client_metadata',
    );
  });
});

describe('loopback native clients (RFC 8252 7.3, RFC 7591 3.2.1)', () => {
  it('creates a public native client for an http://127.0.0.1 redirect and completes the operator flow on any port', async () => {
    const request = {
      redirect_uris: ['http://127.0.0.1:8765/callback'],
      token_endpoint_auth_method: 'none',
      client_name: 'Contract registration agent',
    };
    const res = await register(request);
    expectNativeClient(res, request);
    expect(res.body.client_id_issued_at).toEqual(expect.any(Number));

    const client: oauth.Client = { client_id: res.body.client_id as string, token_endpoint_auth_method: 'none' };
    const redirectUri = 'http://127.0.0.1:51234/callback';
    const outcome = await authorizeInBrowser(as, {
      clientId: client.client_id,
      redirectUri,
      scope: 'openid courses:read',
      email: ACCOUNTS.owner,
    });
    const tokens = await exchangeCode(as, client, oauth.None(), outcome, redirectUri);
    expect(tokens.scope).toBe('openid courses:read');
    const info = await oauth.processIntrospectionResponse(
      as,
      client,
      await oauth.introspectionRequest(as, client, oauth.None(), tokens.access_token, insecure),
    );
    expect(info).toMatchObject({ active: true, client_id: client.client_id, aud: origin });
  });

  it('creates a confidential client_secret_post client for http://[::1] with a working secret (RFC 7591 3.2.1)', async () => {
    const request = { redirect_uris: ['http://[::1]:9876/cb'], token_endpoint_auth_method: 'client_secret_post' };
    const res = await register(request);
    expectNativeClient(res, request);
    const client: oauth.Client = {
      client_id: res.body.client_id as string,
      token_endpoint_auth_method: 'client_secret_post',
    };
    expect(await credentialsWork(client, oauth.ClientSecretPost(res.body.client_secret as string))).toBe(true);
    expect(await credentialsWork(client, oauth.ClientSecretPost('not-the-secret'))).toBe(false);
  });

  it('creates a confidential client_secret_basic client for http://localhost with a working secret (RFC 7591 3.2.1)', async () => {
    const request = {
      redirect_uris: ['http://localhost/oauth/done'],
      token_endpoint_auth_method: 'client_secret_basic',
      client_name: 'Local basic agent',
    };
    const res = await register(request);
    expectNativeClient(res, request);
    const client: oauth.Client = {
      client_id: res.body.client_id as string,
      token_endpoint_auth_method: 'client_secret_basic',
    };
    expect(await credentialsWork(client, oauth.ClientSecretBasic(res.body.client_secret as string))).toBe(true);
    expect(await credentialsWork(client, oauth.ClientSecretBasic('not-the-secret'))).toBe(false);
  });

  it.each(['account:read', 'openid account:write'])(
    'refuses scope "%s" with invalid_scope: account:* is member-only (/auth.md "2. Get a client")',
    async (scope) => {
      expectError(
        await register({
          redirect_uris: ['http://127.0.0.1:8765/callback'],
          token_endpoint_auth_method: 'none',
          scope,
        }),
        'invalid_scope',
      );
    },
  );
});
