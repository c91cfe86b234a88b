// The admin and account areas over plain HTTP with a cookie jar, for the rules that need
// no real browser: sign in through the sign-in form, read a page, find a form's CSRF token, post
// a form (repeated fields, such as scope checkboxes, as a list of pairs).
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { browserFetch, CookieJar, decodeEntities, formFields } from '../support/cookie-jar.ts';

export async function signedIn(origin: string, email: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const fields = formFields(await (await browserFetch(jar, `${origin}/oauth/sign-in?return_to=%2Faccount`)).text());
  expect(
    (await browserFetch(jar, `${origin}/oauth/sign-in`, { form: { ...fields, email, password: DEMO_PASSWORD } }))
      .status,
  ).toBe(303);
  return jar;
}

/** A page that must answer 200; its HTML. */
export async function pageHtml(jar: CookieJar, url: string): Promise<string> {
  const response = await browserFetch(jar, url);
  expect(response.status, url).toBe(200);
  return response.text();
}

/** The CSRF token of the form posting to `action` on a page. */
export function csrfFor(page: string, action: string): string {
  const at = page.indexOf(`action="${action}"`);
  expect(at, `a form posting to ${action}`).toBeGreaterThan(-1);
  return decodeEntities(/name="csrf_token" value="([^"]*)"/.exec(page.slice(at))![1]!);
}

/** A form POST without following redirects; `fields` may repeat a name. */
export async function postForm(jar: CookieJar, url: string, fields: Array<[string, string]>): Promise<Response> {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(url), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  jar.store(url, response);
  return response;
}

export type CreatedApplication = { clientId: string; rowId: string; page: string };

/** "New application" posted as the form sends it; it redirects (303) to the page showing its Client ID once. */
export async function createMemberApplication(
  origin: string,
  jar: CookieJar,
  input: {
    name: string;
    redirectUris: string[];
    scopes: string[];
    confidential?: boolean;
    postLogoutRedirectUris?: string[];
    backchannelLogoutUri?: string;
  },
): Promise<CreatedApplication> {
  const csrf = csrfFor(await pageHtml(jar, `${origin}/admin/applications/new`), '/admin/applications');
  const response = await postForm(jar, `${origin}/admin/applications`, [
    ['csrf_token', csrf],
    ['name', input.name],
    ['redirect_uris', input.redirectUris.join('\n')],
    ['client_type', input.confidential ? 'confidential' : 'public'],
    ...input.scopes.map((scope): [string, string] => ['scope', scope]),
    ['post_logout_redirect_uris', (input.postLogoutRedirectUris ?? []).join('\n')],
    ['backchannel_logout_uri', input.backchannelLogoutUri ?? ''],
  ]);
  expect(response.status, (await response.clone().text()).slice(0, 500)).toBe(303);
  const location = response.headers.get('location')!;
  expect(location).toMatch(/^\/admin\/applications\/[0-9a-f-]{36}\/secret\?shown=[A-Za-z0-9_-]{43}$/);
  const page = await pageHtml(jar, `${origin}${location}`);
  return {
    clientId: decodeEntities(/id="client-id"[^>]*value="([^"]+)"/.exec(page)![1]!),
    rowId: /href="\/admin\/applications\/([0-9a-f-]{36})"/.exec(page)![1]!,
    page,
  };
}
