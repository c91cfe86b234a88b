// State and issuer mix-up (RFC 9207; RFC 9700 4.4; RFC 6749 4.1.2): every
// authorization response of every school names its own issuer in `iss`, exactly once, whatever
// the outcome, and returns `state` byte for byte; what one school issued (codes, refresh tokens,
// clients) is worth nothing at another school of the same deployment, even for a client that is
// registered at both. Discovery documents naming each school as its own issuer are covered by
// contract-tests/oauth/discovery.test.ts; introspection of another school's token by
// contract-tests/oauth/bearer.test.ts.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { browserFetch, CookieJar } from '../support/cookie-jar.ts';
import { authorizeInBrowser, discover, type AuthorizeOutcome } from '../support/oauth-flow.ts';
import { authorizeUrl, formPost, loopbackClient } from './flows.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const VENDOR_CALLBACK = 'https://crm.example.test/oauth/callback';
const MEMBER_CALLBACK = 'http://127.0.0.1:47300/callback';

/** The authorization response: the redirect's parameters, as the client receives them. */
async function responseParams(url: string, jar = new CookieJar()): Promise<URLSearchParams> {
  const response = await browserFetch(jar, url);
  expect(response.status, url).toBe(302);
  const location = new URL(response.headers.get('location')!, url);
  expect(location.origin, 'an authorization response, not the sign-in page').not.toBe(new URL(url).origin);
  return location.searchParams;
}

function expectIssuer(params: URLSearchParams, issuer: string): void {
  expect(params.getAll('iss')).toEqual([issuer]);
}

const member = (extra: Record<string, string | undefined> = {}) =>
  authorizeUrl(origin, {
    response_type: 'code',
    client_id: CLIENTS.memberApp,
    redirect_uri: MEMBER_CALLBACK,
    scope: 'openid account:read',
    resource: origin,
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    state: 'st-mixup',
    ...extra,
  });

describe('iss in every authorization response (RFC 9207 2; RFC 9700 4.4.2)', () => {
  let signedIn: AuthorizeOutcome;
  beforeAll(async () => {
    signedIn = await authorizeInBrowser(await discover(origin), {
      clientId: CLIENTS.memberApp,
      redirectUri: MEMBER_CALLBACK,
      scope: 'openid account:read',
      resource: origin,
      email: ACCOUNTS.student2,
      decision: 'deny',
    });
  });

  it('a code and access_denied carry iss = this issuer, once, and the state', async () => {
    const allowed = await authorizeInBrowser(await discover(origin), {
      clientId: CLIENTS.memberApp,
      redirectUri: MEMBER_CALLBACK,
      scope: 'openid account:read',
      resource: origin,
      jar: signedIn.jar,
    });
    expect(allowed.callback.searchParams.get('code')).toBeTruthy();
    expectIssuer(allowed.callback.searchParams, origin);
    expect(allowed.callback.searchParams.getAll('state')).toEqual([allowed.state]);
    expectIssuer(signedIn.callback.searchParams, origin);
    expect(signedIn.callback.searchParams.get('error')).toBe('access_denied');
  });

  it.each([
    ['invalid_scope', { scope: 'no:such' }],
    ['unsupported_response_type', { response_type: 'token' }],
    ['invalid_request (no PKCE)', { code_challenge: undefined }],
    ['invalid_target', { resource: 'https://evil.example' }],
    ['login_required', { prompt: 'none' }],
  ])('%s carries iss = this issuer, once, and the state', async (_name, extra) => {
    const params = await responseParams(member(extra));
    expect(params.get('error')).toBeTruthy();
    expectIssuer(params, origin);
    expect(params.getAll('state')).toEqual(['st-mixup']);
  });

  it('consent_required carries iss = this issuer, once', async () => {
    const params = await responseParams(member({ prompt: 'none' }), signedIn.jar);
    expect(params.get('error')).toBe('consent_required');
    expectIssuer(params, origin);
  });

  it('a response without state carries iss all the same, and no empty state', async () => {
    const params = await responseParams(member({ state: undefined, scope: 'no:such' }));
    expectIssuer(params, origin);
    expect(params.has('state')).toBe(false);
  });

  it.each([
    ['an iss of its own', 'x&iss=https%3A%2F%2Fevil.example'],
    ['a raw ampersand and iss', 'x&iss=https://evil.example'],
    ['a fragment', 'x#iss=https://evil.example'],
    ['non-ASCII and spaces', 'ünï cödé +%20'],
    ['a quote and markup', '"><script>alert(1)</script>'],
  ])(
    'a state holding %s comes back byte for byte and iss stays single (RFC 6749 4.1.2; RFC 9207 2)',
    async (_name, state) => {
      const params = await responseParams(member({ state, scope: 'no:such' }));
      expect(params.getAll('state')).toEqual([state]);
      expectIssuer(params, origin);
    },
  );

  it.skipIf(!secondary)("the second school's responses name the second school", async () => {
    const client = await loopbackClient(secondary, ACCOUNTS.secondSchoolOwner, 'http://127.0.0.1:47301/callback');
    const params = await responseParams(
      authorizeUrl(secondary, {
        response_type: 'code',
        client_id: client.clientId,
        redirect_uri: client.redirectUri,
        scope: 'no:such',
        code_challenge: CHALLENGE,
        code_challenge_method: 'S256',
      }),
    );
    expectIssuer(params, secondary);
    const outcome = await client.authorize();
    expectIssuer(outcome.callback.searchParams, secondary);
  });
});

describe.skipIf(!secondary)('nothing one school issued works at another (RFC 9207 4; RFC 9700 4.4)', () => {
  let outcome: AuthorizeOutcome;
  beforeAll(async () => {
    // demo-crm is a deployment-wide integration: the same client_id at both schools.
    outcome = await authorizeInBrowser(await discover(origin), {
      clientId: CLIENTS.vendorClientId,
      redirectUri: VENDOR_CALLBACK,
      scope: 'courses:read',
      email: ACCOUNTS.owner,
    });
  });
  const exchangeAt = (school: string) =>
    formPost(`${school}/api/oauth/token`, {
      grant_type: 'authorization_code',
      code: outcome.callback.searchParams.get('code')!,
      redirect_uri: VENDOR_CALLBACK,
      code_verifier: outcome.codeVerifier,
      client_id: CLIENTS.vendorClientId,
    });

  it("a code of Demo Academy is invalid_grant at Second School's token endpoint for the same client, and still redeems at home", async () => {
    expectIssuer(outcome.callback.searchParams, origin);
    const elsewhere = await exchangeAt(secondary);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error).toBe('invalid_grant');
    const home = await exchangeAt(origin);
    expect(home.status, JSON.stringify(home.body)).toBe(200);

    const refresh = home.body.refresh_token as string;
    const refreshedElsewhere = await formPost(`${secondary}/api/oauth/token`, {
      grant_type: 'refresh_token',
      refresh_token: refresh,
      client_id: CLIENTS.vendorClientId,
    });
    expect(refreshedElsewhere.status).toBe(400);
    expect(refreshedElsewhere.body.error).toBe('invalid_grant');
    // Nor may the other school revoke it: it stays active at home (RFC 7009 2.1).
    await formPost(`${secondary}/api/oauth/revoke`, { token: refresh, client_id: CLIENTS.vendorClientId });
    expect(
      (await formPost(`${origin}/api/oauth/introspect`, { token: refresh, client_id: CLIENTS.vendorClientId })).body
        .active,
    ).toBe(true);
  });

  it('a client registered at one school is unknown at the other: invalid_client at the token endpoint, a page at authorization', async () => {
    const client = await loopbackClient(origin, ACCOUNTS.admin, 'http://127.0.0.1:47302/callback');
    const code = await client.authorize();
    const elsewhere = await client.exchange(code, {}, secondary);
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.error).toBe('invalid_client');
    const page = await fetch(
      authorizeUrl(secondary, {
        response_type: 'code',
        client_id: client.clientId,
        redirect_uri: client.redirectUri,
        scope: 'courses:read',
        code_challenge: CHALLENGE,
        code_challenge_method: 'S256',
      }),
      { redirect: 'manual' },
    );
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
  });
});
