// The sign-in page's defences (/auth.md "Rate limits"): throttling against guessing with 429, Retry-After and
// RateLimit headers, and re-authentication when max_age asks for it (OIDC Core 3.1.2.1).
import { describe, expect, inject, it } from 'vitest';
import { CLIENTS, DEMO_PASSWORD } from '../support/accounts.ts';
import { browserFetch, CookieJar, formFields } from '../support/cookie-jar.ts';
import { authorizeInBrowser, discover } from '../support/oauth-flow.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

async function signInForm(site: string, jar: CookieJar): Promise<Record<string, string>> {
  return formFields(await (await browserFetch(jar, `${site}/oauth/sign-in`)).text());
}

describe('sign-in throttling (/auth.md "Rate limits": 429, Retry-After, RateLimit)', () => {
  it.skipIf(!secondary)(
    'the eleventh attempt on one account within 15 minutes is refused, even with the right password',
    async () => {
      const jar = new CookieJar();
      const email = 'lecturer@second-school.test';
      const fields = await signInForm(secondary, jar);
      for (let attempt = 1; attempt <= 10; attempt++) {
        const wrong = await browserFetch(jar, `${secondary}/oauth/sign-in`, {
          form: { ...fields, email, password: `wrong-${attempt}` },
        });
        expect(wrong.status).toBe(401);
      }
      const blocked = await browserFetch(jar, `${secondary}/oauth/sign-in`, {
        form: { ...fields, email, password: DEMO_PASSWORD },
      });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.headers.get('ratelimit')).toMatch(/limit=10, remaining=0, reset=\d+/);
      expect(blocked.headers.getSetCookie().some((c) => c.startsWith('cs_session'))).toBe(false);
    },
  );
});

describe('max_age (OIDC Core 3.1.2.1)', () => {
  it('a session older than max_age is sent to sign in again', async () => {
    const as = await discover(origin);
    const redirectUri = 'http://127.0.0.1:40777/callback';
    const first = await authorizeInBrowser(as, {
      clientId: CLIENTS.memberApp,
      redirectUri,
      scope: 'openid account:read',
      resource: origin,
    });
    expect(first.callback.searchParams.get('code')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const url = new URL('/oauth/authorize', origin);
    const params = {
      response_type: 'code',
      client_id: CLIENTS.memberApp,
      redirect_uri: redirectUri,
      scope: 'openid account:read',
      resource: origin,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      max_age: '1',
    };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const response = await browserFetch(first.jar, url.toString());
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/oauth\/sign-in\?return_to=/);
  });
});
