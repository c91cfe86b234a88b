// docs/security.md "Confirmations": what cannot be undone is asked first, on a page of its own that
// works without script and says in numbers what will happen, with a CSRF-protected form that posts
// the change (then 303) and a link back. Here the two that used to happen at one click, at both
// demo schools in their languages (docs/development.md "Page languages"), in Chromium at 390 px
// with axe-core: the account area's "Revoke" of a connected application (how many authorizations
// end) and disabling a webhook endpoint in the admin area (how many waiting deliveries are
// abandoned). Each makes its own application, grants and endpoint; nothing seeded changes.
import * as oauth from 'oauth4webapi';
import type { Page, Response as PageResponse } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../support/axe.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { browserFetch } from '../support/cookie-jar.ts';
import { authorizeInBrowser, discover, exchangeCode, registerLoopbackClient } from '../support/oauth-flow.ts';
import { PAGE_WORDS } from '../support/page-words.ts';
import { signInAt, useBrowserPage } from './area-helpers.ts';
import { pageHtml, signedIn } from './area-http.ts';
import { demoSchools, problemsOf, type School } from './page-language.ts';

const PHONE = { width: 390, height: 844 };
const TEST_BUDGET_MS = 120_000;
const redirectUri = 'http://127.0.0.1:47233/callback';
const schools = demoSchools(inject('primaryOrigin'), inject('secondaryOrigin'));
/** The admin API answers the token (200) or no longer does (401). */
async function tokenStatus(origin: string, accessToken: string): Promise<number> {
  const response = await fetch(`${origin}/api/v1/courses?limit=1`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return response.status;
}

/** The client row of the application named `name`, from its "Revoke" link on the person's Connected applications. */
async function clientRowId(school: School, name: string): Promise<string> {
  const list = await pageHtml(await signedIn(school.origin, school.admin), `${school.origin}/account/connected-apps`);
  const card = list.slice(list.indexOf(`<h2>${name}</h2>`));
  return /href="\/account\/connected-apps\/([0-9a-f-]{36})\/revoke"/.exec(card)![1]!;
}

/** The confirmation page as a phone shows it: no sideways scrolling, axe-core clean, the school's language only. */
async function pageProblems(page: Page, school: School): Promise<string[]> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  return [
    ...(width > PHONE.width ? [`${new URL(page.url()).pathname}: ${width} px wide at ${PHONE.width} px`] : []),
    ...(await axeViolations(page)),
    ...(await problemsOf(page, school)),
  ];
}

/** The confirmation's sentences, as the page shows them. */
const sentences = (page: Page) => page.locator('section.card p').allInnerTexts();

/** Clicks the confirmation's button; the response to its POST. */
async function confirm(page: Page, action: string, button: string): Promise<PageResponse> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === action),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  return response;
}

describe.skipIf(skipBrowserTests)('confirmations of what cannot be undone (docs/security.md "Confirmations")', () => {
  const session = useBrowserPage();
  let page: Page;
  beforeEach(async () => {
    page = session.page;
    await page.setViewportSize(PHONE);
  });

  it.each(schools)(
    'at $name the account area\'s "Revoke" leads to a page saying how many authorizations end; opening it changes nothing, its form without the CSRF token is refused, and with it the access ends (303)',
    async (school) => {
      session.screenshot = `confirm-revoke-${school.lang}`;
      const words = PAGE_WORDS[school.lang];
      // A native application (RFC 8252 loopback, registered by itself: RFC 7591) the school's admin
      // authorizes twice: two grants, each with its tokens. Dynamic registration works at both
      // schools, whatever their beta features.
      const name = `Kursexport ${Date.now()}`;
      const as = await discover(school.origin);
      const client = await registerLoopbackClient(as, { client_name: name, redirect_uris: [redirectUri] });
      const tokens: string[] = [];
      for (let i = 0; i < 2; i++) {
        const outcome = await authorizeInBrowser(as, {
          clientId: client.client_id,
          redirectUri,
          scope: 'courses:read',
          resource: school.origin,
          email: school.admin,
        });
        tokens.push((await exchangeCode(as, client, oauth.None(), outcome, redirectUri, school.origin)).access_token);
      }
      const rowId = await clientRowId(school, name);

      await signInAt(page, school.origin, '/account/connected-apps', school.admin);
      await page.getByRole('link', { name: words.revokeApp(name), exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/account/connected-apps/${rowId}/revoke`);
      await page.getByRole('heading', { level: 1, name: words.revokeQuestion(name) }).waitFor();
      expect(await sentences(page)).toContain(words.authorizationsEnd(name, 2));
      expect(await page.getByRole('link', { name: words.cancel }).getAttribute('href')).toBe('/account/connected-apps');
      expect(await pageProblems(page, school)).toEqual([]);
      // Opening the confirmation changed nothing.
      for (const token of tokens) expect(await tokenStatus(school.origin, token)).toBe(200);

      // The form without its CSRF token: a 400 page, and the access stays.
      await page
        .locator('form[action="/account/connected-apps/revoke"] input[name="csrf_token"]')
        .evaluate((input) => input.remove());
      expect((await confirm(page, '/account/connected-apps/revoke', words.revoke)).status()).toBe(400);
      await page.getByRole('heading', { name: words.formExpired }).waitFor();
      for (const token of tokens) expect(await tokenStatus(school.origin, token)).toBe(200);

      // Confirmed: post, then 303 to the list, where the application is gone with every token of it.
      await page.goto(`${school.origin}/account/connected-apps/${rowId}/revoke`);
      const revoked = await confirm(page, '/account/connected-apps/revoke', words.revoke);
      expect(revoked.status()).toBe(303);
      expect(await revoked.headerValue('location')).toBe('/account/connected-apps?done=revoked');
      await page.waitForURL((url) => url.pathname === '/account/connected-apps');
      expect(await page.getByRole('heading', { name }).count()).toBe(0);
      for (const token of tokens) expect(await tokenStatus(school.origin, token)).toBe(401);
      // The confirmation of an access that is gone is the area's 404, not a form.
      expect((await page.goto(`${school.origin}/account/connected-apps/${rowId}/revoke`))!.status()).toBe(404);
    },
    TEST_BUDGET_MS,
  );

  it.each(schools)(
    'at $name "Disable" of a webhook endpoint leads to a page naming its URL and how many waiting deliveries are abandoned; opening it changes nothing, its form without the CSRF token is refused, and with it the endpoint is disabled (303)',
    async (school) => {
      session.screenshot = `confirm-webhook-disable-${school.lang}`;
      const words = PAGE_WORDS[school.lang];
      // A receiver that never answers (no such host): the test events wait, retried, until disabling abandons them.
      const url = `https://confirm-${school.lang}-${Date.now()}.example.test/hook`;
      await signInAt(page, school.origin, '/admin/webhooks/new', school.admin);
      await page.locator('input[name="url"]').fill(url);
      // An event no other suite makes at this school, so that only the test events below wait.
      await page.locator('input[name="event_type"][value="subscription.canceled"]').check();
      await page.locator('form[action="/admin/webhooks"] button[type="submit"]').click();
      await page.waitForURL((u) => u.searchParams.has('shown'));
      const id = /^\/admin\/webhooks\/([0-9a-f-]{36})\/secret$/.exec(new URL(page.url()).pathname)![1]!;
      const endpoint = `/admin/webhooks/${id}`;
      for (let i = 0; i < 2; i++) {
        await page.goto(`${school.origin}${endpoint}`);
        await page.getByRole('button', { name: words.sendTestEvent }).click();
        await page.waitForURL((u) => u.searchParams.get('done') === 'webhook-test-sent');
      }
      const admin = await signedIn(school.origin, school.admin);
      const enabled = async () => (await pageHtml(admin, `${school.origin}${endpoint}`)).includes('status-enabled');

      await page.goto(`${school.origin}${endpoint}`);
      await page.getByRole('link', { name: words.disable, exact: true }).click();
      await page.waitForURL((u) => u.pathname === `${endpoint}/disable`);
      await page.getByRole('heading', { level: 1, name: words.disableQuestion }).waitFor();
      const said = await sentences(page);
      expect(said[0]).toBe(words.nothingSentTo(url));
      expect(said[1]).toBe(words.deliveriesAbandoned(2));
      expect(said[2]).toMatch(words.eventsStay);
      expect(await page.getByRole('link', { name: words.cancel }).getAttribute('href')).toBe(endpoint);
      expect(await pageProblems(page, school)).toEqual([]);
      expect(await enabled()).toBe(true);

      await page
        .locator(`form[action="${endpoint}/disable"] input[name="csrf_token"]`)
        .evaluate((input) => input.remove());
      expect((await confirm(page, `${endpoint}/disable`, words.disable)).status()).toBe(400);
      await page.getByRole('heading', { name: words.formExpired }).waitFor();
      expect(await enabled()).toBe(true);

      await page.goto(`${school.origin}${endpoint}/disable`);
      const disabled = await confirm(page, `${endpoint}/disable`, words.disable);
      expect(disabled.status()).toBe(303);
      expect(await disabled.headerValue('location')).toBe(`${endpoint}?done=webhook-disabled`);
      expect(await enabled()).toBe(false);
      // Disabled already, there is nothing to ask: the confirmation leads back to the endpoint.
      const again = await browserFetch(admin, `${school.origin}${endpoint}/disable`);
      expect(again.status).toBe(303);
      expect(again.headers.get('location')).toBe(endpoint);
    },
    TEST_BUDGET_MS,
  );
});
