// The "Safety" rules of the admin and account areas that a real browser is not needed
// for, checked over HTTP with a cookie jar: role checks on the server for every action (not only
// hidden buttons), output escaped everywhere, a content security policy without inline script on
// every page, accessible names on every control and a phone viewport; and "Delete" of an OAuth
// application revoking every token of that client.
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { browserFetch, CookieJar } from '../support/cookie-jar.ts';
import { crawlAreaHtml } from './area-crawl.ts';
import { authorizeInBrowser, discover, exchangeCode } from '../support/oauth-flow.ts';
import { createMemberApplication, csrfFor, pageHtml, postForm, signedIn } from './area-http.ts';

const origin = inject('primaryOrigin');
const redirectUri = 'http://127.0.0.1:47100/callback';

/**
 * Every form action of the admin area (src/web/admin/*.ts), `:id` being a real application (for the
 * webhook paths an id of no endpoint: the role check comes before any row is read).
 */
const ADMIN_ACTIONS = [
  '/admin/settings/beta-features',
  '/admin/applications',
  '/admin/applications/:id',
  '/admin/applications/:id/delete',
  '/admin/applications/:id/rotate-secret',
  '/admin/connected-apps/revoke',
  '/admin/connected-apps/applications/:id/revoke',
  '/admin/connected-apps/applications/:id/revoke-all',
  '/admin/metadata-documents/hosts',
  '/admin/metadata-documents/hosts/remove',
  '/admin/metadata-documents/open-registration',
  '/admin/metadata-documents/review',
  '/admin/signing-keys/rotate',
  '/admin/signing-keys/id-token',
  '/admin/webhooks',
  '/admin/webhooks/:id',
  '/admin/webhooks/:id/enable',
  '/admin/webhooks/:id/disable',
  '/admin/webhooks/:id/rotate-secret',
  '/admin/webhooks/:id/test',
  '/admin/webhooks/:id/deliveries/:id/redeliver',
  '/admin/webhooks/:id/recover',
  '/admin/webhooks/:id/delete',
];

const ADMIN_PAGES = [
  '/admin',
  '/admin/settings',
  '/admin/applications',
  '/admin/applications/new',
  '/admin/applications/:id',
  '/admin/applications/:id/delete',
  '/admin/applications/:id/rotate-secret',
  '/admin/applications/:id/secret',
  '/admin/settings/beta-features/mcp_connections/off',
  '/admin/signing-keys/rotate',
  '/admin/connected-apps',
  '/admin/connected-apps/applications/:id/ended',
  '/admin/connected-apps/applications/:id',
  '/admin/connected-apps/applications/:id/revoke-all',
  '/admin/metadata-documents',
  '/admin/signing-keys',
  '/admin/audit-log',
  '/admin/analytics',
  '/admin/webhooks',
  '/admin/webhooks/new',
  '/admin/webhooks/:id',
  '/admin/webhooks/:id/delete',
  '/admin/webhooks/:id/disable',
];

async function viewer(accessToken: string): Promise<number> {
  const response = await fetch(`${origin}/account/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ viewer { id } }' }),
  });
  return response.status;
}

/** A student authorizes a member application over HTTP and exchanges the code (PKCE, resource). */
async function studentToken(as: oauth.AuthorizationServer, clientId: string): Promise<string> {
  const outcome = await authorizeInBrowser(as, {
    clientId,
    redirectUri,
    scope: 'openid account:read',
    resource: origin,
    email: ACCOUNTS.student,
  });
  expect(outcome.callback.searchParams.get('code')).toBeTruthy();
  return (
    await exchangeCode(
      as,
      { client_id: clientId, token_endpoint_auth_method: 'none' },
      oauth.None(),
      outcome,
      redirectUri,
      origin,
    )
  ).access_token;
}

type Crawled = { url: string; status: number; html: string; policies: string[] };

/** A tag with its quoted attribute values emptied: what is left are names. */
const withoutValues = (tag: string) => tag.replace(/=\s*("[^"]*"|'[^']*')/g, '=""');

/** The HTML pages of both areas reachable from `starts`, found as the browser's crawl finds them (web/area-crawl.ts). */
async function crawl(jar: CookieJar, starts: string[]): Promise<Crawled[]> {
  const answers = new Map<string, Omit<Crawled, 'url' | 'html'>>();
  const pages: Crawled[] = [];
  await crawlAreaHtml(
    origin,
    async (url) => {
      const response = await browserFetch(jar, url);
      if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return undefined;
      // Several CSP headers are joined with ", " by fetch; each policy is enforced on its own.
      const policies = (response.headers.get('content-security-policy') ?? '').split(/,\s*(?=[a-z-]+ )/i);
      answers.set(url, { status: response.status, policies: policies.filter(Boolean) });
      return response.text();
    },
    (path, html) => pages.push({ url: `${origin}${path}`, html, ...answers.get(`${origin}${path}`)! }),
    starts,
  );
  return pages;
}

/** The policy's script sources: script-src, or default-src when there is none (CSP 3, 6.1.1). */
function scriptSources(policy: string): string[] {
  const directives = new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
  return directives.get('script-src') ?? directives.get('default-src') ?? ['*'];
}

describe('safety of the admin and account areas (CSRF, framing, cookies, escaping, role checks)', () => {
  let as: oauth.AuthorizationServer;
  let owner: CookieJar;
  let app: { clientId: string; rowId: string };
  beforeAll(async () => {
    as = await discover(origin);
    owner = await signedIn(origin, ACCOUNTS.owner);
    app = await createMemberApplication(origin, owner, {
      name: `Safety probe ${Date.now()}`,
      redirectUris: ['http://127.0.0.1/callback'],
      scopes: ['openid', 'account:read'],
    });
  });

  it.each([
    ['a student', ACCOUNTS.student],
    ['a lecturer', ACCOUNTS.lecturer],
  ])(
    '%s is refused every admin page and every admin action on the server with 403, and nothing changes (role checks for every action)',
    async (_who, email) => {
      const jar = await signedIn(origin, email);
      const keysBefore = await (await fetch(`${origin}/.well-known/jwks.json`)).text();
      for (const path of ADMIN_PAGES.map((p) => p.replaceAll(':id', app.rowId))) {
        const response = await browserFetch(jar, `${origin}${path}`);
        expect(response.status, `GET ${path}`).toBe(403);
        expect(await response.text()).not.toContain(app.clientId);
      }
      for (const path of ADMIN_ACTIONS.map((p) => p.replaceAll(':id', app.rowId))) {
        const response = await postForm(jar, `${origin}${path}`, [
          ['name', 'Taken over'],
          ['feature', 'mcp_connections'],
          ['host', 'evil.example'],
          ['enabled', 'on'],
        ]);
        expect(response.status, `POST ${path}`).toBe(403);
      }
      // The application is still there, unrenamed, and the keys were not rotated.
      expect(await pageHtml(owner, `${origin}/admin/applications/${app.rowId}`)).not.toContain('Taken over');
      expect(await (await fetch(`${origin}/.well-known/jwks.json`)).text()).toBe(keysBefore);
    },
  );

  it('an application name written as markup is shown as text: the admin lists, the connected apps pages, the consent page and the account page escape it (output escaped everywhere)', async () => {
    const marker = `${Date.now()}`;
    const name = `<img src=x onerror=alert(1)> "Quoted" & <script>alert('${marker}')</script>`;
    const created = await createMemberApplication(origin, owner, {
      name,
      redirectUris: [redirectUri],
      scopes: ['openid', 'account:read'],
    });
    const escaped = `&lt;img src=x onerror=alert(1)&gt;`;
    const pages: Record<string, string> = {
      created: created.page,
      list: await pageHtml(owner, `${origin}/admin/applications`),
    };

    // The consent page, before the student decides.
    const jar = await signedIn(origin, ACCOUNTS.student);
    const start = new URL('/oauth/authorize', origin);
    const challenge = await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier());
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: created.clientId,
      redirect_uri: redirectUri,
      scope: 'openid account:read',
      resource: origin,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'esc',
    }))
      start.searchParams.set(k, v);
    pages.consent = await pageHtml(jar, start.toString());
    expect(pages.consent).toContain('action="/oauth/authorize"');
    await studentToken(as, created.clientId);
    pages.account = await pageHtml(await signedIn(origin, ACCOUNTS.student), `${origin}/account/connected-apps`);
    pages.connected = await pageHtml(owner, `${origin}/admin/connected-apps`);
    pages.members = await pageHtml(owner, `${origin}/admin/connected-apps/applications/${created.rowId}`);
    pages.revokeAll = await pageHtml(owner, `${origin}/admin/connected-apps/applications/${created.rowId}/revoke-all`);

    for (const [where, html] of Object.entries(pages)) {
      expect(html, where).toContain(escaped);
      expect(html, where).not.toContain('<img src=x');
      expect(html, where).not.toContain(`<script>alert('${marker}')`);
    }
  });

  it('every page of both areas sends a content security policy without inline script, and holds no inline script or event handler (CSP without inline script)', async () => {
    const pages = await crawl(await signedIn(origin, ACCOUNTS.owner), [
      `/admin`,
      `/account`,
      `/admin/applications/${app.rowId}`,
      `/admin/applications/${app.rowId}/delete`,
      `/admin/connected-apps/applications/${app.rowId}`,
      `/admin/connected-apps/applications/${app.rowId}/revoke-all`,
    ]);
    expect(pages.length).toBeGreaterThanOrEqual(10);
    const problems: string[] = [];
    for (const { url, status, html, policies } of pages) {
      if (status !== 200) problems.push(`${url}: answered ${status}`);
      if (policies.length === 0) problems.push(`${url}: no Content-Security-Policy`);
      for (const policy of policies) {
        const sources = scriptSources(policy);
        if (
          sources.some((s) =>
            /^'(unsafe-inline|unsafe-eval|unsafe-hashes|strict-dynamic)'$|^\*$|^(https?|data|blob):$/i.test(s),
          )
        )
          problems.push(`${url}: script sources ${sources.join(' ')}`);
      }
      for (const tag of html.matchAll(/<script\b[^>]*>/gi)) {
        // Data for a script from 'self' is not script (analytics: type="application/json").
        if (!/\bsrc="/.test(tag[0]) && !/type="application\/json"/.test(tag[0]))
          problems.push(`${url}: inline ${tag[0]}`);
      }
      for (const tag of html.matchAll(/<[a-z][^>]*>/gi)) {
        // Attribute names only: quoted values are text (an escaped name may read "onerror=").
        const handler = /\s(on[a-z]+)\s*=/i.exec(withoutValues(tag[0]));
        if (handler) problems.push(`${url}: inline handler ${handler[1]}`);
      }
      if (/href="\s*javascript:/i.test(html)) problems.push(`${url}: javascript: URL`);
    }
    expect(problems).toEqual([]);
  });

  it('every control of every page of both areas has an accessible name, and every page is laid out for a phone (accessible labels on every control, readable on a phone)', async () => {
    const pages = await crawl(await signedIn(origin, ACCOUNTS.owner), [
      `/admin`,
      `/account`,
      `/admin/applications/new`,
      `/admin/applications/${app.rowId}`,
      `/admin/applications/${app.rowId}/delete`,
      `/admin/connected-apps/applications/${app.rowId}/revoke-all`,
    ]);
    const student = await crawl(await signedIn(origin, ACCOUNTS.student), [`/account`]);
    const problems: string[] = [];
    let controls = 0;
    for (const { url, html } of [...pages, ...student]) {
      if (!/<meta name="viewport" content="[^"]*width=device-width/.test(html))
        problems.push(`${url}: no viewport for phones`);
      if (!/<html lang="[a-z]{2}/.test(html)) problems.push(`${url}: no lang`);
      const labelled = new Set([...html.matchAll(/<label\b[^>]*\bfor="([^"]+)"/g)].map((m) => m[1]));
      for (const tag of html.matchAll(/<(input|select|textarea)\b[^>]*>/g)) {
        if (/type="hidden"/.test(tag[0])) continue;
        controls += 1;
        const id = /\bid="([^"]+)"/.exec(tag[0])?.[1];
        if (!(id && labelled.has(id)) && !/aria-label(ledby)?="[^"]+"/.test(tag[0]))
          problems.push(`${url}: unlabelled ${withoutValues(tag[0])}`);
      }
      for (const button of html.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)) {
        controls += 1;
        // A switch is named by its label (aria-labelledby, WAI-ARIA 1.2 "switch").
        if (!button[2]!.replace(/<[^>]+>/g, '').trim() && !/aria-label(ledby)?="[^"]+"/.test(button[1]!))
          problems.push(`${url}: a button without a name`);
      }
    }
    expect(controls).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it('"Delete" of an OAuth application revokes every token of that client at once (RFC 7009 2: delete revokes every token)', async () => {
    const created = await createMemberApplication(origin, owner, {
      name: `Delete probe ${Date.now()}`,
      redirectUris: [redirectUri],
      scopes: ['openid', 'account:read'],
    });
    const token = await studentToken(as, created.clientId);
    expect(await viewer(token)).toBe(200);
    const path = `/admin/applications/${created.rowId}/delete`;
    const deleted = await postForm(owner, `${origin}${path}`, [
      ['csrf_token', csrfFor(await pageHtml(owner, `${origin}${path}`), path)],
    ]);
    expect(deleted.status).toBe(303);
    expect(await viewer(token)).toBe(401);
    expect(await pageHtml(owner, `${origin}/admin/applications`)).not.toContain(created.clientId);
  });
});
