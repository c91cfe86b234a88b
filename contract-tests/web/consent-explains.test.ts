// Consent that explains (/auth.md "3. Authorize"), in a real Chromium at both demo schools: an
// admin asked for members:write sees it listed as withheld by their role, with the reason; a
// student trying an operator client sees why on the school's page, whose button leads to the
// client's redirect_uri with error=access_denied, the state and iss (RFC 6749 4.1.2.1, RFC 9207 2);
// "Not you? Switch account" signs out and returns to the same request's sign-in page.
import type * as oauth from 'oauth4webapi';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { authorizationUrl, discover, registerLoopbackClient } from '../support/oauth-flow.ts';
import { wordsOf } from '../support/page-words.ts';
import { useBrowserPage } from './area-helpers.ts';

const primary = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const TEST_BUDGET_MS = 45_000;
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

type School = {
  name: string;
  origin: string;
  owner: string;
  admin: string;
  /** How the page names a role (the catalogue's words, written out here by hand). */
  roleWord: { admin: string; student: string };
};

const schools: School[] = [
  {
    name: 'Demo Academy',
    origin: primary,
    owner: ACCOUNTS.owner,
    admin: ACCOUNTS.admin,
    roleWord: { admin: 'admin', student: 'student' },
  },
  ...(secondary
    ? [
        {
          name: 'Second School',
          origin: secondary,
          owner: ACCOUNTS.secondSchoolOwner,
          admin: 'admin@second-school.test',
          roleWord: { admin: 'Administrator', student: 'Teilnehmer' },
        },
      ]
    : []),
];

describe.skipIf(skipBrowserTests)('consent that explains (/auth.md "3. Authorize")', () => {
  const session = useBrowserPage();
  let page: Page;
  const clients = new Map<string, { as: oauth.AuthorizationServer; clientId: string }>();
  beforeAll(async () => {
    for (const school of schools) {
      const as = await discover(school.origin);
      // Loopback redirects match on everything but the port (RFC 8252 7.3): the listener's port is used.
      const client = await registerLoopbackClient(as, {
        redirect_uris: ['http://127.0.0.1:47900/callback'],
        client_name: 'Explained Integration',
      });
      clients.set(school.origin, { as, clientId: client.client_id });
    }
  });
  beforeEach(() => {
    page = session.page;
  });

  /** Opens an authorization request of the school's operator client and signs in as `email`. */
  async function authorizeAs(school: School, email: string, scope: string, state: string): Promise<URL> {
    const { as, clientId } = clients.get(school.origin)!;
    const url = authorizationUrl(
      as,
      { clientId, redirectUri: `http://127.0.0.1:${session.listener.port}/callback`, scope },
      { challenge: CHALLENGE },
      state,
      'nonce-1',
    );
    await page.goto(url.toString());
    await signInHere(email);
    return url;
  }

  async function signInHere(email: string): Promise<void> {
    expect(new URL(page.url()).pathname).toBe('/oauth/sign-in');
    const words = await wordsOf(page);
    await page.getByLabel(words.email).fill(email);
    await page.getByLabel(words.password).fill('demo-password');
    await page.getByRole('button', { name: words.signIn }).click();
    await page.waitForURL((u) => u.pathname === '/oauth/authorize');
  }

  it.each(schools)(
    "at $name an admin asked for members:write sees it withheld by the admin's role, and the rest granted",
    async (school) => {
      session.screenshot = `consent-withheld-${school.name.replace(' ', '-')}`;
      await authorizeAs(school, school.admin, 'courses:read members:write', 'state-withheld');
      expect(await page.locator('.scope-group li code').allTextContents()).toEqual(['courses:read']);
      expect(await page.locator('.withheld-scopes li code').allTextContents()).toEqual(['members:write']);
      expect(await page.locator('.withheld-scopes li').textContent()).toContain(`(${school.roleWord.admin})`);
      const words = await wordsOf(page);
      const arrived = session.listener.nextCallback();
      await page.getByRole('button', { name: words.allow }).click();
      const callback = await arrived;
      expect(callback.searchParams.get('code')).toBeTruthy();
      expect(callback.searchParams.get('state')).toBe('state-withheld');
    },
    TEST_BUDGET_MS,
  );

  it.each(schools)(
    "at $name a student on an operator client sees why on the school's page; its button returns access_denied with the state and iss",
    async (school) => {
      session.screenshot = `consent-refused-${school.name.replace(' ', '-')}`;
      const { as, clientId } = clients.get(school.origin)!;
      const url = authorizationUrl(
        as,
        { clientId, redirectUri: `http://127.0.0.1:${session.listener.port}/callback`, scope: 'courses:read' },
        { challenge: CHALLENGE },
        'state-refused',
        'nonce-1',
      );
      await page.goto(url.toString());
      const words = await wordsOf(page);
      await page.getByLabel(words.email).fill(ACCOUNTS.student);
      await page.getByLabel(words.password).fill('demo-password');
      const [refusal] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/oauth/authorize'),
        page.getByRole('button', { name: words.signIn }).click(),
      ]);
      expect(refusal.status()).toBe(403);
      expect(await page.locator('.refusal-reason').textContent()).toContain(`(${school.roleWord.student})`);
      expect(await page.locator('form[action="/oauth/authorize"]').count()).toBe(0);
      const arrived = session.listener.nextCallback();
      await page.locator('a.return-to-client').click();
      const callback = await arrived;
      expect(callback.searchParams.get('error')).toBe('access_denied');
      expect(callback.searchParams.get('state')).toBe('state-refused');
      expect(callback.searchParams.get('iss')).toBe(school.origin);
      expect(callback.searchParams.get('code')).toBeNull();
    },
    TEST_BUDGET_MS,
  );

  it.each(schools)(
    'at $name "Not you? Switch account" signs out and returns to the same request\'s sign-in page; the owner then allows it',
    async (school) => {
      session.screenshot = `consent-switch-${school.name.replace(' ', '-')}`;
      await authorizeAs(school, school.admin, 'courses:read members:write', 'state-switch');
      expect(await page.locator('.card').textContent()).toContain(school.admin);
      await page.locator('form.switch-account button[type="submit"]').click();
      await page.waitForURL((u) => u.pathname === '/oauth/sign-in');
      const returnTo = new URL(new URL(page.url()).searchParams.get('return_to')!, school.origin);
      expect(returnTo.pathname).toBe('/oauth/authorize');
      expect(returnTo.searchParams.get('state')).toBe('state-switch');
      expect(returnTo.searchParams.get('scope')).toBe('courses:read members:write');
      // Signed out: the school's session ended (the account area asks to sign in again).
      const cookies = await page.context().cookies(school.origin);
      const account = await page.context().request.get(`${school.origin}/account`, { maxRedirects: 0 });
      expect(account.status(), JSON.stringify(cookies.map((c) => c.name))).toBe(303);

      await signInHere(school.owner);
      expect(await page.locator('.card').textContent()).toContain(school.owner);
      expect(await page.locator('.withheld-scopes').count()).toBe(0);
      expect((await page.locator('.scope-group li code').allTextContents()).sort()).toEqual([
        'courses:read',
        'members:write',
      ]);
      const words = await wordsOf(page);
      const arrived = session.listener.nextCallback();
      await page.getByRole('button', { name: words.allow }).click();
      const callback = await arrived;
      expect(callback.searchParams.get('code')).toBeTruthy();
      expect(callback.searchParams.get('state')).toBe('state-switch');
    },
    TEST_BUDGET_MS,
  );
});
