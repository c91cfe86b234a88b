// Session fixation (OWASP Session Fixation and Session Management Cheat
// Sheet, "Renew the Session ID After Any Privilege Level Change"; OWASP ASVS 3.2.1): the session id
// changes at every sign-in, a planted or old id grants nothing, and sign-out ends the session on
// the server, not only in the browser.
import { describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS, DEMO_PASSWORD } from '../support/accounts.ts';
import { browserFetch, CookieJar, formFields } from '../support/cookie-jar.ts';
import { authorizeUrl } from './flows.ts';

const origin = inject('primaryOrigin');
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/** The name of this school's session cookie, as its sign-in sets it. */
let cookieName = '';

async function signIn(jar: CookieJar, email: string, extra: Record<string, string> = {}): Promise<string> {
  const fields = formFields(
    await (
      await browserFetch(
        jar,
        `${origin}/oauth/sign-in${extra.return_to ? `?return_to=${encodeURIComponent(extra.return_to)}` : ''}`,
      )
    ).text(),
  );
  const response = await browserFetch(jar, `${origin}/oauth/sign-in`, {
    form: { ...fields, ...extra, email, password: DEMO_PASSWORD },
  });
  expect(response.status).toBe(303);
  const set = response.headers.getSetCookie().find((c) => c.startsWith('cs_session_'));
  expect(set, 'a sign-in sets a session cookie').toBeTruthy();
  cookieName = set!.slice(0, set!.indexOf('='));
  return set!.slice(cookieName.length + 1, set!.indexOf(';'));
}

/** Whom a session cookie value signs in, as the server sees it: the e-mail address, or null. */
async function whoIs(sessionId: string): Promise<string | null> {
  const response = await fetch(`${origin}/oauth/sign-in`, { headers: { cookie: `${cookieName}=${sessionId}` } });
  const html = await response.text();
  if (/name="password"/.test(html)) return null;
  return (
    [ACCOUNTS.student, ACCOUNTS.student2, ACCOUNTS.admin, ACCOUNTS.lecturer].find((email) => html.includes(email)) ??
    'someone'
  );
}

/** Whether the authorization endpoint sees a session: prompt=none says login_required without one. */
async function authorizationSeesSession(cookie: string): Promise<boolean> {
  const url = authorizeUrl(origin, {
    response_type: 'code',
    client_id: CLIENTS.memberApp,
    redirect_uri: 'http://127.0.0.1:47500/callback',
    scope: 'openid account:read',
    resource: origin,
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    prompt: 'none',
  });
  const response = await fetch(url, { redirect: 'manual', headers: { cookie } });
  return new URL(response.headers.get('location')!).searchParams.get('error') !== 'login_required';
}

describe('session fixation (OWASP Session Fixation; ASVS 3.2.1)', () => {
  it('a session id planted before sign-in is replaced at sign-in and grants nothing', async () => {
    await signIn(new CookieJar(), ACCOUNTS.student2); // learns the cookie name
    const planted = `scs_${'A'.repeat(43)}`;
    const jar = new CookieJar();
    jar.store(origin, new Response(null, { headers: [['set-cookie', `${cookieName}=${planted}; Path=/`]] }));
    expect(jar.get(origin, cookieName)).toBe(planted);
    const issued = await signIn(jar, ACCOUNTS.student2);
    expect(issued).not.toBe(planted);
    expect(await whoIs(planted)).toBeNull();
    expect(await authorizationSeesSession(`${cookieName}=${planted}`)).toBe(false);
    expect(await whoIs(issued)).toBe(ACCOUNTS.student2);
  });

  it("signing in over another person's live session (planted by an attacker) issues a new id and ends the planted one", async () => {
    const attacker = await signIn(new CookieJar(), ACCOUNTS.student);
    expect(await whoIs(attacker)).toBe(ACCOUNTS.student);
    const victimJar = new CookieJar();
    victimJar.store(origin, new Response(null, { headers: [['set-cookie', `${cookieName}=${attacker}; Path=/`]] }));
    expect(victimJar.get(origin, cookieName)).toBe(attacker);
    // The victim follows a link to sign in (an authorization request sends the browser there with return_to).
    const victim = await signIn(victimJar, ACCOUNTS.student2, { return_to: '/account' });
    expect(victim).not.toBe(attacker);
    expect(await whoIs(victim)).toBe(ACCOUNTS.student2);
    // The attacker's copy no longer signs anyone in, least of all the victim.
    expect(await whoIs(attacker)).toBeNull();
  });

  it('signing in again as the same person (re-authentication, prompt=login) issues a new id and ends the old one', async () => {
    const jar = new CookieJar();
    const first = await signIn(jar, ACCOUNTS.student2);
    const second = await signIn(jar, ACCOUNTS.student2, { return_to: '/oauth/sign-in' });
    expect(second).not.toBe(first);
    expect(await whoIs(first)).toBeNull();
    expect(await whoIs(second)).toBe(ACCOUNTS.student2);
  });

  it('sign-out ends the session on the server: the old id, replayed, grants nothing', async () => {
    const jar = new CookieJar();
    const id = await signIn(jar, ACCOUNTS.student2);
    const fields = formFields(await (await browserFetch(jar, `${origin}/oauth/sign-in`)).text());
    expect(
      (await browserFetch(jar, `${origin}/oauth/sign-out`, { form: { csrf_token: fields.csrf_token! } })).status,
    ).toBe(303);
    expect(await whoIs(id)).toBeNull();
    expect(await authorizationSeesSession(`${cookieName}=${id}`)).toBe(false);
  });

  it('session ids are unpredictable: each sign-in gets a fresh one of at least 256 bits of base64url (OWASP Session Management: session ID entropy)', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) ids.add(await signIn(new CookieJar(), ACCOUNTS.student2));
    expect(ids.size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^scs_[A-Za-z0-9_-]{43,}$/);
  });
});
