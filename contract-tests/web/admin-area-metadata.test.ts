// The school's review of Client ID Metadata Documents in the admin area (/auth.md
// "2. Get a client"): allowed hosts are added and removed on the page, and a client
// that really authorized with an HTTPS client_id (served here over TLS from localhost, which
// Demo Academy allows) is approved, which lifts its read-only limit, then blocked.
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { authorizeInBrowser, discover, exchangeCode } from '../support/oauth-flow.ts';
import { signInAt, useBrowserPage } from './area-helpers.ts';

const origin = inject('primaryOrigin');
const tlsCert = inject('tlsCert');
const TEST_BUDGET_MS = 30_000;

describe.skipIf(skipBrowserTests || !tlsCert)(
  'client metadata documents in the admin area (/auth.md "2. Get a client")',
  () => {
    const session = useBrowserPage();
    let page: Page;
    beforeEach(() => {
      page = session.page;
    });

    it(
      'allowed hosts are added and removed; a metadata-document client is approved, then blocked',
      async () => {
        session.screenshot = 'admin-area-metadata-documents';
        await signInAt(page, origin, '/admin/metadata-documents', ACCOUNTS.owner);
        const host = `agents-${Date.now()}.example.test`;
        await page.getByLabel('Host', { exact: true }).fill(host);
        await page.getByRole('button', { name: 'Add host' }).click();
        await page.getByText('Host added.').waitFor();
        const hosts = page.getByRole('list', { name: 'Allowed hosts' });
        expect(await hosts.textContent()).toContain(host);
        await page.getByRole('button', { name: `Remove ${host}` }).click();
        await page.getByText('Host removed.').waitFor();
        expect(await hosts.textContent()).not.toContain(host);
        expect(await hosts.textContent()).toContain('localhost');

        const server = https.createServer({ cert: tlsCert, key: inject('tlsKey') }, (req, res) => {
          res.writeHead(req.url === '/admin-area/client.json' ? 200 : 404, {
            'content-type': 'application/json',
            'cache-control': 'no-store',
          });
          res.end(
            JSON.stringify({
              client_id: clientId,
              client_name: 'Review Queue Agent',
              redirect_uris: [redirectUri],
              token_endpoint_auth_method: 'none',
            }),
          );
        });
        await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
        const clientId = `https://localhost:${(server.address() as AddressInfo).port}/admin-area/client.json`;
        const redirectUri = 'http://127.0.0.1:41235/callback';
        const client: oauth.Client = { client_id: clientId, token_endpoint_auth_method: 'none' };
        try {
          const as = await discover(origin);
          const authorize = (scope: string) =>
            authorizeInBrowser(as, { clientId, redirectUri, scope, email: ACCOUNTS.owner });
          const first = await authorize('courses:read');
          const tokens = await exchangeCode(as, client, oauth.None(), first, redirectUri);
          const courses = () =>
            fetch(`${origin}/api/v1/courses`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
          expect((await courses()).status).toBe(200);
          expect((await authorize('courses:write')).callback.searchParams.get('error')).toBe('invalid_scope');

          await page.goto(`${origin}/admin/metadata-documents`);
          const row = () => page.getByRole('row').filter({ hasText: clientId });
          expect(await row().textContent()).toContain('Unreviewed');
          await page.getByRole('button', { name: `Approve ${clientId}` }).click();
          await page.getByText('Client approved').waitFor();
          expect(await row().textContent()).toContain('Approved');
          // Approval lifts the read-only limit.
          expect((await authorize('courses:write')).callback.searchParams.get('code')).toBeTruthy();

          // Blocking asks first, on a page of its own that says what ends (docs/security.md "Secrets shown once").
          await page.getByRole('link', { name: `Block ${clientId}` }).click();
          await page.locator('#confirm-title').waitFor();
          await page.locator('form button.danger').click();
          await page.getByText('Client blocked').waitFor();
          expect(await row().textContent()).toContain('Blocked');
          expect((await courses()).status).toBe(401);
          const query = new URLSearchParams({
            client_id: clientId,
            redirect_uri: redirectUri,
            response_type: 'code',
            scope: 'courses:read',
          });
          const refused = await fetch(`${origin}/oauth/authorize?${query}`, { redirect: 'manual' });
          expect(refused.status).toBe(400);
          expect(refused.headers.get('location')).toBeNull();
        } finally {
          await new Promise<void>((resolve) => server.close(() => resolve()));
        }
      },
      TEST_BUDGET_MS,
    );
  },
);
