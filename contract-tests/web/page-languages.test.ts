// docs/development.md "Page languages": every page a member or operator sees follows
// the school's language (sites.locale) — Demo Academy English, Second School German — in a real
// Chromium. Each page is checked for its <html lang>, for catalogue keys shown raw (a missing
// translation), and at the German school for English interface words (text marked lang="en",
// such as a protocol's error_description, is left out). The consent page groups the 36 operator
// scopes by area with each exact scope name, and /account shows the member's courses, orders and
// event registrations with dates and money formatted for the school.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { OPERATOR_SCOPES } from '../../src/services/auth/scopes.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { saveScreenshot, skipBrowserTests } from '../support/browser.ts';
import { authorizationUrl, discover, registerLoopbackClient } from '../support/oauth-flow.ts';
import { signInAt, useBrowserPage } from './area-helpers.ts';
import { demoSchools, problemsOf } from './page-language.ts';

const primary = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const TEST_BUDGET_MS = 60_000;

const schools = demoSchools(primary, secondary);

describe.skipIf(skipBrowserTests)('pages in the school language (docs/development.md "Page languages")', () => {
  const session = useBrowserPage();
  let page: Page;
  beforeEach(() => {
    page = session.page;
  });

  it.each(schools)(
    'every page at $name speaks its language: sign-in, errors, invitation, consent, account and admin',
    async (school) => {
      const problems: string[] = [];
      const visit = async (path: string, shot?: string) => {
        await page.goto(`${school.origin}${path}`);
        problems.push(...(await problemsOf(page, school)));
        if (shot) await saveScreenshot(page, `languages-${school.lang}-${shot}`);
      };
      // Signed out: the sign-in page, an error page of /oauth/authorize (unknown client), an
      // invitation link that is not valid, the API reference's page chrome (<html lang> and title).
      await visit('/oauth/sign-in', 'sign-in');
      await visit(
        '/oauth/authorize?response_type=code&client_id=no-such-client&redirect_uri=https%3A%2F%2Fexample.test%2Fcb',
        'error',
      );
      await visit('/account/invitations/not-a-real-invitation');
      await visit('/oauth/logout'); // the signed-out page of a browser without a session
      // "Forgot password?" and a reset link that is not valid.
      await visit('/account/password/forgot', 'forgot-password');
      await visit('/account/password/reset/not-a-real-link');
      await page.goto(`${school.origin}/docs`);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(school.lang);

      // The consent page of an operator application asking for every operator scope.
      const as = await discover(school.origin);
      const client = await registerLoopbackClient(as, { redirect_uris: ['http://127.0.0.1:47611/callback'] });
      const scope = ['openid', ...OPERATOR_SCOPES].join(' ');
      await page.goto(
        authorizationUrl(
          as,
          {
            clientId: client.client_id,
            redirectUri: 'http://127.0.0.1:47611/callback',
            scope,
            resource: school.origin,
          },
          { challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' },
          'state-1',
          'nonce-1',
        ).toString(),
      );
      problems.push(...(await problemsOf(page, school)));
      await page.locator('#email').fill(school.owner);
      await page.locator('#password').fill('demo-password');
      await page.locator('form[action="/oauth/sign-in"] button[type="submit"]').click();
      await page.locator('.scope-groups').waitFor();
      problems.push(...(await problemsOf(page, school)));
      // Grouped by area: every requested scope by its exact name, each operator family once.
      const shown = await page.locator('.scope-group li code').allTextContents();
      expect(shown.sort()).toEqual(['openid', ...OPERATOR_SCOPES].sort());
      const families = new Set(OPERATOR_SCOPES.map((s) => s.split(':')[0]));
      expect(await page.locator('.scope-group').count()).toBe(families.size + 1);
      await saveScreenshot(page, `languages-${school.lang}-consent`);

      // Signed in now: the signed-in page, the account area, the admin area (every page of its
      // navigation) and its not-found page.
      await visit('/oauth/sign-in');
      await visit('/account', 'account');
      await visit('/account/connected-apps');
      await visit('/account/sessions', 'sessions');
      await visit('/account/profile', 'profile');
      // The end-session endpoint's confirmation page (no hint: it asks; visiting it signs nobody out).
      await visit('/oauth/logout', 'logout-confirmation');
      await visit('/admin', 'admin');
      const adminPages = await page
        .locator('nav.menu-wide a')
        .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
      expect(adminPages.length).toBeGreaterThan(6);
      for (const path of adminPages) await visit(path);
      await visit('/admin/no-such-page');
      expect(problems).toEqual([]);
    },
    TEST_BUDGET_MS,
  );

  it.skipIf(!secondary)(
    "/account at Second School shows the member's courses with progress, orders and event registrations, in German with euro amounts and German dates",
    async () => {
      session.screenshot = 'languages-de-account-student';
      await signInAt(page, secondary, '/account', ACCOUNTS.student);
      const courses = page.locator('#courses');
      await courses.getByRole('heading', { name: 'Ihre Kurse' }).waitFor();
      // The seeded enrollment: "Fotografie-Grundkurs", lifetime access, one of its lectures completed.
      const course = courses.locator('.course-row').filter({ hasText: 'Fotografie' });
      expect(await course.locator('.progress-text').textContent()).toMatch(
        /^1 von \d+ Lektionen abgeschlossen \(\d+ %\)$/,
      );
      expect(await course.textContent()).toContain('unbegrenzter Zugang');
      expect(await course.textContent()).toMatch(/Eingeschrieben am \d{2}\.\d{2}\.\d{4}/);
      const order = page.locator('#orders tr').filter({ hasText: 'SS-10003' });
      expect(await order.locator('td.money').textContent()).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}\s€$/);
      expect(await order.textContent()).toContain('bezahlt');
      expect(await page.locator('#events').textContent()).toMatch(/angemeldet/);
      expect(await problemsOf(page, schools[1]!)).toEqual([]);
    },
    TEST_BUDGET_MS,
  );

  it(
    '/account at Demo Academy shows the same courses, progress and orders the member API serves',
    async () => {
      session.screenshot = 'languages-en-account-student';
      await signInAt(page, primary, '/account', ACCOUNTS.student);
      const { memberToken } = await import('../support/tokens.ts');
      const response = await fetch(`${primary}/account/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await memberToken(primary)}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          query:
            '{ viewer { enrolledCourses(first: 20) { totalCount nodes { id title progress { percentComplete } } } orders(first: 20) { totalCount nodes { number } } } }',
        }),
      });
      const { data } = (await response.json()) as {
        data: {
          viewer: {
            enrolledCourses: {
              totalCount: number;
              nodes: { id: string; title: string; progress: { percentComplete: number } }[];
            };
            orders: { totalCount: number; nodes: { number: string }[] };
          };
        };
      };
      expect(data.viewer.enrolledCourses.totalCount).toBeGreaterThan(0);
      for (const course of data.viewer.enrolledCourses.nodes) {
        const row = page.locator(`.course-row[data-course-id="${course.id}"]`);
        expect(await row.locator('h3').textContent()).toContain(course.title);
        expect(await row.locator('progress').getAttribute('value')).toBe(String(course.progress.percentComplete));
      }
      const numbers = await page.locator('#orders tbody th').allTextContents();
      expect(numbers).toEqual(data.viewer.orders.nodes.map((o) => o.number));
      expect(await problemsOf(page, schools[0]!)).toEqual([]);
    },
    TEST_BUDGET_MS,
  );
});
