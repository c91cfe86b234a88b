// The prompt parameter as OIDC Core 3.1.2.1 defines it (/auth.md "3. Authorize": prompt=none|login|consent behave
// as OIDC Core 3.1.2.1 says), the paths the authorize tests leave out: prompt=login with a live
// session signs the person in again, prompt=none with a remembered grant answers at once with a
// code, and none combined with another value or an unknown value is invalid_request; plus the
// introspection members of RFC 7662 2.2 that no other test reads (token_type, iat).
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { browserFetch } from '../support/cookie-jar.ts';
import {
  authorizationUrl,
  authorizeInBrowser,
  discover,
  exchangeCode,
  insecure,
  registerLoopbackClient,
} from '../support/oauth-flow.ts';

const origin = inject('primaryOrigin');
const redirectUri = 'https://crm.example.test/oauth/callback';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('prompt (OIDC Core 3.1.2.1)', () => {
  let as: oauth.AuthorizationServer;
  beforeAll(async () => {
    as = await discover(origin);
  });

  /** The owner's session with a remembered grant of the vendor integration (not a loopback client, so consent is remembered). */
  async function rememberedGrant() {
    const first = await authorizeInBrowser(as, {
      clientId: 'demo-crm',
      redirectUri,
      scope: 'courses:read',
      email: ACCOUNTS.owner,
    });
    expect(first.callback.searchParams.get('code')).toBeTruthy();
    return first.jar;
  }

  const url = (prompt: string) =>
    authorizationUrl(
      as,
      { clientId: 'demo-crm', redirectUri, scope: 'courses:read', extra: { prompt } },
      { challenge: CHALLENGE },
      'prompt-state',
      'n',
    ).toString();

  it('prompt=none with a session and a remembered grant redirects with a code at once, no page (OIDC Core 3.1.2.1 none)', async () => {
    const jar = await rememberedGrant();
    const response = await browserFetch(jar, url('none'));
    expect(response.status).toBe(302);
    const callback = new URL(response.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('iss')).toBe(origin);
  });

  it('prompt=login with a live session sends the person to the sign-in page first, and back without prompt=login (OIDC Core 3.1.2.1 login)', async () => {
    const jar = await rememberedGrant();
    const response = await browserFetch(jar, url('login'));
    expect([302, 303]).toContain(response.status);
    const signIn = new URL(response.headers.get('location')!, origin);
    expect(signIn.pathname).toBe('/oauth/sign-in');
    const back = new URL(signIn.searchParams.get('return_to')!, origin);
    expect(back.pathname).toBe('/oauth/authorize');
    expect(back.searchParams.get('prompt') ?? '').not.toContain('login');
    expect(back.searchParams.get('client_id')).toBe('demo-crm');
  });

  it.each([['none login'], ['none consent'], ['sometimes']])(
    'prompt=%s is invalid_request sent back with state and iss (OIDC Core 3.1.2.1; RFC 6749 4.1.2.1)',
    async (prompt) => {
      const jar = await rememberedGrant();
      const response = await browserFetch(jar, url(prompt));
      expect(response.status).toBe(302);
      const callback = new URL(response.headers.get('location')!);
      expect(callback.searchParams.get('error')).toBe('invalid_request');
      expect(callback.searchParams.get('state')).toBe('prompt-state');
      expect(callback.searchParams.get('iss')).toBe(origin);
    },
  );
});

describe('introspection members (RFC 7662 2.2)', () => {
  it('an active access token reports token_type Bearer, iat not after exp, and the bound aud', async () => {
    const as = await discover(origin);
    const client = await registerLoopbackClient(as, {
      redirect_uris: ['http://127.0.0.1:47700/callback'],
      client_name: 'Introspection members',
    });
    const outcome = await authorizeInBrowser(as, {
      clientId: client.client_id,
      redirectUri: 'http://127.0.0.1:47700/callback',
      scope: 'courses:read',
      email: ACCOUNTS.owner,
    });
    const tokens = await exchangeCode(as, client, oauth.None(), outcome, 'http://127.0.0.1:47700/callback');
    const info = await oauth.processIntrospectionResponse(
      as,
      client,
      await oauth.introspectionRequest(as, client, oauth.None(), tokens.access_token, insecure),
    );
    expect(info).toMatchObject({
      active: true,
      token_type: expect.stringMatching(/^bearer$/i),
      iss: origin,
      aud: origin,
      client_id: client.client_id,
      scope: 'courses:read',
    });
    expect(info.iat).toEqual(expect.any(Number));
    expect(info.exp! - info.iat!).toBe(tokens.expires_in);
    expect(Math.abs(info.iat! - Date.now() / 1000)).toBeLessThan(120);
  });
});
