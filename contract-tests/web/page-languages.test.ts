// docs/development.md "Page languages": every page a member or operator sees follows
// the school's language (sites.locale) — Demo Academy English, Second School German — in a real
// Chromium. Each page is checked for its <html lang>, for catalogue keys shown raw (a missing
// translation), and at the German school for English interface words (text marked lang="en",
// such as a protocol's error_description, is left out). The consent page groups the 36 operator
// scopes by area with each exact scope name, and /account shows the member's courses, orders and
// event registrations with dates and money formatted for the school. The member area's pages and the
// consent page's explanations are also checked with axe-core (support/axe.ts).
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { OPERATOR_SCOPES } from '../../src/services/auth/scopes.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { axeViolations } from '../support/axe.ts';
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
    'every page at $name outside the areas speaks its language: sign-in, errors, invitation, consent, sign-out, not found',
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

      // Signed in now: the signed-in page, the end-session endpoint's confirmation page (no hint: it
      // asks; visiting it signs nobody out) and the admin area's not-found page. Every page of the
      // admin and account areas reached by links is checked the same way by web/area-phone.test.ts.
      await visit('/oauth/sign-in');
      await visit('/oauth/logout', 'logout-confirmation');
      await visit('/admin/no-such-page');
      expect(problems).toEqual([]);
    },
    TEST_BUDGET_MS,
  );

  it.each(schools)(
    "the member area's pages and the consent page's explanations at $name speak its language and pass axe-core: course, lecture, receipt, registration, cancel confirmation, courses taught, withheld scopes, refusal",
    async (school) => {
      const problems: string[] = [];
      // Each page is also checked with axe-core (WCAG 2.1 A and AA, support/axe.ts).
      const check = async (shot?: string) => {
        problems.push(...(await problemsOf(page, school)), ...(await axeViolations(page)));
        if (shot) await saveScreenshot(page, `languages-${school.lang}-${shot}`);
      };
      // A student, from /account along its links.
      await signInAt(page, school.origin, '/account', ACCOUNTS.student);
      const opened: string[] = [];
      for (const [link, shot] of [
        ['#courses h3 a', 'member-course'],
        ['a.continue-link', 'member-lecture'],
      ] as const) {
        await page.locator(link).first().click();
        await page.waitForLoadState('domcontentloaded');
        opened.push(new URL(page.url()).pathname);
        await check(shot);
      }
      await page.goto(`${school.origin}/account`);
      await page.locator('#orders tbody th a').first().click();
      await page.waitForLoadState('domcontentloaded');
      opened.push(new URL(page.url()).pathname);
      await check('member-receipt');
      await page.goto(`${school.origin}/account`);
      // A registration that may still be cancelled: its page, then the confirmation (not confirmed).
      await page
        .locator('#events li', { hasText: school.lang === 'en' ? 'registered' : 'angemeldet' })
        .locator('a')
        .first()
        .click();
      await page.waitForLoadState('domcontentloaded');
      opened.push(new URL(page.url()).pathname);
      await check('member-registration');
      await page.locator('a[href$="/cancel"]').click();
      await page.waitForLoadState('domcontentloaded');
      opened.push(new URL(page.url()).pathname);
      await check('member-cancel');
      expect(opened.map((path) => path.split('/')[2])).toEqual(['courses', 'courses', 'orders', 'events', 'events']);
      // The same student on an operator client: the school's refusal page.
      const as = await discover(school.origin);
      const client = await registerLoopbackClient(as, { redirect_uris: ['http://127.0.0.1:47612/callback'] });
      const request = (scope: string) =>
        authorizationUrl(
          as,
          { clientId: client.client_id, redirectUri: 'http://127.0.0.1:47612/callback', scope },
          { challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' },
          'state-1',
          'nonce-1',
        ).toString();
      await page.goto(request('courses:read'));
      await page.locator('a.return-to-client').waitFor();
      await check('consent-refused');

      // An admin asked for members:write: the consent page lists it as withheld.
      const admin = await session.browser.newContext();
      try {
        const adminPage = await admin.newPage();
        await adminPage.goto(request('courses:read members:write'));
        await adminPage.locator('#email').fill(school.admin);
        await adminPage.locator('#password').fill('demo-password');
        await adminPage.locator('form[action="/oauth/sign-in"] button[type="submit"]').click();
        await adminPage.locator('.withheld-scopes').waitFor();
        problems.push(...(await problemsOf(adminPage, school)), ...(await axeViolations(adminPage)));
        await saveScreenshot(adminPage, `languages-${school.lang}-consent-withheld`);
      } finally {
        await admin.close();
      }
      // A lecturer's courses.
      const lecturer = await session.browser.newContext();
      try {
        const lecturerPage = await lecturer.newPage();
        await signInAt(lecturerPage, school.origin, '/account/teaching', school.lecturer);
        await lecturerPage.locator('.taught-courses').waitFor();
        problems.push(...(await problemsOf(lecturerPage, school)), ...(await axeViolations(lecturerPage)));
      } finally {
        await lecturer.close();
      }
      expect(problems).toEqual([]);
    },
    TEST_BUDGET_MS,
  );

  it('the axe-core check reports what it is shown (control: an image without alt text, a field without a label)', async () => {
    await page.setContent(
      '<!doctype html><html lang="en"><head><title>Control</title></head><body><main><img src="/x.png"><input type="text"></main></body></html>',
    );
    const found = (await axeViolations(page)).join('\n');
    expect(found).toContain('image-alt');
    expect(found).toContain('label');
  });

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
