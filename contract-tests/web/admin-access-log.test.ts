// The admin area's "Access log" (docs/operations.md "Access trail") in a real Chromium: an owner
// finds a failed sign-in by person and kind, sees what the attacker's client sent as text, pages,
// and downloads the same events as CSV whose cells cannot start a formula (OWASP "CSV Injection");
// a filter that cannot be read is a 400 page; a student is refused the page and the export.
import * as oauth from 'oauth4webapi';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { CookieJar, formFields } from '../support/cookie-jar.ts';
import { authorizationUrl, discover } from '../support/oauth-flow.ts';
import { signInAt, useBrowserPage } from './area-helpers.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const TEST_BUDGET_MS = 30_000;
/** What an attacker's client may send as its User-Agent: markup and a spreadsheet formula. */
const HOSTILE_AGENT = '=HYPERLINK("http://evil.test","x")<b>bold</b>';

/** A wrong-password sign-in of `email` at the school's sign-in page, sent with `userAgent`. */
async function failSignIn(email: string, userAgent: string): Promise<void> {
  const as = await discover(origin);
  const jar = new CookieJar();
  const get = async (url: string) => {
    const response = await fetch(url, {
      headers: { cookie: jar.header(url), 'user-agent': userAgent },
      redirect: 'manual',
    });
    jar.store(url, response);
    return response;
  };
  let url = authorizationUrl(
    as,
    { clientId: CLIENTS.memberApp, redirectUri: 'http://127.0.0.1/callback', scope: 'openid', resource: origin },
    { challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()) },
    'state-1',
    'nonce-1',
  ).toString();
  let response = await get(url);
  while (response.status === 302 || response.status === 303) {
    url = new URL(response.headers.get('location')!, url).toString();
    response = await get(url);
  }
  const fields = formFields(await response.text());
  const signIn = `${origin}/oauth/sign-in`;
  const posted = await fetch(signIn, {
    method: 'POST',
    headers: {
      cookie: jar.header(signIn),
      'user-agent': userAgent,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ ...fields, email, password: 'not-the-password' }),
    redirect: 'manual',
  });
  expect(posted.status).toBe(401);
}

describe.skipIf(skipBrowserTests)('the admin area\'s "Access log" in a real browser', () => {
  const session = useBrowserPage();
  let page: Page;
  beforeAll(async () => {
    await failSignIn(ACCOUNTS.student2, HOSTILE_AGENT);
  });
  beforeEach(() => {
    page = session.page;
  });

  it(
    'an owner filters by person and kind and sees the failed sign-in with its reason, address and user agent as text',
    async () => {
      session.screenshot = 'admin-access-log';
      await signInAt(page, origin, '/admin/access-log', ACCOUNTS.owner);
      await page.getByRole('heading', { name: 'Access log', level: 1 }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Admin' });
      expect(await nav.getByRole('link', { name: 'Access log', exact: true }).count()).toBe(1);
      // The owner's own sign-in a moment ago is there, newest first.
      const rows = page.getByRole('table').getByRole('row');
      expect((await rows.allTextContents()).some((t) => t.includes('Signed in') && t.includes(ACCOUNTS.owner))).toBe(
        true,
      );
      const times = await page
        .getByRole('table')
        .locator('time')
        .evaluateAll((els) => els.map((el) => el.getAttribute('datetime') ?? ''));
      expect(times).toEqual([...times].sort().reverse());

      await page.getByLabel('Person (e-mail address)').fill(ACCOUNTS.student2);
      await page.getByLabel('Event', { exact: true }).selectOption({ label: 'Sign-in failed' });
      await page.getByRole('button', { name: 'Show' }).click();
      await page.waitForURL((u) => u.searchParams.get('kind') === 'sign_in.failed');
      const filtered = await page.getByRole('table').getByRole('row').allTextContents();
      expect(filtered.length).toBeGreaterThan(1);
      expect(filtered.slice(1).every((t) => t.includes('Sign-in failed') && t.includes(ACCOUNTS.student2))).toBe(true);
      expect(filtered.some((t) => t.includes('wrong password') && t.includes(HOSTILE_AGENT))).toBe(true);
      // Shown as text: the markup the client sent made no element.
      expect(await page.locator('table b').count()).toBe(0);
    },
    TEST_BUDGET_MS,
  );

  it(
    'the CSV export is an attachment of the filtered events whose cells cannot start a formula',
    async () => {
      session.screenshot = 'admin-access-log-csv';
      const query = `?person=${encodeURIComponent(ACCOUNTS.student2)}&kind=sign_in.failed`;
      await signInAt(page, origin, `/admin/access-log${query}`, ACCOUNTS.owner);
      const link = page.getByRole('link', { name: 'Download these events as CSV' });
      expect(await link.getAttribute('href')).toBe(`/admin/access-log.csv${query}`);
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^access-log-\d{4}-\d{2}-\d{2}\.csv$/);
      const response = await page.request.get(`${origin}/admin/access-log.csv${query}`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^text\/csv/);
      expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="access-log-/);
      const lines = (await response.text()).split('\r\n').filter(Boolean);
      expect(lines[0]).toBe('time (UTC),event,reason,person,person id,application,by,address,user agent');
      expect(lines.length).toBeGreaterThan(1);
      expect(
        lines.slice(1).every((line) => line.includes(',sign_in.failed,') && line.includes(ACCOUNTS.student2)),
      ).toBe(true);
      expect(lines.some((line) => line.endsWith(`"'=HYPERLINK(""http://evil.test"",""x"")<b>bold</b>"`))).toBe(true);
      expect(lines.every((line) => !/(^|,)[=+\-@]/.test(line))).toBe(true);
    },
    TEST_BUDGET_MS,
  );

  it(
    'a filter that cannot be read is a 400 page saying so, not a 500',
    async () => {
      session.screenshot = 'admin-access-log-invalid';
      await signInAt(page, origin, '/admin/access-log', ACCOUNTS.owner);
      for (const query of ['?kind=sign_in.maybe', '?from=2026-13-45', '?from=2026-12-02&to=2026-12-01']) {
        const response = await page.goto(`${origin}/admin/access-log${query}`);
        expect(response?.status(), query).toBe(400);
        await page.getByRole('alert').waitFor();
        expect((await page.request.get(`${origin}/admin/access-log.csv${query}`)).status(), query).toBe(400);
      }
      // A cursor that does not decode starts again from the newest events.
      expect((await page.goto(`${origin}/admin/access-log?before=forged`))?.status()).toBe(200);
    },
    TEST_BUDGET_MS,
  );

  it(
    'a student is refused the page and the export with 403',
    async () => {
      session.screenshot = 'admin-access-log-student';
      await signInAt(page, origin, '/account', ACCOUNTS.student);
      expect((await page.goto(`${origin}/admin/access-log`))?.status()).toBe(403);
      expect((await page.request.get(`${origin}/admin/access-log.csv`)).status()).toBe(403);
    },
    TEST_BUDGET_MS,
  );

  it.skipIf(!secondary)(
    'Second School reads its own trail in German',
    async () => {
      session.screenshot = 'admin-access-log-de';
      await signInAt(page, secondary, '/admin/access-log', ACCOUNTS.secondSchoolOwner);
      await page.getByRole('heading', { name: 'Zugriffsprotokoll', level: 1 }).waitFor();
      const rows = await page.getByRole('table').getByRole('row').allTextContents();
      expect(rows.some((t) => t.includes('Angemeldet') && t.includes(ACCOUNTS.secondSchoolOwner))).toBe(true);
      expect(rows.some((t) => t.includes(ACCOUNTS.student2))).toBe(false);
    },
    TEST_BUDGET_MS,
  );
});
