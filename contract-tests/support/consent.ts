// The person's part of an authorization request built by some other client library (openid-client,
// the MCP SDKs, the conformance suite): follow the authorization URL through sign-in and consent
// and return where the server sent the browser back. Two ways: over plain HTTP with a cookie jar
// (fast, for most tests) and in a real Chromium (for the flows the issue asks to see in a browser).
import type { Page } from 'playwright-core';
import { ACCOUNTS, DEMO_PASSWORD } from './accounts.ts';
import { browserFetch, CookieJar, formFields, refusalLink } from './cookie-jar.ts';
import { wordsOf } from './page-words.ts';

export type Person = { email?: string; password?: string; decision?: 'allow' | 'deny' };

/**
 * Walks /oauth/authorize → sign-in → consent over HTTP and returns the redirect that leaves the
 * school's origin (the client's redirect_uri with code or error). Throws on any other outcome.
 */
export async function consentOverHttp(
  authorizationUrl: URL | string,
  person: Person = {},
  jar: CookieJar = new CookieJar(),
): Promise<URL> {
  let url = authorizationUrl.toString();
  const origin = new URL(url).origin;
  for (let hop = 0; hop < 10; hop++) {
    const response = await browserFetch(jar, url);
    if (response.status === 302 || response.status === 303) {
      const location = new URL(response.headers.get('location')!, url);
      if (location.origin !== origin) return location;
      url = location.toString();
      continue;
    }
    const html = await response.text();
    // The school's refusal page (a role that cannot use this client): its button is the error redirect.
    const refusal = refusalLink(html, response.status);
    if (refusal) return refusal;
    if (response.status !== 200)
      throw new Error(`authorization answered ${response.status} at ${url}: ${html.slice(0, 300)}`);
    if (html.includes('action="/oauth/sign-in"')) {
      const fields = formFields(html, '/oauth/sign-in');
      const signIn = await browserFetch(jar, `${origin}/oauth/sign-in`, {
        form: { ...fields, email: person.email ?? ACCOUNTS.student, password: person.password ?? DEMO_PASSWORD },
      });
      if (signIn.status !== 303)
        throw new Error(`sign-in answered ${signIn.status}: ${(await signIn.text()).slice(0, 300)}`);
      url = new URL(signIn.headers.get('location')!, origin).toString();
      continue;
    }
    if (html.includes('action="/oauth/authorize"')) {
      const fields = formFields(html, '/oauth/authorize');
      const decided = await browserFetch(jar, `${origin}/oauth/authorize`, {
        form: { ...fields, decision: person.decision ?? 'allow' },
      });
      if (decided.status !== 302)
        throw new Error(`consent answered ${decided.status}: ${(await decided.text()).slice(0, 300)}`);
      return new URL(decided.headers.get('location')!);
    }
    throw new Error(`unexpected page at ${url}: ${html.slice(0, 300)}`);
  }
  throw new Error('too many redirects');
}

/**
 * The same in a real Chromium page: opens the authorization URL, signs in with the labelled
 * fields when asked, presses Allow (or Deny) when asked, and returns the URL of the page the
 * browser loaded under `callbackPrefix` (the client's redirect_uri, with code or error).
 */
export async function consentInChromium(
  page: Page,
  authorizationUrl: URL | string,
  callbackPrefix: string,
  person: Person = {},
): Promise<URL> {
  const atCallback = () => page.url().startsWith(callbackPrefix);
  const landed = page.waitForURL((url) => url.toString().startsWith(callbackPrefix), { waitUntil: 'commit' });
  await page.goto(authorizationUrl.toString(), { waitUntil: 'commit' });
  for (let step = 0; step < 4 && !atCallback(); step++) {
    await page.waitForLoadState('domcontentloaded');
    if (atCallback()) break;
    if (new URL(page.url()).pathname === '/oauth/sign-in') {
      const words = await wordsOf(page); // docs/development.md "Page languages": the page speaks the school's language
      await page.getByLabel(words.email).fill(person.email ?? ACCOUNTS.student);
      await page.getByLabel(words.password).fill(person.password ?? DEMO_PASSWORD);
      await page.getByRole('button', { name: words.signIn }).click();
      await page.waitForURL((url) => url.pathname !== '/oauth/sign-in' || url.toString().startsWith(callbackPrefix), {
        waitUntil: 'commit',
      });
      continue;
    }
    // The school's refusal page (a role that cannot use this client): its button leads back.
    const refusal = page.locator('a.return-to-client');
    if ((await refusal.count()) > 0) {
      await refusal.click();
      break;
    }
    const words = await wordsOf(page);
    await page.getByRole('button', { name: person.decision === 'deny' ? words.deny : words.allow }).click();
    await landed;
  }
  await landed;
  return new URL(page.url());
}
