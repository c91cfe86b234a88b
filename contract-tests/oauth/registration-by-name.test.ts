// Registration by name (/auth.md "2. Get a client"): a client_name that matches a known vendor
// integration, sent alone, returns that integration's client_id; an unrecognized vendor name is
// refused with invalid_client_metadata (RFC 7591 3.2.2).
// The README's own example, `client_name: "Demo CRM"`
// alone, returns `demo-crm`; metadata that contradicts the integration is refused, not rewritten.
import { describe, expect, inject, it } from 'vitest';
import { CLIENTS } from '../support/accounts.ts';

const origin = inject('primaryOrigin');
const VENDOR_REDIRECT = 'https://crm.example.test/oauth/callback';

type Wire = { status: number; headers: Headers; body: Record<string, unknown> };

async function register(metadata: Record<string, unknown>): Promise<Wire> {
  const response = await fetch(`${origin}/api/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(metadata),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
}

function expectError(res: Wire, error: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.headers.get('cache-control')).toContain('no-store');
  expect(res.body.error).toBe(error);
  expect(res.body.error_description).toEqual(expect.any(String));
  expect(res.body.client_id).toBeUndefined();
}

describe('registration by name (/auth.md "2. Get a client"; RFC 7591 3.2.2)', () => {
  it.each([CLIENTS.vendorName, CLIENTS.vendorName.toUpperCase(), `  ${CLIENTS.vendorName} `])(
    "client_name %j alone returns the integration's client_id with its own metadata (README example)",
    async (name) => {
      const res = await register({ client_name: name });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.headers.get('cache-control')).toContain('no-store');
      expect(res.body).toMatchObject({
        client_id: CLIENTS.vendorClientId,
        redirect_uris: [VENDOR_REDIRECT],
        response_types: ['code'],
      });
      expect(res.body.client_secret).toBeUndefined();
    },
  );

  it("the name with exactly the integration's redirect_uris and auth method also returns it", async () => {
    const res = await register({
      client_name: CLIENTS.vendorName,
      redirect_uris: [VENDOR_REDIRECT],
      token_endpoint_auth_method: 'none',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.client_id).toBe(CLIENTS.vendorClientId);
  });

  it('an unknown name alone is invalid_client_metadata', async () => {
    expectError(await register({ client_name: `Unknown Vendor ${Date.now()}` }), 'invalid_client_metadata');
  });

  it.each<[string, string[]]>([
    ['another https callback', ['https://evil.example/oauth/callback']],
    ["the integration's callback plus another", [VENDOR_REDIRECT, 'https://evil.example/cb']],
    [
      'a loopback callback (which would impersonate the integration on a new client)',
      ['http://127.0.0.1:8765/callback'],
    ],
    ['a callback differing in case', [VENDOR_REDIRECT.replace('callback', 'Callback')]],
    ['an empty list', []],
  ])('the name with %s is refused (invalid_redirect_uri), never silently rewritten', async (_what, uris) => {
    const res = await register({ client_name: CLIENTS.vendorName, redirect_uris: uris });
    expectError(res, 'invalid_redirect_uri');
    expect(JSON.stringify(res.body)).not.toContain(CLIENTS.vendorClientId);
  });

  it('the name with another token_endpoint_auth_method is invalid_client_metadata', async () => {
    expectError(
      await register({ client_name: CLIENTS.vendorName, token_endpoint_auth_method: 'client_secret_post' }),
      'invalid_client_metadata',
    );
  });

  it('no name and no redirect_uris stays invalid_redirect_uri', async () => {
    expectError(await register({ token_endpoint_auth_method: 'none' }), 'invalid_redirect_uri');
  });
});
