// The end-session endpoint's confirmation page in a real Chromium (OpenID Connect RP-Initiated
// Logout 1.0 2: without an id_token_hint for this session, the person is asked first). "Sign out"
// ends the session and the browser arrives at the registered post_logout_redirect_uri with state;
// "Stay signed in" keeps the session. The application's name is the registered one, as text.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { signInAt, useBrowserPage } from './area-helpers.ts';

const origin = inject('primaryOrigin');

describe.skipIf(skipBrowserTests)('the sign-out confirmation page in a real browser (/auth.md "Signing out")', () => {
  const session = useBrowserPage();
  let clientId: string;
  let postLogoutUri: string;
  const appName = `Planner <b>&amp; ${Date.now()}</b>`;

  beforeAll(async () => {
    postLogoutUri = `http://127.0.0.1:${session.listener.port}/signed-out`;
    const response = await fetch(`${origin}/api/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: appName,
        redirect_uris: [`http://127.0.0.1:${session.listener.port}/callback`],
        post_logout_redirect_uris: [postLogoutUri],
      }),
    });
    expect(response.status).toBe(201);
    clientId = ((await response.json()) as { client_id: string }).client_id;
  });

  const logoutUrl = (state: string) =>
    `${origin}/oauth/logout?client_id=${encodeURIComponent(clientId)}&post_logout_redirect_uri=${encodeURIComponent(postLogoutUri)}&state=${state}`;

  it('"Sign out" ends the session and returns to the registered URI with state', async () => {
    session.screenshot = 'logout-confirmation';
    const { page } = session;
    await signInAt(page, origin, '/account', ACCOUNTS.lecturer);
    await page.goto(logoutUrl('abc123'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign out?');
    // The registered name is shown as text, never as markup.
    expect(await page.locator('main, body').first().textContent()).toContain(appName);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/signed-out');
    expect(new URL(page.url()).searchParams.get('state')).toBe('abc123');
    await page.goto(`${origin}/account`);
    expect(new URL(page.url()).pathname).toBe('/oauth/sign-in');
  });

  it('"Stay signed in" keeps the session and goes nowhere', async () => {
    const { page } = session;
    await signInAt(page, origin, '/account', ACCOUNTS.lecturer);
    await page.goto(logoutUrl('xyz'));
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await page.getByRole('heading', { name: 'Still signed in' }).waitFor();
    expect(new URL(page.url()).origin).toBe(origin);
    await page.goto(`${origin}/account`);
    expect(new URL(page.url()).pathname).toBe('/account');
  });
});
