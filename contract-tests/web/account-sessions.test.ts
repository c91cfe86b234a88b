// /auth.md "Signing out": "Your sessions" in a real Chromium. A person signed in from two browsers
// sees both (the device from each one's user agent, the approximate network, the current one
// marked), signs the other one out, whose cookie stops working at once, and then signs out
// everywhere. Over plain HTTP: every form needs this session's CSRF token, and a session that is not
// the person's own is never ended (the same answer as one already ended).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminClient } from '../support/admin-client.ts';
import { browserFetch, CookieJar, formFields } from '../support/cookie-jar.ts';
import { NEW_PERSON_PASSWORD } from '../support/invitations.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { operatorToken } from '../support/tokens.ts';
import { joinedStudent, uniqueEmail } from '../admin/people-fixtures.ts';
import { csrfFor, pageHtml, postForm } from './area-http.ts';
import { useBrowserPage } from './area-helpers.ts';

const origin = inject('primaryOrigin');
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

/** A person of this test alone: "sign out everywhere" must not end the sessions of other test files. */
async function freshStudent(label: string): Promise<string> {
  const client = adminClient(origin, await operatorToken(origin, 'students:read students:write'));
  const email = uniqueEmail(label);
  await joinedStudent(client, { email, name: `Sessions ${label}` });
  return email;
}

async function signInAs(page: Page, email: string, path: string): Promise<void> {
  await page.goto(`${origin}${path}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(NEW_PERSON_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === path);
}

async function signedInJar(email: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const fields = formFields(await (await browserFetch(jar, `${origin}/oauth/sign-in?return_to=%2Faccount`)).text());
  const response = await browserFetch(jar, `${origin}/oauth/sign-in`, {
    form: { ...fields, email, password: NEW_PERSON_PASSWORD },
  });
  expect(response.status).toBe(303);
  return jar;
}

describe.skipIf(skipBrowserTests)('"Your sessions" in a real browser (/auth.md "Signing out")', () => {
  const session = useBrowserPage();

  it('both browsers are listed with device, network and the current one marked; "Sign out" ends the other at once, "Sign out everywhere" ends this one', async () => {
    session.screenshot = 'account-sessions';
    const email = await freshStudent('two-browsers');
    const page = session.page;
    await signInAs(page, email, '/account/sessions');

    const other = await session.browser.newContext({ userAgent: FIREFOX_ON_WINDOWS });
    try {
      const otherPage = await other.newPage();
      await signInAs(otherPage, email, '/account');

      await page.reload();
      const cards = page.locator('li.session-card');
      // Three: accepting the invitation signed the person in too (over HTTP, at the fixture's step).
      expect(await cards.count()).toBe(3);
      const current = page.locator('li.session-card[aria-current="true"]');
      expect(await current.count()).toBe(1);
      expect(await current.textContent()).toContain('this browser');
      expect(await current.textContent()).toContain('Chrome on Linux');
      const firefox = page.locator('li.session-card', { hasText: 'Firefox on Windows' });
      expect(await firefox.count()).toBe(1);
      // The approximate network: loopback's /24 or /48 (localhost may be either), never the full address.
      const network = await firefox.locator('dd').first().textContent();
      expect(network).toMatch(/^(127\.0\.0\.0\/24|::\/48)$/);

      await page.getByRole('button', { name: /^Sign out Firefox on Windows/ }).click();
      await page.getByRole('status').filter({ hasText: 'Session signed out' }).waitFor();
      expect(await cards.count()).toBe(2);
      expect(await page.locator('li.session-card', { hasText: 'Firefox on Windows' }).count()).toBe(0);
      // The other browser's cookie stopped working: its next page is the sign-in page.
      await otherPage.goto(`${origin}/account`);
      expect(new URL(otherPage.url()).pathname).toBe('/oauth/sign-in');

      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await page.waitForURL((u) => u.pathname === '/oauth/sign-in');
      await page.goto(`${origin}/account/sessions`);
      expect(new URL(page.url()).pathname).toBe('/oauth/sign-in');
    } finally {
      await other.close();
    }
  });
});

describe("the sessions forms over HTTP (CSRF, only one's own sessions)", () => {
  let email: string;
  let stranger: string;
  beforeAll(async () => {
    [email, stranger] = await Promise.all([freshStudent('csrf'), freshStudent('stranger')]);
  });

  it("a form without this session's CSRF token is refused (400) and ends nothing", async () => {
    const jar = await signedInJar(email);
    const page = await pageHtml(jar, `${origin}/account/sessions`);
    const id = /data-session-id="([^"]+)"/.exec(page)![1]!;
    for (const action of ['/account/sessions/end', '/account/sessions/end-others', '/account/sessions/end-all']) {
      const refused = await postForm(jar, `${origin}${action}`, [
        ['csrf_token', 'not-the-token'],
        ['session', id],
      ]);
      expect(refused.status, action).toBe(400);
    }
    expect((await browserFetch(jar, `${origin}/account/sessions`)).status).toBe(200);
  });

  it('another person\'s session id is answered as an ended one (404) and that session keeps working; "all other sessions" keeps this one', async () => {
    const theirs = await signedInJar(stranger);
    const theirId = /data-session-id="([^"]+)"/.exec(await pageHtml(theirs, `${origin}/account/sessions`))![1]!;
    const mine = await signedInJar(email);
    const second = await signedInJar(email);
    const page = await pageHtml(mine, `${origin}/account/sessions`);
    const csrf = csrfFor(page, '/account/sessions/end');
    const refused = await postForm(mine, `${origin}/account/sessions/end`, [
      ['csrf_token', csrf],
      ['session', theirId],
    ]);
    expect(refused.status).toBe(404);
    expect((await browserFetch(theirs, `${origin}/account/sessions`)).status).toBe(200);

    const others = await postForm(mine, `${origin}/account/sessions/end-others`, [['csrf_token', csrf]]);
    expect(others.status).toBe(303);
    expect(others.headers.get('location')).toBe('/account/sessions?done=othersEnded');
    expect((await browserFetch(mine, `${origin}/account/sessions`)).status).toBe(200);
    const ended = await browserFetch(second, `${origin}/account/sessions`);
    expect(ended.status).toBe(303);
    expect(ended.headers.get('location')).toMatch(/^\/oauth\/sign-in\?/);
  });
});
