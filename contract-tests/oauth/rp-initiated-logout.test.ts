// OpenID Connect RP-Initiated Logout 1.0 with openid-client (v6) as the relying party, against the
// running server: the end_session_endpoint in discovery, post_logout_redirect_uris at registration,
// and buildEndSessionUrl's request ending the browser session (the cookie jar's), with the
// registered redirect and `state`. A request the server cannot trust (an unregistered redirect, a
// forged hint) is a page, never a redirect; a hint for another session asks the person first.
import * as client from 'openid-client';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { consentOverHttp } from '../support/consent.ts';
import { browserFetch, CookieJar } from '../support/cookie-jar.ts';
import { startDocumentHost } from '../support/document-host.ts';
import { startAuthorization } from '../support/openid-client.ts';
import { createMemberApplication, signedIn as signedInJar } from '../web/area-http.ts';

const origin = inject('primaryOrigin');
const tlsCert = inject('tlsCert');
const redirectUri = 'http://127.0.0.1:43193/callback';
const postLogoutUri = 'http://127.0.0.1:43193/signed-out';

async function registerWithLogout(extra: Record<string, unknown> = {}): Promise<client.Configuration> {
  return client.dynamicClientRegistration(
    new URL(origin),
    {
      redirect_uris: [redirectUri],
      post_logout_redirect_uris: [postLogoutUri],
      token_endpoint_auth_method: 'none',
      client_name: 'RP-Initiated Logout contract test',
      ...extra,
    },
    client.None(),
    { execute: [client.allowInsecureRequests, client.enableNonRepudiationChecks] },
  );
}

/** Signs the owner in with `jar` and returns the ID token the code exchange answers. */
async function signedInWithIdToken(config: client.Configuration, jar: CookieJar): Promise<string> {
  const started = await startAuthorization(config, redirectUri, 'openid');
  const callback = await consentOverHttp(started.url, { email: ACCOUNTS.owner }, jar);
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: started.verifier,
    expectedState: started.state,
    expectedNonce: started.nonce,
    idTokenExpected: true,
  });
  return tokens.id_token!;
}

async function signedIn(jar: CookieJar): Promise<boolean> {
  return (await browserFetch(jar, `${origin}/account`)).status === 200;
}

describe('RP-Initiated Logout 1.0 with openid-client (/auth.md "Signing out")', () => {
  let config: client.Configuration;
  beforeAll(async () => {
    config = await registerWithLogout();
  });

  it('discovery names the end_session_endpoint (RP-Initiated Logout 1.0 2.1), and registration keeps post_logout_redirect_uris (3.1)', () => {
    expect(config.serverMetadata().end_session_endpoint).toBe(`${origin}/oauth/logout`);
    expect(config.clientMetadata().post_logout_redirect_uris).toEqual([postLogoutUri]);
  });

  it('ID tokens carry sid, the browser session that signed in (Back-Channel Logout 1.0 2.1)', async () => {
    const idToken = await signedInWithIdToken(config, new CookieJar());
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { sid?: string };
    expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('buildEndSessionUrl with the id_token_hint of this session ends it at once and returns to the registered URI with state (RP-Initiated Logout 1.0 2, 3)', async () => {
    const jar = new CookieJar();
    const idToken = await signedInWithIdToken(config, jar);
    expect(await signedIn(jar)).toBe(true);
    const state = client.randomState();
    const url = client.buildEndSessionUrl(config, {
      id_token_hint: idToken,
      post_logout_redirect_uri: postLogoutUri,
      state,
    });
    expect(url.origin + url.pathname).toBe(`${origin}/oauth/logout`);
    const response = await browserFetch(jar, url.toString());
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(postLogoutUri);
    expect(location.searchParams.get('state')).toBe(state);
    expect(await signedIn(jar)).toBe(false);
  });

  it('the same by POST (RP-Initiated Logout 1.0 2: GET and POST)', async () => {
    const jar = new CookieJar();
    const idToken = await signedInWithIdToken(config, jar);
    const response = await browserFetch(jar, `${origin}/oauth/logout`, {
      form: { id_token_hint: idToken, post_logout_redirect_uri: postLogoutUri, state: 'by-post' },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${postLogoutUri}?state=by-post`);
    expect(await signedIn(jar)).toBe(false);
  });

  it('an ID token of another session of the same person asks first (2: the OP SHOULD ask), and this session keeps working', async () => {
    const other = await signedInWithIdToken(config, new CookieJar());
    const jar = new CookieJar();
    await signedInWithIdToken(config, jar);
    const response = await browserFetch(
      jar,
      client.buildEndSessionUrl(config, { id_token_hint: other, post_logout_redirect_uri: postLogoutUri }).toString(),
    );
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('action="/oauth/logout"');
    expect(page).toContain('name="csrf_token"');
    expect(await signedIn(jar)).toBe(true);
  });

  it('an unregistered post_logout_redirect_uri, or one without a client, is refused on a page and never followed (3.1: exact match)', async () => {
    const jar = new CookieJar();
    const idToken = await signedInWithIdToken(config, jar);
    for (const url of [
      client.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: `${postLogoutUri}/x` }),
      client.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: `${postLogoutUri}?a=b` }),
      new URL(`${origin}/oauth/logout?post_logout_redirect_uri=${encodeURIComponent(postLogoutUri)}`),
    ]) {
      const response = await browserFetch(jar, url.toString());
      expect(response.status, url.toString()).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    }
    expect(await signedIn(jar)).toBe(true);
  });

  it('a forged or altered id_token_hint is refused (400), and client_id must be its audience (2)', async () => {
    const jar = new CookieJar();
    const idToken = await signedInWithIdToken(config, jar);
    const [header, payload, signature] = idToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${signature}`;
    expect((await browserFetch(jar, `${origin}/oauth/logout?id_token_hint=${altered}`)).status).toBe(400);
    expect(
      (await browserFetch(jar, `${origin}/oauth/logout?id_token_hint=${idToken}&client_id=demo-study-buddy`)).status,
    ).toBe(400);
    expect(await signedIn(jar)).toBe(true);
  });

  it('a browser with no session here goes straight on to the registered URI', async () => {
    const idToken = await signedInWithIdToken(config, new CookieJar());
    const response = await browserFetch(
      new CookieJar(),
      client
        .buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: postLogoutUri, state: 's' })
        .toString(),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${postLogoutUri}?state=s`);
  });

  it('registration refuses post_logout_redirect_uris that are not loopback URIs like its redirect_uris (RFC 7591 3.2.2)', async () => {
    const response = await fetch(`${origin}/api/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: ['https://elsewhere.example/bye'],
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_client_metadata');
  });

  it('a member application registers post_logout_redirect_uris on its admin page, which the end-session endpoint then follows (3.1); an http URI that is not loopback is refused there', async () => {
    const owner = await signedInJar(origin, ACCOUNTS.owner);
    const bye = 'https://planner.example/signed-out';
    const app = await createMemberApplication(origin, owner, {
      name: `Logout planner ${Date.now()}`,
      redirectUris: ['https://planner.example/callback'],
      scopes: ['openid', 'account:read'],
      postLogoutRedirectUris: [bye],
      backchannelLogoutUri: 'https://planner.example/backchannel',
    });
    const response = await browserFetch(
      new CookieJar(),
      `${origin}/oauth/logout?client_id=${app.clientId}&post_logout_redirect_uri=${encodeURIComponent(bye)}&state=s1`,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${bye}?state=s1`);
    await expect(
      createMemberApplication(origin, owner, {
        name: `Refused planner ${Date.now()}`,
        redirectUris: ['https://planner.example/callback'],
        scopes: ['openid'],
        postLogoutRedirectUris: ['http://planner.example/bye'],
      }),
    ).rejects.toThrow();
  });
});

describe.skipIf(!tlsCert)(
  'RP-Initiated Logout for a Client ID Metadata Document client (/auth.md "Signing out")',
  () => {
    it("the document's post_logout_redirect_uris are followed once the school has met the client (3.1)", async () => {
      const host = await startDocumentHost(tlsCert, inject('tlsKey'));
      try {
        const clientId = `${host.base}/logout-agent/client.json`;
        host.documents.set('/logout-agent/client.json', () => ({
          status: 200,
          body: {
            client_id: clientId,
            client_name: 'Logout Doc Agent',
            redirect_uris: [redirectUri],
            post_logout_redirect_uris: [postLogoutUri],
            token_endpoint_auth_method: 'none',
          },
        }));
        // The authorization request makes the school fetch the document and remember the client.
        const authorize = await fetch(
          `${origin}/oauth/authorize?client_id=${encodeURIComponent(clientId)}&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code&scope=openid&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256`,
          { redirect: 'manual' },
        );
        expect(authorize.status).toBeLessThan(400);
        const response = await browserFetch(
          new CookieJar(),
          `${origin}/oauth/logout?client_id=${encodeURIComponent(clientId)}&post_logout_redirect_uri=${encodeURIComponent(postLogoutUri)}&state=doc`,
        );
        expect(response.status).toBe(303);
        expect(response.headers.get('location')).toBe(`${postLogoutUri}?state=doc`);
      } finally {
        await host.close();
      }
    });
  },
);
