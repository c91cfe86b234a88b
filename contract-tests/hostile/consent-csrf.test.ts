// Consent and sign-in CSRF (RFC 9700 4.7; RFC 6749 10.12; OWASP
// Cross-Site Request Forgery Prevention Cheat Sheet): a consent decision counts only when posted
// with the session that rendered the consent page and that page's own token; the sign-in form
// only with its double-submit cookie (login CSRF); sign-out only with its token. A forged token on
// the consent form is covered by contract-tests/oauth/authorize.test.ts; this file adds the rest.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS, DEMO_PASSWORD } from '../support/accounts.ts';
import { browserFetch, CookieJar, formFields } from '../support/cookie-jar.ts';
import { authorizeInBrowser, discover } from '../support/oauth-flow.ts';
import { authorizeUrl } from './flows.ts';

const origin = inject('primaryOrigin');
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const REDIRECT = 'http://127.0.0.1:47400/callback';
const request = {
  response_type: 'code',
  client_id: CLIENTS.memberApp,
  redirect_uri: REDIRECT,
  scope: 'openid account:read',
  resource: origin,
  code_challenge: CHALLENGE,
  code_challenge_method: 'S256',
  state: 'st',
};

/** A browser signed in as `email`, and the fields of a consent page it was shown. */
async function consentPageFor(email: string): Promise<{ jar: CookieJar; fields: Record<string, string> }> {
  const { jar } = await authorizeInBrowser(await discover(origin), {
    clientId: CLIENTS.memberApp,
    redirectUri: REDIRECT,
    scope: 'openid account:read',
    resource: origin,
    email,
    decision: 'deny',
  });
  const page = await browserFetch(jar, authorizeUrl(origin, request));
  expect(page.status).toBe(200);
  const fields = formFields(await page.text());
  expect(fields.csrf_token).toBeTruthy();
  return { jar, fields };
}

/** A refused decision: a page, no redirect, so no code and no error reaches the client. */
function expectRefused(response: Response): void {
  expect(response.status).toBe(400);
  expect(response.headers.get('location')).toBeNull();
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
}

describe('consent CSRF (RFC 9700 4.7; RFC 6749 10.12)', () => {
  let victim: { jar: CookieJar; fields: Record<string, string> };
  let attacker: { jar: CookieJar; fields: Record<string, string> };
  beforeAll(async () => {
    victim = await consentPageFor(ACCOUNTS.student2);
    attacker = await consentPageFor(ACCOUNTS.student);
  });

  it('control: the page’s own form, posted with its session, is acted on', async () => {
    const response = await browserFetch(victim.jar, `${origin}/oauth/authorize`, {
      form: { ...victim.fields, decision: 'deny' },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:47400\/callback\?error=access_denied/);
  });

  it('a consent POST without csrf_token is refused with a page and issues no code', async () => {
    const { csrf_token: _omitted, ...withoutToken } = victim.fields;
    expectRefused(
      await browserFetch(victim.jar, `${origin}/oauth/authorize`, { form: { ...withoutToken, decision: 'allow' } }),
    );
  });

  it("a consent POST carrying another session's CSRF token is refused (the token is bound to the session)", async () => {
    expectRefused(
      await browserFetch(victim.jar, `${origin}/oauth/authorize`, {
        form: { ...victim.fields, csrf_token: attacker.fields.csrf_token!, decision: 'allow' },
      }),
    );
  });

  it("a consent POST carrying the sign-in form's token (another purpose) is refused", async () => {
    const signIn = formFields(await (await browserFetch(new CookieJar(), `${origin}/oauth/sign-in`)).text());
    expectRefused(
      await browserFetch(victim.jar, `${origin}/oauth/authorize`, {
        form: { ...victim.fields, csrf_token: signIn.csrf_token!, decision: 'allow' },
      }),
    );
  });

  it('a cross-site consent POST without the session cookie (a browser withholding SameSite cookies) is refused', async () => {
    expectRefused(
      await browserFetch(new CookieJar(), `${origin}/oauth/authorize`, {
        form: { ...victim.fields, decision: 'allow' },
      }),
    );
  });

  it("the attacker's own consent form posted with the victim's session is refused", async () => {
    expectRefused(
      await browserFetch(victim.jar, `${origin}/oauth/authorize`, { form: { ...attacker.fields, decision: 'allow' } }),
    );
  });

  it('a consent page of a session that has since signed out cannot be posted, even with the old cookie replayed', async () => {
    const ended = await consentPageFor(ACCOUNTS.student2);
    const old = sessionCookie(ended.jar);
    const signedIn = formFields(await (await browserFetch(ended.jar, `${origin}/oauth/sign-in`)).text());
    expect(
      (await browserFetch(ended.jar, `${origin}/oauth/sign-out`, { form: { csrf_token: signedIn.csrf_token! } }))
        .status,
    ).toBe(303);
    // The old cookie, as an attacker who kept it would send it.
    const stale = await fetch(`${origin}/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: old },
      body: new URLSearchParams({ ...ended.fields, decision: 'allow' }),
    });
    expectRefused(stale);
  });

  it('the session cookie is HttpOnly and SameSite, scoped to the whole origin (RFC 9700 4.7.1; OWASP Session Management)', async () => {
    const jar = new CookieJar();
    const fields = formFields(await (await browserFetch(jar, `${origin}/oauth/sign-in`)).text());
    const response = await browserFetch(jar, `${origin}/oauth/sign-in`, {
      form: { ...fields, email: ACCOUNTS.student2, password: DEMO_PASSWORD },
    });
    expect(response.status).toBe(303);
    const session = response.headers.getSetCookie().find((c) => c.startsWith('cs_session_'))!;
    expect(session).toBeTruthy();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=(Lax|Strict)/i);
    expect(session).toMatch(/;\s*Path=\//i);
    if (origin.startsWith('https://')) expect(session).toMatch(/;\s*Secure/i);
  });
});

describe('login CSRF and sign-out CSRF (OWASP CSRF Prevention Cheat Sheet: login CSRF)', () => {
  it('a sign-in POST without the double-submit cookie is refused and signs nobody in', async () => {
    const fields = formFields(await (await browserFetch(new CookieJar(), `${origin}/oauth/sign-in`)).text());
    const response = await browserFetch(new CookieJar(), `${origin}/oauth/sign-in`, {
      form: { ...fields, email: ACCOUNTS.student2, password: DEMO_PASSWORD },
    });
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('cs_session_'))).toBe(false);
  });

  it('a sign-in POST whose token does not match its cookie is refused and signs nobody in', async () => {
    const jar = new CookieJar();
    await browserFetch(jar, `${origin}/oauth/sign-in`);
    const other = formFields(await (await browserFetch(new CookieJar(), `${origin}/oauth/sign-in`)).text());
    const response = await browserFetch(jar, `${origin}/oauth/sign-in`, {
      form: { csrf_token: other.csrf_token!, email: ACCOUNTS.student2, password: DEMO_PASSWORD },
    });
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('cs_session_'))).toBe(false);
  });

  it('a sign-out POST without its token leaves the session alive', async () => {
    const { jar } = await consentPageFor(ACCOUNTS.student2);
    const forged = await browserFetch(jar, `${origin}/oauth/sign-out`, { form: { csrf_token: 'forged' } });
    expect(forged.status).toBe(400);
    // Still signed in: the sign-in page shows who, not the form.
    expect(await (await browserFetch(jar, `${origin}/oauth/sign-in`)).text()).toContain(ACCOUNTS.student2);
  });
});

/** The `name=value` of the browser's session cookie. */
function sessionCookie(jar: CookieJar): string {
  const pair = jar
    .header(origin)
    .split('; ')
    .find((c) => c.startsWith('cs_session_'));
  expect(pair).toBeTruthy();
  return pair!;
}
