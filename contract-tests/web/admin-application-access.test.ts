// The school sees and ends access in the admin area, in a real Chromium: "Connected apps" lists the
// school's member applications with how many members hold access, each opens its members, "Revoke"
// ends one person's access, and "Revoke access of all N members" asks first on a page naming the
// count and the application. The members connect the application as members do (sign-in and
// consent in the authorization flow); a fresh application and fresh people keep the counts this
// file's own.
import { randomUUID } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { saveScreenshot, skipBrowserTests } from '../support/browser.ts';
import { NEW_PERSON_PASSWORD } from '../support/invitations.ts';
import { authorizeInBrowser, discover, exchangeCode } from '../support/oauth-flow.ts';
import { operatorToken } from '../support/tokens.ts';
import { joinedStudent, uniqueEmail } from '../admin/people-fixtures.ts';
import { signInAt, useBrowserPage } from './area-helpers.ts';
import { createMemberApplication, signedIn } from './area-http.ts';

const origin = inject('primaryOrigin');
const redirectUri = 'http://127.0.0.1:8765/callback';
const TEST_BUDGET_MS = 60_000;

type Person = { id: string; email: string };
type Tokens = { access_token: string };

async function introspected(clientId: string, token: string): Promise<boolean> {
  const response = await fetch(`${origin}/api/oauth/introspect`, {
    method: 'POST',
    body: new URLSearchParams({ token, client_id: clientId }),
  });
  return ((await response.json()) as { active: boolean }).active;
}

describe.skipIf(skipBrowserTests)('the school ends access in the admin area (Connected apps, real browser)', () => {
  const session = useBrowserPage();
  let page: Page;
  let as: oauth.AuthorizationServer;
  let appName: string;
  let clientId: string;
  let people: Person[];
  beforeEach(() => {
    page = session.page;
  });

  async function connect(person: Person): Promise<Tokens> {
    const outcome = await authorizeInBrowser(as, {
      clientId,
      redirectUri,
      scope: 'openid account:read',
      resource: origin,
      email: person.email,
      password: NEW_PERSON_PASSWORD,
    });
    const client: oauth.Client = { client_id: clientId, token_endpoint_auth_method: 'none' };
    return exchangeCode(as, client, oauth.None(), outcome, redirectUri, origin);
  }

  beforeAll(async () => {
    as = await discover(origin);
    const api = adminClient(origin, await operatorToken(origin, 'students:read students:write'));
    // A name written as markup: every page shows it as text (escaped where it is inserted).
    appName = `Access <b>Probe</b> ${randomUUID().slice(0, 6)}`;
    ({ clientId } = await createMemberApplication(origin, await signedIn(origin, ACCOUNTS.owner), {
      name: appName,
      redirectUris: ['http://127.0.0.1/callback'],
      scopes: ['openid', 'account:read'],
    }));
    people = [
      await joinedStudent(api, { email: uniqueEmail('browser-a'), name: '<i>Ada</i> Access' }),
      await joinedStudent(api, { email: uniqueEmail('browser-b'), name: 'Bea Access' }),
      await joinedStudent(api, { email: uniqueEmail('browser-c'), name: 'Cy Access' }),
      await joinedStudent(api, { email: uniqueEmail('browser-d'), name: 'Dee Access' }),
    ];
  }, 60_000);

  it(
    "Connected apps counts the members holding access to a member application; its page lists them, and Revoke ends one person's access (its token is no longer active, RFC 7662 2.2)",
    async () => {
      session.screenshot = 'admin-application-access-members';
      const tokens = [await connect(people[0]!), await connect(people[1]!), await connect(people[2]!)];
      await signInAt(page, origin, '/admin/connected-apps', ACCOUNTS.owner);
      const row = page.getByRole('row').filter({ hasText: clientId });
      await row.waitFor();
      expect(await row.getByRole('rowheader').textContent()).toContain(appName); // shown as text, not markup
      expect(await row.getByRole('cell').first().textContent()).toBe('3 members');
      await row.getByRole('link', { name: appName }).click();
      await page.getByRole('heading', { level: 1, name: `Members with access to ${appName}` }).waitFor();
      for (const person of people.slice(0, 3))
        expect(await page.getByRole('row').filter({ hasText: person.email }).count(), person.email).toBe(1);
      const ada = page.getByRole('row').filter({ hasText: people[0]!.email });
      expect(await ada.textContent()).toContain('<i>Ada</i> Access');
      expect(await ada.textContent()).toContain('openid account:read');
      await saveScreenshot(page, 'admin-application-access-listed');

      // Revoking cannot be undone: it asks first, on a page of its own, in numbers.
      await ada.getByRole('link', { name: `Revoke the access of ${people[0]!.email} to ${appName}` }).click();
      await page.getByRole('heading', { level: 1, name: `End the access of ${appName}?` }).waitFor();
      await page.getByText(`${people[0]!.email} loses the access they gave ${appName}: 1 grant ends now.`).waitFor();
      expect(await introspected(clientId, tokens[0]!.access_token)).toBe(true);
      await page.getByRole('button', { name: 'Revoke' }).click();
      await page.getByText('Access revoked').waitFor();
      expect(await page.getByRole('row').filter({ hasText: people[0]!.email }).count()).toBe(0);
      expect(await introspected(clientId, tokens[0]!.access_token)).toBe(false);
      expect(await introspected(clientId, tokens[1]!.access_token)).toBe(true);
    },
    TEST_BUDGET_MS,
  );

  it(
    '"Revoke access of all N members" first shows a page naming the count and the application; confirming ends every member\'s access, also of one who connected meanwhile, and says how many ended; each revocation is in the audit log',
    async () => {
      session.screenshot = 'admin-application-access-revoke-all';
      await signInAt(page, origin, '/admin/connected-apps', ACCOUNTS.owner);
      await page.getByRole('row').filter({ hasText: clientId }).getByRole('link', { name: appName }).click();
      await page.getByRole('link', { name: 'Revoke access of all 2 members' }).click();
      await page.getByRole('heading', { level: 1, name: `End the access of all 2 members to ${appName}?` }).waitFor();
      await saveScreenshot(page, 'admin-application-access-confirm');
      // Someone connects while the page is open: the revocation still ends everyone's access.
      const late = await connect(people[3]!);
      await page.getByRole('button', { name: 'Revoke access of 2 members' }).click();
      await page.getByRole('heading', { level: 1, name: `Access to ${appName} ended` }).waitFor();
      expect(await page.getByRole('status').textContent()).toBe(
        `The access of 3 members to ${appName} ended; their tokens no longer work.`,
      );
      await page.getByText('You confirmed 2 members; by the time of the revocation 3 held access').waitFor();
      expect(await introspected(clientId, late.access_token)).toBe(false);
      const ended = page.url();

      await page.getByRole('link', { name: `Back to the members of ${appName}` }).click();
      await page.getByText('No member holds access through this application at the moment.').waitFor();
      // Post, then redirect: the result page opened again shows the members page and says nothing twice.
      await page.goto(ended);
      await page.getByRole('heading', { level: 1, name: `Members with access to ${appName}` }).waitFor();
      await page.goto(`${origin}/admin/connected-apps`);
      expect(await page.getByRole('row').filter({ hasText: clientId }).getByRole('cell').first().textContent()).toBe(
        '0 members',
      );

      // Each revocation is in the audit log with who made it (written in the revocation's transaction).
      await page.goto(`${origin}/admin/audit-log`);
      const all = page.getByRole('row').filter({ hasText: 'Access of every member to an application revoked' });
      const allRow = all.filter({ hasText: clientId });
      expect(await allRow.textContent()).toContain(ACCOUNTS.owner);
      const details = await allRow.textContent();
      for (const detail of ['grants: 3', '; members: 3', 'confirmed_members: 2', 'by: school'])
        expect(details).toContain(detail);
      const one = page.getByRole('row').filter({ hasText: 'Access revoked' }).filter({ hasText: people[0]!.email });
      expect(await one.textContent()).toContain(clientId);
    },
    TEST_BUDGET_MS,
  );
});
