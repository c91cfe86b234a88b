// Clickjacking (RFC 9700 4.16; RFC 6749 10.13; OWASP Clickjacking Defense
// Cheat Sheet): every page the service renders — sign-in, consent, error pages, the admin and
// account areas (crawled by following their own links), the API reference — forbids framing
// with X-Frame-Options: DENY and a Content-Security-Policy whose frame-ancestors is 'none'. A real
// browser refusing to frame the consent page is contract-tests/web/oauth-browser.test.ts.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS, DEMO_PASSWORD } from '../support/accounts.ts';
import { browserFetch, CookieJar, formFields } from '../support/cookie-jar.ts';
import { authorizeUrl } from './flows.ts';

const origin = inject('primaryOrigin');
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
/** Enough to reach every page of both areas; a bound, so a link loop cannot run away. */
const MAX_PAGES = 80;

type Seen = { url: string; status: number; type: string; frameOptions: string | null; policies: string[] };

async function signedIn(email: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const fields = formFields(await (await browserFetch(jar, `${origin}/oauth/sign-in?return_to=%2Faccount`)).text());
  expect(
    (await browserFetch(jar, `${origin}/oauth/sign-in`, { form: { ...fields, email, password: DEMO_PASSWORD } }))
      .status,
  ).toBe(303);
  return jar;
}

async function visit(jar: CookieJar, url: string): Promise<{ seen: Seen; html: string }> {
  const response = await browserFetch(jar, url);
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!;
  const html = type === 'text/html' ? await response.text() : '';
  // Several CSP headers are joined with ", " by fetch; each policy is enforced on its own.
  const policies = (response.headers.get('content-security-policy') ?? '').split(/,\s*(?=[a-z-]+ )/i).filter(Boolean);
  return {
    seen: { url, status: response.status, type, frameOptions: response.headers.get('x-frame-options'), policies },
    html,
  };
}

/** Same-origin GET links of a page (forms are POSTs and are not followed). */
function linksOf(html: string, base: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"#]+)"/g)]
    .map((m) => new URL(m[1]!.replace(/&amp;/g, '&'), base))
    .filter((u) => u.origin === origin && !/\/(sign-out|revoke|delete)/.test(u.pathname))
    .map((u) => u.toString());
}

async function crawl(jar: CookieJar, starts: string[]): Promise<Seen[]> {
  const queue = [...starts];
  const visited = new Set<string>();
  const seen: Seen[] = [];
  while (queue.length && visited.size < MAX_PAGES) {
    const url = queue.shift()!;
    if (visited.has(url)) continue;
    visited.add(url);
    const page = await visit(jar, url);
    seen.push(page.seen);
    if (page.seen.status === 200)
      for (const link of linksOf(page.html, url))
        if (/^\/(admin|account)(\/|$)/.test(new URL(link).pathname)) queue.push(link);
  }
  return seen;
}

const framingProblems = (pages: Seen[]) =>
  pages
    .filter(
      (p) =>
        p.frameOptions?.toUpperCase() !== 'DENY' || !p.policies.some((policy) => /frame-ancestors 'none'/.test(policy)),
    )
    .map(
      (p) =>
        `${p.status} ${p.url} (${p.type}): X-Frame-Options ${p.frameOptions ?? 'missing'}, CSP ${p.policies.join(' | ') || 'missing'}`,
    );

describe('no page can be framed (RFC 9700 4.16; RFC 6749 10.13; OWASP Clickjacking Defense)', () => {
  let owner: CookieJar;
  let student: CookieJar;
  beforeAll(async () => {
    owner = await signedIn(ACCOUNTS.owner);
    student = await signedIn(ACCOUNTS.student2);
  });

  it('every page of the admin area, followed link by link from /admin, forbids framing', async () => {
    const pages = await crawl(owner, [`${origin}/admin`]);
    expect(
      pages.filter((p) => p.type === 'text/html' && p.status === 200).length,
      'the crawl reached the admin pages',
    ).toBeGreaterThan(5);
    expect(framingProblems(pages)).toEqual([]);
  });

  it('every page of the account area, followed link by link from /account, forbids framing', async () => {
    const pages = await crawl(student, [`${origin}/account`]);
    expect(
      pages.filter((p) => p.type === 'text/html' && p.status === 200).length,
      'the crawl reached the account pages',
    ).toBeGreaterThan(1);
    expect(framingProblems(pages)).toEqual([]);
  });

  it('the pages of the authorization server, error pages and the API reference forbid framing', async () => {
    const consent = authorizeUrl(origin, {
      response_type: 'code',
      client_id: CLIENTS.memberApp,
      redirect_uri: 'http://127.0.0.1:47600/callback',
      scope: 'openid account:read',
      resource: origin,
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
    });
    const visits = await Promise.all([
      visit(new CookieJar(), `${origin}/oauth/sign-in`), // the sign-in form
      visit(student, `${origin}/oauth/sign-in`), // "signed in as", with the sign-out form
      visit(student, consent), // the consent page
      visit(new CookieJar(), authorizeUrl(origin, { client_id: 'no-such-client' })), // the authorization error page
      visit(student, `${origin}/admin`), // the 403 page of a student in the admin area
      visit(owner, `${origin}/admin/no-such-page`), // a 404 inside an area
      visit(new CookieJar(), `${origin}/docs`), // the API reference (Redoc)
      visit(new CookieJar(), `${origin}/no-such-page`), // a 404 outside
    ]);
    const pages = visits.map((v) => v.seen);
    expect(pages.map((p) => `${p.status} ${p.type}`)).toContain('200 text/html');
    expect(pages.find((p) => p.url === consent)?.status, 'the consent page was rendered').toBe(200);
    expect(framingProblems(pages)).toEqual([]);
  });
});
