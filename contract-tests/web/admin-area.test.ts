// The school's admin area as its operators meet it: a real Chromium signs in through
// the authorization server's sign-in page and clicks labelled controls. Each test is one person in
// a fresh browser profile, and leaves a screenshot of its last page in contract-tests/artifacts/.
import * as oauth from 'oauth4webapi';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { saveScreenshot, skipBrowserTests } from '../support/browser.ts';
import { authorizeInBrowser, discover, exchangeCode, registerLoopbackClient } from '../support/oauth-flow.ts';
import { operatorToken } from '../support/tokens.ts';
import { createApplication, memberAuthorization, signInAt, useBrowserPage } from './area-helpers.ts';
import { PAGE_WORDS } from '../support/page-words.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const TEST_BUDGET_MS = 30_000;

async function revokeWithSecret(clientId: string, secret: string): Promise<number> {
  const body = new URLSearchParams({ token: 'not-a-token', client_id: clientId, client_secret: secret });
  return (await fetch(`${origin}/api/oauth/revoke`, { method: 'POST', body })).status;
}

describe.skipIf(skipBrowserTests)('the admin area in a real browser (operators only)', () => {
  const session = useBrowserPage();
  let page: Page;
  beforeEach(() => {
    page = session.page;
  });

  it(
    'signed out, /admin leads to the sign-in page and back to the admin home',
    async () => {
      session.screenshot = 'admin-area-home';
      await signInAt(page, origin, '/admin', ACCOUNTS.owner);
      await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Admin' });
      for (const label of [
        'Settings',
        'OAuth applications',
        'Connected apps',
        'Client metadata documents',
        'ID token signing keys',
        'Audit log',
      ]) {
        expect(await nav.getByRole('link', { name: label, exact: true }).count(), label).toBe(1);
      }
      expect(await page.getByText(`Signed in as ${ACCOUNTS.owner}`).isVisible()).toBe(true);
    },
    TEST_BUDGET_MS,
  );

  it(
    'a student is refused with a 403 page; the admin of the school is let in',
    async () => {
      session.screenshot = 'admin-area-student-refused';
      await signInAt(page, origin, '/account', ACCOUNTS.student);
      const response = await page.goto(`${origin}/admin`);
      expect(response?.status()).toBe(403);
      await page.getByRole('heading', { name: 'No access' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);
      // Actions check the role on the server too, not only the pages.
      const post = await page.request.post(`${origin}/admin/settings/beta-features`, {
        form: { feature: 'mcp_connections' },
        maxRedirects: 0,
      });
      expect(post.status()).toBe(403);

      const admin = await session.browser.newContext();
      try {
        const adminPage = await admin.newPage();
        await signInAt(adminPage, origin, '/admin/settings', ACCOUNTS.admin);
        await adminPage.getByRole('heading', { name: 'Beta features' }).waitFor();
      } finally {
        await admin.close();
      }
    },
    TEST_BUDGET_MS,
  );

  // At Second School, whose MCP connections start off: switching them on Demo Academy would race
  // the other suites that authorize its demo member application at the same time.
  it.skipIf(!secondary)(
    'switching MCP connections on shows OAuth applications; off hides them and refuses member apps (unauthorized_client)',
    async () => {
      session.screenshot = 'admin-area-mcp-switch';
      const redirectUri = `http://127.0.0.1:${session.listener.port}/callback`;
      const as = await discover(secondary);
      await signInAt(page, secondary, '/admin/settings', ACCOUNTS.secondSchoolOwner);
      // docs/development.md "Page languages": Second School speaks German (sites.locale).
      const de = PAGE_WORDS.de;
      // The switch shows the saved state and saves when pressed; switching off asks first, on a page of its own.
      const save = async (on: boolean) => {
        const mcpSwitch = page.getByRole('switch', { name: de.mcpSwitch });
        expect(await mcpSwitch.isChecked()).toBe(!on);
        await mcpSwitch.click();
        if (!on) {
          await page.getByRole('heading', { name: de.mcpOffQuestion }).waitFor();
          // In numbers: the sentence and the button name the same count of applications.
          const count = Number(/(\d+)/.exec(await page.getByText(de.disconnects).innerText())![1]);
          await page.getByRole('button', { name: de.switchOffAndDisconnect(count) }).click();
        }
        await page.getByText(de.settingsSaved).waitFor();
        expect(await page.getByRole('switch', { name: de.mcpSwitch }).isChecked()).toBe(on);
      };
      await save(true);
      const nav = page.getByRole('navigation', { name: de.adminNav });
      expect(await nav.getByRole('link', { name: de.applications }).count()).toBe(1);
      const app = await createApplication(page, secondary, {
        name: `Switch test ${Date.now()}`,
        redirectUris: ['http://127.0.0.1/callback'],
        type: 'Public',
        scopes: ['openid', 'account:read'],
      });

      const allowed = await memberAuthorization(as, app.clientId, redirectUri, 'openid account:read', secondary);
      const first = session.listener.nextCallback();
      await page.goto(allowed.url.toString());
      await page.getByRole('button', { name: de.allow }).click();
      expect((await first).searchParams.get('code')).toBeTruthy();

      await page.goto(`${secondary}/admin/settings`);
      await save(false);
      expect(
        await page.getByRole('navigation', { name: de.adminNav }).getByRole('link', { name: de.applications }).count(),
      ).toBe(0);
      expect((await page.request.get(`${secondary}/admin/applications`)).status()).toBe(404);
      // RFC 6749 4.1.2.1: the client and redirect URI are valid, so the error goes back to it.
      const refused = await memberAuthorization(as, app.clientId, redirectUri, 'openid account:read', secondary);
      const second = session.listener.nextCallback();
      await page.goto(refused.url.toString());
      const callback = await second;
      expect(callback.searchParams.get('error')).toBe('unauthorized_client');
      expect(callback.searchParams.get('state')).toBe(refused.state);
    },
    TEST_BUDGET_MS,
  );

  it(
    'creates a public member application with account:read and shows its client ID',
    async () => {
      session.screenshot = 'admin-area-application-created';
      await signInAt(page, origin, '/admin', ACCOUNTS.owner);
      const name = `Reading Tracker ${Date.now()}`;
      const created = await createApplication(page, origin, {
        name,
        redirectUris: ['http://127.0.0.1/callback'],
        type: 'Public',
        scopes: ['openid', 'account:read'],
      });
      expect(created.clientId).toMatch(/^app-/);
      expect(created.secret).toBeNull();

      await page.goto(`${origin}/admin/applications`);
      const row = page.getByRole('row').filter({ hasText: created.clientId });
      expect(await row.getByRole('rowheader').textContent()).toBe(name);
      expect(await row.textContent()).toContain('openid account:read');
    },
    TEST_BUDGET_MS,
  );

  it(
    "a confidential application's secret is shown once, works, rotates, and the application can be edited and deleted",
    async () => {
      session.screenshot = 'admin-area-application-secret';
      await signInAt(page, origin, '/admin', ACCOUNTS.owner);
      const name = `Progress Mirror ${Date.now()}`;
      const created = await createApplication(page, origin, {
        name,
        redirectUris: ['https://mirror.example.test/callback'],
        type: 'Confidential',
        scopes: ['openid', 'account:read'],
      });
      expect(created.secret).toBeTruthy();
      expect(await revokeWithSecret(created.clientId, created.secret!)).toBe(200);

      // A later visit shows the client ID and never the secret.
      await page.getByRole('link', { name: 'Application settings' }).click();
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      expect(await page.content()).toContain(created.clientId);
      expect(await page.content()).not.toContain(created.secret!);

      // Rotating asks first; the old secret keeps working until the confirmation is pressed.
      await page.getByRole('link', { name: 'Rotate secret' }).click();
      await page.getByRole('heading', { name: `Rotate the secret of ${name}?` }).waitFor();
      expect(await revokeWithSecret(created.clientId, created.secret!)).toBe(200);
      await page.getByRole('button', { name: 'Rotate secret' }).click();
      await page.getByRole('heading', { name: 'New client secret' }).waitFor();
      const rotated = await page.getByLabel('Client secret', { exact: true }).inputValue();
      expect(rotated).not.toBe(created.secret);
      // Post, then redirect: a reload shows no secret and rotates nothing.
      await page.reload();
      await page.getByRole('heading', { name: 'Application created' }).waitFor();
      expect(await page.content()).not.toContain(rotated);
      expect(await revokeWithSecret(created.clientId, created.secret!)).toBe(401);
      expect(await revokeWithSecret(created.clientId, rotated)).toBe(200);

      await page.getByRole('link', { name: 'Application settings' }).click();
      expect(await page.content()).not.toContain(rotated);
      await page.getByLabel('Name', { exact: true }).fill(`${name} (renamed)`);
      await page.getByRole('checkbox', { name: /^account:write — / }).check();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Application saved.').waitFor();
      expect(await page.getByRole('checkbox', { name: /^account:write — / }).isChecked()).toBe(true);
      await page.getByRole('heading', { name: `${name} (renamed)`, level: 1 }).waitFor();

      await page.getByRole('link', { name: 'Delete' }).click();
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Application deleted').waitFor();
      expect(await page.getByRole('row').filter({ hasText: created.clientId }).count()).toBe(0);
      expect(await revokeWithSecret(created.clientId, rotated)).toBe(401);
    },
    TEST_BUDGET_MS,
  );

  it(
    'an invalid application is refused with the reason, keeping what was typed',
    async () => {
      session.screenshot = 'admin-area-application-invalid';
      await signInAt(page, origin, '/admin/applications/new', ACCOUNTS.owner);
      await page.getByLabel('Name', { exact: true }).fill('Plain HTTP app');
      await page.getByLabel('Redirect URIs', { exact: true }).fill('http://app.example.test/callback');
      await page.getByRole('button', { name: 'Create' }).click();
      // In plain words, naming the address (not the admin API's English detail).
      await page
        .getByRole('alert')
        .filter({ hasText: '“http://app.example.test/callback” must start with https://.' })
        .waitFor();
      expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Plain HTTP app');
    },
    TEST_BUDGET_MS,
  );

  it(
    'revoking a connected app ends its token at once (courses:read, loopback client)',
    async () => {
      session.screenshot = 'admin-area-connected-apps';
      const as = await discover(origin);
      const client = await registerLoopbackClient(as, { client_name: `Course Exporter ${Date.now()}` });
      const redirectUri = 'http://127.0.0.1:8765/callback';
      const outcome = await authorizeInBrowser(as, {
        clientId: client.client_id,
        redirectUri,
        scope: 'courses:read',
        email: ACCOUNTS.owner,
      });
      const tokens = await exchangeCode(as, client, oauth.None(), outcome, redirectUri);
      const courses = () =>
        fetch(`${origin}/api/v1/courses`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect((await courses()).status).toBe(200);

      await signInAt(page, origin, '/admin/connected-apps', ACCOUNTS.owner);
      const row = page.getByRole('row').filter({ hasText: client.client_id });
      expect(await row.textContent()).toContain('courses:read');
      expect(await row.textContent()).toContain(ACCOUNTS.owner);
      expect(await row.textContent()).toContain('Application on a computer (loopback)');
      await saveScreenshot(page, 'admin-area-connected-apps-listed');
      // Revoking asks first, on a page of its own, with what it ends in numbers.
      await row.getByRole('link', { name: /^Revoke/ }).click();
      await page.getByText(`${ACCOUNTS.owner} loses the access they gave`).waitFor();
      expect((await courses()).status).toBe(200);
      await page.getByRole('button', { name: 'Revoke' }).click();
      await page.getByText('Access revoked').waitFor();
      expect(await page.getByRole('row').filter({ hasText: client.client_id }).count()).toBe(0);
      expect((await courses()).status).toBe(401);
    },
    TEST_BUDGET_MS,
  );

  it.skipIf(!secondary)(
    'rotating the sign-in keys promotes the next key and keeps the retired one published',
    async () => {
      session.screenshot = 'admin-area-signing-keys';
      // At the second school, so that ID tokens of the suites running beside this one are untouched.
      await signInAt(page, secondary, '/admin/signing-keys', ACCOUNTS.secondSchoolOwner);
      const de = PAGE_WORDS.de; // docs/development.md "Page languages": Second School speaks German
      const kidIn = async (state: string) =>
        await page
          .getByRole('row')
          .filter({ hasText: state })
          .filter({ hasText: 'ES256' })
          .getByRole('rowheader')
          .allTextContents();
      const [nextBefore] = await kidIn(de.next);
      const [currentBefore] = await kidIn(de.current);
      expect(await page.getByRole('switch', { name: de.signIdTokens }).isChecked()).toBe(false);
      // Rotating asks first, naming the keys it retires.
      await page.getByRole('link', { name: de.rotate, exact: true }).click();
      expect(await page.getByText(currentBefore!).count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: de.rotate, exact: true }).click();
      await page.getByText(de.keysRotated).waitFor();
      expect(await kidIn(de.current)).toEqual([nextBefore]);
      expect(await kidIn(de.retired)).toContain(currentBefore);
      const jwks = (await (await fetch(`${secondary}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
      expect(jwks.keys.map((k) => k.kid)).toEqual(expect.arrayContaining([nextBefore, currentBefore]));
    },
    TEST_BUDGET_MS,
  );

  it(
    'a form posted without its CSRF token is refused with a 400 page and changes nothing',
    async () => {
      session.screenshot = 'admin-area-csrf';
      await signInAt(page, origin, '/admin/settings', ACCOUNTS.owner);
      await page.getByRole('switch', { name: 'MCP connections' }).click();
      await page.getByRole('heading', { name: 'Switch MCP connections off?' }).waitFor();
      await page
        .locator('form[action="/admin/settings/beta-features"] input[name="csrf_token"]')
        .evaluate((input) => input.remove());
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/admin/settings/beta-features')),
        page.getByRole('button', { name: /^Switch off and disconnect \d+ applications?$/ }).click(),
      ]);
      expect(response.status()).toBe(400);
      await page.getByRole('heading', { name: 'This form has expired' }).waitFor();
      await page.goto(`${origin}/admin/settings`);
      expect(await page.getByRole('switch', { name: 'MCP connections' }).isChecked()).toBe(true);
    },
    TEST_BUDGET_MS,
  );

  it(
    'the audit log lists the changes made here, newest first, with who, what, when and from where',
    async () => {
      session.screenshot = 'admin-area-audit-log';
      await signInAt(page, origin, '/admin/audit-log', ACCOUNTS.owner);
      const times = await page
        .getByRole('table')
        .locator('time')
        .evaluateAll((els) => els.map((el) => el.getAttribute('datetime') ?? ''));
      expect(times).toEqual([...times].sort().reverse());
      const older = page.getByRole('link', { name: 'Older events' });
      if (await older.count()) {
        await older.click();
        await page.getByRole('link', { name: 'Newest' }).waitFor();
      }
      // Other suites write to this school's log meanwhile: the row made here is found by its filters.
      await page.goto(
        `${origin}/admin/audit-log?action=member_app.created&actor=${encodeURIComponent(ACCOUNTS.owner)}`,
      );
      const texts = await page.getByRole('table').getByRole('row').allTextContents();
      expect(texts.some((t) => t.includes('OAuth application created') && t.includes(ACCOUNTS.owner))).toBe(true);
      if (secondary) {
        // The MCP switch test changes Second School's beta features: its log says who and what.
        const filter = `?action=beta_feature.changed&actor=${encodeURIComponent(ACCOUNTS.secondSchoolOwner)}`;
        await signInAt(page, secondary, `/admin/audit-log${filter}`, ACCOUNTS.secondSchoolOwner);
        const theirs = await page.getByRole('table').getByRole('row').allTextContents();
        expect(
          theirs.some(
            (t) =>
              t.includes(PAGE_WORDS.de.betaFeatureChanged) &&
              t.includes('mcp_connections') &&
              t.includes(ACCOUNTS.secondSchoolOwner),
          ),
        ).toBe(true);
      }
    },
    TEST_BUDGET_MS,
  );

  it(
    'analytics draws revenue, enrollments and completion from the numbers the analytics:read API returns, without CSP violations',
    async () => {
      session.screenshot = 'admin-area-analytics';
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
      });
      page.on('pageerror', (error) => violations.push(error.message));
      await signInAt(page, origin, '/admin', ACCOUNTS.owner);
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Analytics' }).click();
      await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
      await page.waitForFunction(
        () => Object.keys((window as unknown as { Chart?: { instances: object } }).Chart?.instances ?? {}).length === 3,
      );
      expect(violations).toEqual([]);

      const api = async (path: string) => {
        const response = await fetch(`${origin}/api/v1/analytics/${path}`, {
          headers: { authorization: `Bearer ${await operatorToken(origin, 'analytics:read')}` },
        });
        expect(response.status).toBe(200);
        return response.json();
      };
      // The page and the API are read at two moments; other suites enroll students in between. So the
      // page is compared with the API read right after it, and read again (up to three times) until
      // both saw the same data: a real difference shows every time.
      const differences = async (): Promise<string[]> => {
        const found: string[] = [];
        const from = await page.getByLabel('From').inputValue();
        const to = await page.getByLabel('To').inputValue();
        const revenue = await api(`revenue?from=${from}&to=${to}&interval=month`);
        const revenueTable = page.getByRole('table', { name: `Revenue per month in ${revenue.series[0].currency}` });
        const rows = await revenueTable.getByRole('row').count();
        if (rows !== revenue.series[0].buckets.length + 2)
          found.push(`revenue rows ${rows} vs ${revenue.series[0].buckets.length + 2}`);
        const orders = await revenueTable.locator('tfoot td').first().textContent();
        if (orders !== String(revenue.series[0].orders)) found.push(`orders ${orders} vs ${revenue.series[0].orders}`);
        const enrollments = await api('enrollments?limit=100');
        const enrollmentTable = page.getByRole('table', { name: 'Enrollments per course' });
        // Rows are matched by course id: titles need not be unique, and one may contain another.
        for (const row of enrollments.data as { course: { id: string; title: string }; total: number }[]) {
          const shown = await enrollmentTable.locator(`tr[data-course-id="${row.course.id}"] td`).first().textContent();
          if (shown !== String(row.total)) found.push(`${row.course.title}: ${shown} enrollments vs ${row.total}`);
        }
        const completion = await api('completion?limit=100');
        const completionTable = page.getByRole('table', { name: /^Completion per course/ });
        for (const row of completion.data as {
          course: { id: string; title: string };
          completion_percent: number | null;
        }[]) {
          const cells = await completionTable.locator(`tr[data-course-id="${row.course.id}"] td`).allTextContents();
          const expected = row.completion_percent === null ? '—' : `${row.completion_percent} %`;
          if (cells[2] !== expected) found.push(`${row.course.title}: completion ${cells[2]} vs ${expected}`);
        }
        return found;
      };
      let found = await differences();
      for (let attempt = 1; attempt < 3 && found.length; attempt++) {
        await page.reload();
        await page.waitForFunction(
          () =>
            Object.keys((window as unknown as { Chart?: { instances: object } }).Chart?.instances ?? {}).length === 3,
        );
        found = await differences();
      }
      expect(found).toEqual([]);
    },
    TEST_BUDGET_MS,
  );
});
