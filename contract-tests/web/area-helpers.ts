// Shared steps of the admin-area and account-area browser tests: a person signing in through the
// real sign-in page, a native application's loopback redirect listener (RFC 8252 7.3), and the
// authorization of a member application in the browser with PKCE and resource (RFC 8707).
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { releaseBrowser, workerBrowser, saveScreenshot } from '../support/browser.ts';
import { authorizationUrl, insecure } from '../support/oauth-flow.ts';
import { wordsOf } from '../support/page-words.ts';

/** Opens `path`; when the sign-in page appears, signs in with the labelled fields and comes back. */
export async function signInAt(
  page: Page,
  origin: string,
  path: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const shown = await page.goto(`${origin}${path}`);
  // What answers must be this service's page (a sign-in form, or the area's page when signed in already).
  expect(shown?.headers()['content-type'], `${origin}${path}`).toMatch(/^text\/html/);
  const url = new URL(page.url());
  if (url.pathname === '/oauth/sign-in') {
    expect(url.searchParams.get('return_to')).toBe(path);
    const words = await wordsOf(page); // docs/development.md "Page languages": the sign-in page speaks the school's language
    await page.getByLabel(words.email).fill(email);
    await page.getByLabel(words.password).fill(password);
    await page.getByRole('button', { name: words.signIn }).click();
    await page.waitForURL((u) => u.pathname === path.split('?')[0]);
  }
}

export type LoopbackListener = { port: number; nextCallback(): Promise<URL>; close(): Promise<void> };

export async function startLoopbackListener(): Promise<LoopbackListener> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const error = url.searchParams.get('error')?.replace(/[^\w-]/g, '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Callback received</title></head><body><h1>Callback received</h1>${error ? `<p>error=${error}</p>` : '<p>The application has the response.</p>'}</body></html>`,
    );
    if (url.pathname === '/callback') server.emit('callback', url);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    nextCallback: () => once(server, 'callback').then(([url]) => url as URL),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

export type BrowserAuthorization = { url: URL; codeVerifier: string; state: string; nonce: string };

/** An authorization request with PKCE S256, state, nonce and resource=<origin>. */
export async function memberAuthorization(
  as: oauth.AuthorizationServer,
  clientId: string,
  redirectUri: string,
  scope: string,
  resource: string,
): Promise<BrowserAuthorization> {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const challenge = await oauth.calculatePKCECodeChallenge(codeVerifier);
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  return {
    url: authorizationUrl(as, { clientId, redirectUri, scope, resource }, { challenge }, state, nonce),
    codeVerifier,
    state,
    nonce,
  };
}

/** The code exchange of a public client, bound to `resource` (RFC 8707 2.2). */
export async function exchangePublic(
  as: oauth.AuthorizationServer,
  clientId: string,
  start: BrowserAuthorization,
  callback: URL,
  redirectUri: string,
  resource: string,
) {
  const client: oauth.Client = { client_id: clientId, token_endpoint_auth_method: 'none' };
  const params = oauth.validateAuthResponse(as, client, callback, start.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    redirectUri,
    start.codeVerifier,
    { ...insecure, additionalParameters: { resource } },
  );
  return oauth.processAuthorizationCodeResponse(as, client, response, {
    expectedNonce: start.nonce,
    requireIdToken: false,
  });
}

/** The member API as an application calls it. */
export async function viewerEmail(origin: string, accessToken: string): Promise<{ status: number; email?: string }> {
  const response = await fetch(`${origin}/account/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query: '{ viewer { email } }' }),
  });
  const body =
    response.status === 200 ? ((await response.json()) as { data?: { viewer?: { email?: string } } }) : undefined;
  return { status: response.status, email: body?.data?.viewer?.email };
}

/** Fills and submits the "New application" form; returns the page's Client ID (and secret). */
export async function createApplication(
  page: Page,
  origin: string,
  input: { name: string; redirectUris: string[]; type: 'Public' | 'Confidential'; scopes: string[] },
): Promise<{ clientId: string; secret: string | null }> {
  await page.goto(`${origin}/admin/applications`);
  const words = await wordsOf(page); // docs/development.md "Page languages": the admin area speaks the school's language
  await page.getByRole('link', { name: words.newApplication }).click();
  await page.getByLabel(words.name, { exact: true }).fill(input.name);
  await page.getByLabel(words.redirectUris, { exact: true }).fill(input.redirectUris.join('\n'));
  await page.getByRole('radio', { name: input.type === 'Public' ? words.public : words.confidential }).check();
  for (const checkbox of await page.getByRole('group', { name: words.scopes }).getByRole('checkbox').all())
    await checkbox.uncheck();
  for (const scope of input.scopes) await page.getByRole('checkbox', { name: new RegExp(`^${scope} — `) }).check();
  await page.getByRole('button', { name: words.create }).click();
  await page.getByRole('heading', { name: words.created }).waitFor();
  const clientId = await page.getByLabel(words.clientId, { exact: true }).inputValue();
  const secretField = page.getByLabel(words.clientSecret, { exact: true });
  return { clientId, secret: (await secretField.count()) ? await secretField.inputValue() : null };
}

export type BrowserPage = { browser: Browser; listener: LoopbackListener; page: Page; screenshot: string };

/**
 * The worker's Chromium (support/browser.ts) and one loopback listener per file; each test is one
 * person in a fresh browser profile (no cookie carries over) and leaves its last page as
 * artifacts/<screenshot>.png.
 */
export function useBrowserPage(): BrowserPage {
  const state = { screenshot: '' } as BrowserPage;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    state.listener = await startLoopbackListener();
    state.browser = await workerBrowser();
  });
  afterAll(async () => {
    try {
      await releaseBrowser(state.browser);
    } finally {
      await state.listener?.close();
    }
  });
  beforeEach(async () => {
    context = await state.browser.newContext();
    state.page = await context.newPage();
    state.page.setDefaultTimeout(8_000);
    state.page.setDefaultNavigationTimeout(8_000);
    state.screenshot = '';
  });
  afterEach(async () => {
    try {
      if (state.screenshot) await saveScreenshot(state.page, state.screenshot);
    } finally {
      await context?.close();
      context = undefined;
    }
  });
  return state;
}
