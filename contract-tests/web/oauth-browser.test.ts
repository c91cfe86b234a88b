// The authorization endpoint as a person meets it: a real Chromium follows /oauth/authorize to the
// sign-in page, signs in with the labelled fields, decides on the consent page, and the browser
// lands on a loopback listener the test runs (RFC 8252 7.3: any port matches a loopback redirect).
// oauth4webapi plays the native application: PKCE, state, nonce, iss check, code exchange.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS, DEMO_PASSWORD } from '../support/accounts.ts';
import { releaseBrowser, workerBrowser, saveScreenshot, skipBrowserTests } from '../support/browser.ts';
import { authorizationUrl, discover, insecure } from '../support/oauth-flow.ts';

const origin = inject('primaryOrigin');
const client: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };
const scope = 'openid profile email account:read';
const TEST_BUDGET_MS = 20_000;

/** A native application's loopback redirect listener: records each request and answers a page. */
type LoopbackListener = {
  port: number;
  requests: URL[];
  pages: Map<string, string>;
  /** Resolves with the next request to /callback; call it before the click that leads there. */
  nextCallback(): Promise<URL>;
  close(): Promise<void>;
};

// Names the parameters received (and an error code, if any) so each screenshot tells what came back.
function callbackPage(url: URL): string {
  const names = [...url.searchParams.keys()].map((name) => name.replace(/[^\w-]/g, '')).join(', ');
  const error = url.searchParams.get('error')?.replace(/[^\w-]/g, '');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Callback received</title></head><body><h1>Callback received</h1><p>Parameters: ${names}</p>${error ? `<p>error=${error}</p>` : ''}<p>The application has the response; you can close this window.</p></body></html>`;
}

async function startLoopbackListener(): Promise<LoopbackListener> {
  const requests: URL[] = [];
  const pages = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    requests.push(url);
    const body = url.pathname === '/callback' ? callbackPage(url) : pages.get(url.pathname);
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body ?? 'not found');
    if (url.pathname === '/callback') server.emit('callback', url);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    pages,
    nextCallback: () => once(server, 'callback').then(([url]) => url as URL),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

async function startAuthorization(as: oauth.AuthorizationServer, redirectUri: string) {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const challenge = await oauth.calculatePKCECodeChallenge(codeVerifier);
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const url = authorizationUrl(
    as,
    { clientId: CLIENTS.memberApp, redirectUri, scope, resource: origin },
    { challenge },
    state,
    nonce,
  );
  return { url, codeVerifier, state, nonce };
}

/** From /oauth/authorize through the sign-in page to the consent page (RFC 6749 3.1). */
async function signInToConsent(page: Page, authorizeUrl: URL, screenshotSignIn?: string): Promise<void> {
  await page.goto(authorizeUrl.toString());
  const signIn = new URL(page.url());
  expect(`${signIn.origin}${signIn.pathname}`).toBe(`${origin}/oauth/sign-in`);
  expect(signIn.searchParams.get('return_to')).toBeTruthy();
  await page.getByLabel('Email').fill(ACCOUNTS.student);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  if (screenshotSignIn) await saveScreenshot(page, screenshotSignIn);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Allow' }).waitFor();
}

describe.skipIf(skipBrowserTests)('sign-in and consent in a real browser (RFC 6749 4.1, RFC 8252)', () => {
  let as: oauth.AuthorizationServer;
  let browser: Browser | undefined;
  let listener: LoopbackListener | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let screenshotName = '';
  let redirectUri = '';

  beforeAll(async () => {
    as = await discover(origin);
    listener = await startLoopbackListener();
    redirectUri = `http://127.0.0.1:${listener.port}/callback`;
    browser = await workerBrowser();
  });

  afterAll(async () => {
    try {
      await releaseBrowser(browser);
    } finally {
      await listener?.close();
    }
  });

  // Each test is one person in a fresh browser profile: no session cookie carries over.
  beforeEach(async () => {
    context = await browser!.newContext();
    page = await context.newPage();
    page.setDefaultTimeout(8_000);
    page.setDefaultNavigationTimeout(8_000);
    screenshotName = '';
  });

  // The last page each test saw is kept under contract-tests/artifacts/, passed or failed.
  afterEach(async () => {
    try {
      if (screenshotName) await saveScreenshot(page, screenshotName);
    } finally {
      await context?.close();
      context = undefined;
    }
  });

  it(
    'a person signs in, consents and the code arrives at the loopback redirect (RFC 8252 7.3, RFC 9207)',
    async () => {
      screenshotName = 'oauth-browser-allow';
      const start = await startAuthorization(as, redirectUri);
      await signInToConsent(page, start.url, 'oauth-browser-sign-in');

      const heading = await page.getByRole('heading', { level: 1 }).textContent();
      expect(heading).toContain('Study Buddy');
      expect(await page.getByText('account:read', { exact: true }).isVisible()).toBe(true);
      await saveScreenshot(page, 'oauth-browser-consent');

      const arrived = listener!.nextCallback();
      await page.getByRole('button', { name: 'Allow' }).click();
      const callback = await arrived;
      await page.waitForURL((url) => url.origin === `http://127.0.0.1:${listener!.port}`);
      await page.getByRole('heading', { name: 'Callback received' }).waitFor();

      expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
      expect(callback.searchParams.get('code')).toBeTruthy();
      expect(callback.searchParams.get('state')).toBe(start.state);
      expect(callback.searchParams.get('iss')).toBe(origin);
      expect(callback.searchParams.get('error')).toBeNull();

      // oauth4webapi checks iss and state again (RFC 9207 2.4) before the code is exchanged.
      const params = oauth.validateAuthResponse(as, client, callback, start.state);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        redirectUri,
        start.codeVerifier,
        {
          ...insecure,
          additionalParameters: { resource: origin },
        },
      );
      const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
        expectedNonce: start.nonce,
        requireIdToken: true,
      });
      expect(tokens.token_type).toBe('bearer');
      expect(tokens.access_token).toBeTruthy();

      const claims = oauth.getValidatedIdTokenClaims(tokens)!;
      const userinfo = await oauth.processUserInfoResponse(
        as,
        client,
        claims.sub,
        await oauth.userInfoRequest(as, client, tokens.access_token, insecure),
      );
      expect(userinfo.email).toBe(ACCOUNTS.student);
    },
    TEST_BUDGET_MS,
  );

  it(
    '"Deny" sends error=access_denied with state and iss to the loopback redirect (RFC 6749 4.1.2.1, RFC 9207 2)',
    async () => {
      screenshotName = 'oauth-browser-deny';
      const start = await startAuthorization(as, redirectUri);
      await signInToConsent(page, start.url);

      const arrived = listener!.nextCallback();
      await page.getByRole('button', { name: 'Deny' }).click();
      const callback = await arrived;
      await page.getByRole('heading', { name: 'Callback received' }).waitFor();

      expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
      expect(callback.searchParams.get('error')).toBe('access_denied');
      expect(callback.searchParams.get('state')).toBe(start.state);
      expect(callback.searchParams.get('iss')).toBe(origin);
      expect(callback.searchParams.get('code')).toBeNull();
    },
    TEST_BUDGET_MS,
  );

  it(
    'the consent page cannot be framed (RFC 6749 10.13, RFC 9700 4.16: X-Frame-Options DENY, frame-ancestors none)',
    async () => {
      screenshotName = 'oauth-browser-frame';
      const start = await startAuthorization(as, redirectUri);

      // The navigation that shows the consent page, as the browser received it.
      const consentNavigation = page.waitForResponse(
        (r) =>
          r.request().isNavigationRequest() && r.url().startsWith(`${origin}/oauth/authorize`) && r.status() === 200,
      );
      await signInToConsent(page, start.url);
      const consent = await consentNavigation;

      expect(await consent.headerValue('x-frame-options')).toBe('DENY');
      const csp = (await consent.headerValue('content-security-policy')) ?? '';
      expect(csp).toMatch(/(^|;)\s*frame-ancestors 'none'\s*(;|$)/);

      // And the browser honours it: a page on another origin that frames the consent page gets no form.
      listener!.pages.set(
        '/frame',
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Framing attempt</title></head><body><h1>Framing attempt</h1><iframe id="victim" src="${consent.url().replaceAll('&', '&amp;').replaceAll('"', '&quot;')}" width="600" height="400"></iframe></body></html>`,
      );
      await page.goto(`http://127.0.0.1:${listener!.port}/frame`);
      const framed = page.frameLocator('#victim');
      expect(await framed.getByRole('button').count()).toBe(0);
    },
    TEST_BUDGET_MS,
  );
});
