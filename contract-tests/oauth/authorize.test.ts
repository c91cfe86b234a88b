// The authorization endpoint's rules (RFC 6749 4.1.2.1, RFC 7636, RFC 8707, RFC 9207, OIDC Core
// 3.1.2.1) as a client and a browser see them.
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { browserFetch, CookieJar } from '../support/cookie-jar.ts';
import { authorizeInBrowser, discover, exchangeCode, registerLoopbackClient } from '../support/oauth-flow.ts';

const origin = inject('primaryOrigin');
const redirectUri = 'http://127.0.0.1:40001/callback';
const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

function authorizeUrl(params: Record<string, string | undefined>): string {
  const base: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: CLIENTS.memberApp,
    redirect_uri: redirectUri,
    scope: 'openid account:read',
    resource: origin,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st-123',
    ...params,
  };
  const url = new URL('/oauth/authorize', origin);
  for (const [k, v] of Object.entries(base)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

async function redirectedError(
  params: Record<string, string | undefined>,
  jar = new CookieJar(),
): Promise<URLSearchParams> {
  const response = await browserFetch(jar, authorizeUrl(params));
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
  return location.searchParams;
}

describe('before the client and redirect URI are verified: an HTML page, never a redirect (RFC 6749 4.1.2.1)', () => {
  it.each([
    ['an unknown client_id', { client_id: 'no-such-client' }],
    ['a missing client_id', { client_id: undefined }],
    ['a redirect_uri that is not registered', { redirect_uri: 'https://evil.example/callback' }],
    ['a redirect_uri differing only by path', { redirect_uri: 'http://127.0.0.1:40001/callback/../evil' }],
    ['a missing redirect_uri', { redirect_uri: undefined }],
  ])('%s shows a 400 page', async (_name, params) => {
    const response = await fetch(authorizeUrl(params), { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('after verification: errors go back to the client with state and iss (RFC 6749 4.1.2.1, RFC 9207 2)', () => {
  it('response_type other than code is unsupported_response_type', async () => {
    const params = await redirectedError({ response_type: 'token' });
    expect(params.get('error')).toBe('unsupported_response_type');
    expect(params.get('state')).toBe('st-123');
    expect(params.get('iss')).toBe(origin);
    expect(params.get('error_description')).toBeTruthy();
  });

  it('a missing code_challenge is invalid_request (RFC 7636 4.4.1)', async () => {
    expect((await redirectedError({ code_challenge: undefined })).get('error')).toBe('invalid_request');
  });

  it('code_challenge_method=plain is invalid_request (RFC 9700 2.1.1: S256 only)', async () => {
    expect(
      (await redirectedError({ code_challenge_method: 'plain', code_challenge: 'x'.repeat(43) })).get('error'),
    ).toBe('invalid_request');
  });

  it('an unknown scope is invalid_scope (RFC 6749 4.1.2.1)', async () => {
    expect((await redirectedError({ scope: 'openid no:such' })).get('error')).toBe('invalid_scope');
  });

  it('account:read requested by a client registered at the registration endpoint is invalid_scope (spec Authentication 5)', async () => {
    const registered = await registerLoopbackClient(await discover(origin));
    for (const scope of ['account:read', 'openid courses:read account:read'])
      expect((await redirectedError({ client_id: registered.client_id, scope })).get('error'), scope).toBe(
        'invalid_scope',
      );
  });

  it('an unknown scope beside operator scopes from a member application is still invalid_scope (RFC 6749 4.1.2.1)', async () => {
    expect((await redirectedError({ scope: 'openid courses:read no:such' })).get('error')).toBe('invalid_scope');
  });

  it('a member flow without resource is invalid_target (RFC 8707 2; /auth.md "3. Authorize")', async () => {
    expect((await redirectedError({ resource: undefined })).get('error')).toBe('invalid_target');
  });

  it("a resource that is not this school's origin is invalid_target (RFC 8707 2)", async () => {
    expect((await redirectedError({ resource: 'https://other.example' })).get('error')).toBe('invalid_target');
  });

  it('prompt=none without a session is login_required (OIDC Core 3.1.2.6)', async () => {
    expect((await redirectedError({ prompt: 'none' })).get('error')).toBe('login_required');
  });
});

describe('sign-in, consent and who may authorize (/auth.md "3. Authorize")', () => {
  let as: oauth.AuthorizationServer;
  beforeAll(async () => {
    as = await discover(origin);
  });

  it('accepts the origin with a trailing slash and the /mcp resource URL as the same audience', async () => {
    for (const resource of [`${origin}/`, `${origin}/mcp`, `${origin}/account/graphql`]) {
      const outcome = await authorizeInBrowser(as, {
        clientId: CLIENTS.memberApp,
        redirectUri,
        scope: 'openid account:read',
        resource,
        email: ACCOUNTS.student,
      });
      expect(outcome.callback.searchParams.get('code')).toBeTruthy();
    }
  });

  it('a member application asking only for operator scopes receives the account scopes the school selected, never an operator scope, and the token response says so (RFC 6749 3.3; /auth.md "Which scopes a client receives")', async () => {
    const member = { clientId: CLIENTS.memberApp, redirectUri, resource: origin, email: ACCOUNTS.student };
    const outcome = await authorizeInBrowser(as, { ...member, scope: 'courses:read students:write' });
    const client: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };
    const tokens = await exchangeCode(as, client, oauth.None(), outcome, redirectUri, origin);
    expect(tokens.scope).toBe('account:read account:write');
  });

  it('a student is refused an operator client with access_denied', async () => {
    const outcome = await authorizeInBrowser(as, {
      clientId: CLIENTS.vendorClientId,
      redirectUri: 'https://crm.example.test/oauth/callback',
      scope: 'courses:read',
      email: ACCOUNTS.student,
    });
    expect(outcome.callback.searchParams.get('error')).toBe('access_denied');
    expect(outcome.callback.searchParams.get('iss')).toBe(origin);
  });

  it('an owner authorizes the vendor integration; the remembered grant then skips consent', async () => {
    const first = await authorizeInBrowser(as, {
      clientId: CLIENTS.vendorClientId,
      redirectUri: 'https://crm.example.test/oauth/callback',
      scope: 'courses:read',
      email: ACCOUNTS.owner,
    });
    expect(first.callback.searchParams.get('code')).toBeTruthy();
    const second = await authorizeInBrowser(as, {
      clientId: CLIENTS.vendorClientId,
      redirectUri: 'https://crm.example.test/oauth/callback',
      scope: 'courses:read',
      jar: first.jar,
      decision: 'deny',
    });
    expect(second.callback.searchParams.get('code')).toBeTruthy();
    const forced = await authorizeInBrowser(as, {
      clientId: CLIENTS.vendorClientId,
      redirectUri: 'https://crm.example.test/oauth/callback',
      scope: 'courses:read',
      jar: first.jar,
      decision: 'deny',
      extra: { prompt: 'consent' },
    });
    expect(forced.callback.searchParams.get('error')).toBe('access_denied');
  });

  it('prompt=none with a session but no consent is consent_required (OIDC Core 3.1.2.6)', async () => {
    const signedIn = await authorizeInBrowser(as, {
      clientId: CLIENTS.memberApp,
      redirectUri,
      scope: 'openid account:read',
      resource: origin,
      email: ACCOUNTS.student2,
      decision: 'deny',
    });
    const params = await redirectedError({ prompt: 'none', scope: 'openid email account:read' }, signedIn.jar);
    expect(params.get('error')).toBe('consent_required');
  });

  it('Deny sends access_denied back to the client (RFC 6749 4.1.2.1)', async () => {
    const outcome = await authorizeInBrowser(as, {
      clientId: CLIENTS.memberApp,
      redirectUri,
      scope: 'openid account:read',
      resource: origin,
      decision: 'deny',
    });
    expect(outcome.callback.searchParams.get('error')).toBe('access_denied');
    expect(outcome.callback.searchParams.get('state')).toBeTruthy();
  });

  it('the sign-in and consent pages forbid framing and carry CSRF tokens (RFC 9700 4.16, 4.7)', async () => {
    const jar = new CookieJar();
    const signIn = await browserFetch(jar, `${origin}/oauth/sign-in`);
    expect(signIn.headers.get('x-frame-options')).toBe('DENY');
    expect(signIn.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await signIn.text();
    expect(html).toMatch(/name="csrf_token" value="scx_/);
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
  });

  it("a consent decision without the page's CSRF token is refused (RFC 9700 4.7)", async () => {
    const signedIn = await authorizeInBrowser(as, {
      clientId: CLIENTS.memberApp,
      redirectUri,
      scope: 'openid account:read',
      resource: origin,
      decision: 'deny',
    });
    const forged = await browserFetch(signedIn.jar, `${origin}/oauth/authorize`, {
      form: {
        csrf_token: 'forged',
        decision: 'allow',
        response_type: 'code',
        client_id: CLIENTS.memberApp,
        redirect_uri: redirectUri,
        scope: 'openid account:read',
        resource: origin,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      },
    });
    expect(forged.status).toBe(400);
    expect(forged.headers.get('location')).toBeNull();
  });

  it('a wrong password gets one generic message and no session (no account enumeration)', async () => {
    const jar = new CookieJar();
    const page = await browserFetch(jar, `${origin}/oauth/sign-in`);
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(await page.text())![1]!;
    const wrongPassword = await browserFetch(jar, `${origin}/oauth/sign-in`, {
      form: { csrf_token: csrf, email: ACCOUNTS.student, password: 'wrong' },
    });
    const unknownAccount = await browserFetch(jar, `${origin}/oauth/sign-in`, {
      form: { csrf_token: csrf, email: 'nobody@nowhere.test', password: 'wrong' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownAccount.status).toBe(401);
    const a = await wrongPassword.text();
    const b = await unknownAccount.text();
    expect(a).toContain('Wrong e-mail or password.');
    expect(b).toContain('Wrong e-mail or password.');
    expect(wrongPassword.headers.getSetCookie().some((c) => c.startsWith('cs_session'))).toBe(false);
  });
});
