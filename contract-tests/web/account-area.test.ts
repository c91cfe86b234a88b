// The member's account area and the member-application journey end to end, as people
// meet it in a real Chromium: an operator creates a member application in the admin area and reads
// its client ID; a student authorizes it (PKCE, resource=<origin>, loopback redirect); the token
// reads /account/graphql; the student revokes it under "Connected applications" and the token is
// refused at once.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts.ts';
import { saveScreenshot, skipBrowserTests } from '../support/browser.ts';
import { discover } from '../support/oauth-flow.ts';
import { memberToken } from '../support/tokens.ts';
import {
  createApplication,
  exchangePublic,
  memberAuthorization,
  signInAt,
  useBrowserPage,
  viewerEmail,
} from './area-helpers.ts';

const origin = inject('primaryOrigin');
const TEST_BUDGET_MS = 30_000;

describe.skipIf(skipBrowserTests)(
  'the account area in a real browser (connected applications, revoked at once)',
  () => {
    const session = useBrowserPage();
    let page: Page;
    beforeEach(() => {
      page = session.page;
    });

    /** The operator, in a browser of their own, creates a public member application. */
    async function operatorCreatesApp(appName: string, scopes: string[]): Promise<string> {
      const operator = await session.browser.newContext();
      try {
        const operatorPage = await operator.newPage();
        await signInAt(operatorPage, origin, '/admin', ACCOUNTS.owner);
        return (
          await createApplication(operatorPage, origin, {
            name: appName,
            redirectUris: ['http://127.0.0.1/callback'],
            type: 'Public',
            scopes,
          })
        ).clientId;
      } finally {
        await operator.close();
      }
    }

    /** The student: /oauth/authorize, sign-in, consent, the loopback redirect (RFC 8252 7.3), the exchange. */
    async function studentAuthorizes(clientId: string, appName: string, scope: string): Promise<string> {
      const as = await discover(origin);
      const redirectUri = `http://127.0.0.1:${session.listener.port}/callback`;
      const start = await memberAuthorization(as, clientId, redirectUri, scope, origin);
      await page.goto(start.url.toString());
      await page.getByLabel('Email').fill(ACCOUNTS.student);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(appName);
      const arrived = session.listener.nextCallback();
      await page.getByRole('button', { name: 'Allow' }).click();
      const callback = await arrived;
      expect(callback.searchParams.get('code')).toBeTruthy();
      return (await exchangePublic(as, clientId, start, callback, redirectUri, origin)).access_token;
    }

    it(
      'a student authorizes a new member application, its token reads /account/graphql, and "Revoke" ends it at once (401)',
      async () => {
        session.screenshot = 'account-area-revoked';
        const appName = `Study Planner ${Date.now()}`;
        const clientId = await operatorCreatesApp(appName, ['openid', 'account:read']);
        const token = await studentAuthorizes(clientId, appName, 'openid account:read');
        expect(await viewerEmail(origin, token)).toEqual({ status: 200, email: ACCOUNTS.student });

        // The student finds the application in their account and revokes it.
        await page.goto(`${origin}/account`);
        await page
          .getByRole('navigation', { name: 'Your account' })
          .getByRole('link', { name: 'Connected applications' })
          .click();
        const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: appName }) });
        expect(await card.textContent()).toContain('account:read');
        await saveScreenshot(page, 'account-area-connected-apps');
        // "Revoke" asks first, saying how many authorizations end (docs/security.md "Confirmations").
        await card.getByRole('link', { name: `Revoke ${appName}` }).click();
        await page.getByText(`the 1 authorization you gave it ends`).waitFor();
        expect((await viewerEmail(origin, token)).status).toBe(200);
        await page.getByRole('button', { name: 'Revoke', exact: true }).click();
        await page.getByText('Access revoked.').waitFor();
        expect(await page.getByRole('heading', { name: appName }).count()).toBe(0);
        expect((await viewerEmail(origin, token)).status).toBe(401);
      },
      TEST_BUDGET_MS,
    );

    it(
      'when the school removes a scope from an application, the authorizations holding it end (401)',
      async () => {
        session.screenshot = 'account-area-scope-removed';
        const appName = `Flashcards ${Date.now()}`;
        const clientId = await operatorCreatesApp(appName, ['openid', 'profile', 'account:read']);
        const token = await studentAuthorizes(clientId, appName, 'openid profile account:read');
        expect((await viewerEmail(origin, token)).status).toBe(200);

        const operator = await session.browser.newContext();
        try {
          const operatorPage = await operator.newPage();
          await signInAt(operatorPage, origin, '/admin/applications', ACCOUNTS.owner);
          await operatorPage.getByRole('link', { name: appName }).click();
          await operatorPage.getByRole('checkbox', { name: /^profile — / }).uncheck();
          await operatorPage.getByRole('button', { name: 'Save changes' }).click();
          await operatorPage.getByText('Application saved.').waitFor();
        } finally {
          await operator.close();
        }
        expect((await viewerEmail(origin, token)).status).toBe(401);
        await page.goto(`${origin}/account/connected-apps`);
        expect(await page.getByRole('heading', { name: appName }).count()).toBe(0);
      },
      TEST_BUDGET_MS,
    );

    it(
      'signed out, /account leads to the sign-in page and back; the account page names the person',
      async () => {
        session.screenshot = 'account-area-home';
        await signInAt(page, origin, '/account', ACCOUNTS.student);
        await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
        expect(await page.locator('dl').textContent()).toContain(ACCOUNTS.student);
        expect(await page.getByRole('link', { name: 'School admin' }).count()).toBe(0);
      },
      TEST_BUDGET_MS,
    );

    it(
      'a revoke form posted without its CSRF token is refused with a 400 page and revokes nothing',
      async () => {
        session.screenshot = 'account-area-csrf';
        const token = await memberToken(origin, 'openid account:read', ACCOUNTS.student);
        await signInAt(page, origin, '/account/connected-apps', ACCOUNTS.student);
        // "Revoke" asks first, on a page of its own (docs/security.md "Confirmations"); its form posts the change.
        const card = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: 'Study Buddy' }) })
          .first();
        await card.getByRole('link', { name: 'Revoke Study Buddy' }).click();
        await page.getByRole('heading', { level: 1, name: 'Revoke the access of Study Buddy?' }).waitFor();
        await page
          .locator('form[action="/account/connected-apps/revoke"] input[name="csrf_token"]')
          .evaluate((input) => input.remove());
        const [response] = await Promise.all([
          page.waitForResponse((r) => r.url().endsWith('/account/connected-apps/revoke')),
          page.getByRole('button', { name: 'Revoke', exact: true }).click(),
        ]);
        expect(response.status()).toBe(400);
        await page.getByRole('heading', { name: 'This form has expired' }).waitFor();
        expect((await viewerEmail(origin, token)).status).toBe(200);
      },
      TEST_BUDGET_MS,
    );
  },
);
