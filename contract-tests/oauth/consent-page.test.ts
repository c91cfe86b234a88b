// What the consent page tells the person before they decide (/auth.md "3. Authorize"): the
// application by name, the school, where the answer goes (the redirect URI's host), that a
// loopback client runs on their own computer, a metadata-document client's host and that it is
// unreviewed, each requested scope by its name and in plain words (the same words as /auth.md),
// and the buttons "Allow" and "Deny". Loopback and unreviewed metadata-document clients are asked
// every time, even after an earlier "Allow" (/auth.md "3. Authorize": remembered consent skips the page, except ...).
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS, DEMO_PASSWORD } from '../support/accounts.ts';
import { browserFetch, CookieJar, decodeEntities, formFields } from '../support/cookie-jar.ts';

const origin = inject('primaryOrigin');
const tlsCert = inject('tlsCert');

/** Opens an authorization request, signs in when asked, and returns the consent page's HTML. */
async function consentPage(jar: CookieJar, params: Record<string, string>, email: string): Promise<string> {
  const challenge = await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier());
  const url = new URL('/oauth/authorize', origin);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'consent-page',
    ...params,
  }))
    url.searchParams.set(k, v);
  let next = url.toString();
  for (let hop = 0; hop < 5; hop++) {
    const response = await browserFetch(jar, next);
    if (response.status === 302 || response.status === 303) {
      const location = new URL(response.headers.get('location')!, next);
      if (location.origin !== origin) throw new Error(`left for ${location} without a consent page`);
      next = location.toString();
      continue;
    }
    const html = await response.text();
    expect(response.status, html.slice(0, 300)).toBe(200);
    if (html.includes('action="/oauth/authorize"')) return html;
    const signIn = await browserFetch(jar, `${origin}/oauth/sign-in`, {
      form: { ...formFields(html), email, password: DEMO_PASSWORD },
    });
    expect(signIn.status).toBe(303);
    next = new URL(signIn.headers.get('location')!, origin).toString();
  }
  throw new Error('no consent page');
}

/** Presses a button of the consent form; the redirect back to the client. */
async function decide(jar: CookieJar, html: string, decision: 'allow' | 'deny'): Promise<URL> {
  const response = await browserFetch(jar, `${origin}/oauth/authorize`, { form: { ...formFields(html), decision } });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

/** The scopes as the page lists them, in every area's list (docs/development.md "Page languages" groups them): name and words. */
function listedScopes(html: string): Record<string, string> {
  const lists = [...html.matchAll(/<ul class="scopes">([\s\S]*?)<\/ul>/g)].map((m) => m[1]!).join('');
  return Object.fromEntries(
    [...lists.matchAll(/<li><code>([^<]+)<\/code> — ([^<]+)<\/li>/g)].map((m) => [
      decodeEntities(m[1]!),
      decodeEntities(m[2]!.trim()),
    ]),
  );
}

/** The "Grants" column of /auth.md's Scopes table. */
async function scopeWordsOfAuthMd(): Promise<Record<string, string>> {
  const text = await (await fetch(`${origin}/auth.md`)).text();
  return Object.fromEntries([...text.matchAll(/^\| `([a-z_:]+)` \| ([^|]+) \|/gm)].map((m) => [m[1]!, m[2]!.trim()]));
}

/** The page as read: inline markup dropped, every other tag a space. */
const text = (html: string) =>
  decodeEntities(html.replace(/<\/?(strong|code|em)>/g, '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

/** The school's name, as /llms.txt's H1 gives it. */
async function schoolName(): Promise<string> {
  return /^# (.+)$/m.exec(await (await fetch(`${origin}/llms.txt`)).text())![1]!;
}

let words: Record<string, string>;
beforeAll(async () => {
  words = await scopeWordsOfAuthMd();
});

describe('the consent page (/auth.md "3. Authorize")', () => {
  it('names the member application, the school, the loopback redirect host, and each scope by name in the words of /auth.md, with Allow and Deny', async () => {
    const html = await consentPage(
      new CookieJar(),
      {
        client_id: CLIENTS.memberApp,
        redirect_uri: 'http://127.0.0.1:40002/callback',
        scope: 'openid email account:read',
        resource: origin,
      },
      ACCOUNTS.student2,
    );
    expect(decodeEntities(/<h1[^>]*>([^<]+)<\/h1>/.exec(html)![1]!)).toBe(
      `Study Buddy wants to access your account at ${await schoolName()}`,
    );
    expect(text(html)).toContain(
      'This application runs on your own computer; it will receive access at 127.0.0.1:40002.',
    );
    expect(text(html)).toContain(`Signed in as ${ACCOUNTS.student2}`);
    const scopes = listedScopes(html);
    expect(Object.keys(scopes)).toEqual(['openid', 'email', 'account:read']);
    for (const [name, meaning] of Object.entries(scopes)) {
      expect(meaning, name).not.toBe(name);
      expect(meaning, name).toBe(words[name]);
    }
    expect(html).toMatch(/<button type="submit" name="decision" value="allow">Allow<\/button>/);
    expect(html).toMatch(/<button type="submit" name="decision" value="deny"[^>]*>Deny<\/button>/);
  });

  it('lists what a member application receives, not what it asked for: asking what /mcp\'s metadata lists, its identity and account scopes, no operator scope (RFC 6749 3.3; /auth.md "Which scopes a client receives")', async () => {
    const metadata = (await (await fetch(`${origin}/.well-known/oauth-protected-resource/mcp`)).json()) as {
      scopes_supported: string[];
    };
    expect(metadata.scopes_supported).toContain('courses:read');
    const html = await consentPage(
      new CookieJar(),
      {
        client_id: CLIENTS.memberApp,
        redirect_uri: 'http://127.0.0.1:40002/callback',
        scope: metadata.scopes_supported.join(' '),
        resource: `${origin}/mcp`,
      },
      ACCOUNTS.student2,
    );
    expect(Object.keys(listedScopes(html))).toEqual(['openid', 'profile', 'email', 'account:read', 'account:write']);
  });

  it("a web application's page names the host the answer goes to, without the loopback notice (the redirect URI's host)", async () => {
    const html = await consentPage(
      new CookieJar(),
      {
        client_id: CLIENTS.vendorClientId,
        redirect_uri: 'https://crm.example.test/oauth/callback',
        scope: 'courses:read students:read',
        prompt: 'consent',
      },
      ACCOUNTS.owner,
    );
    expect(text(html)).toContain('After you decide, you will be sent to crm.example.test.');
    expect(text(html)).not.toContain('own computer');
    expect(text(html)).not.toContain('identified by a document');
    expect(listedScopes(html)).toEqual({
      'courses:read': words['courses:read'],
      'students:read': words['students:read'],
    });
  });

  it('a loopback client is asked again after "Allow", with the same page (/auth.md "3. Authorize": loopback clients always ask)', async () => {
    const jar = new CookieJar();
    const params = {
      client_id: CLIENTS.memberApp,
      redirect_uri: 'http://127.0.0.1:40003/callback',
      scope: 'openid account:read',
      resource: origin,
    };
    const first = await consentPage(jar, params, ACCOUNTS.student2);
    expect((await decide(jar, first, 'allow')).searchParams.get('code')).toBeTruthy();
    const again = await consentPage(jar, params, ACCOUNTS.student2);
    expect(Object.keys(listedScopes(again))).toEqual(['openid', 'account:read']);
  });
});

describe.skipIf(!tlsCert)(
  'the consent page of a Client ID Metadata Document client (shows the host, warns, always asks while unreviewed)',
  () => {
    let server: https.Server;
    let clientId: string;
    let webClientId: string;
    const redirectUri = 'http://127.0.0.1:41300/callback';
    const warning = 'Every address this application';

    beforeAll(async () => {
      server = https.createServer({ cert: tlsCert, key: inject('tlsKey') }, (req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        // The second document also lists a redirect on its own host: it is not loopback-only.
        const document = req.url?.endsWith('/web.json')
          ? {
              client_id: webClientId,
              client_name: 'Consent Page Web Agent',
              redirect_uris: [`${new URL(webClientId).origin}/callback`, redirectUri],
              token_endpoint_auth_method: 'none',
            }
          : {
              client_id: clientId,
              client_name: 'Consent Page Agent',
              redirect_uris: [redirectUri],
              token_endpoint_auth_method: 'none',
            };
        res.end(JSON.stringify(document));
      });
      await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
      const base = `https://localhost:${(server.address() as AddressInfo).port}/consent-page`;
      clientId = `${base}/client.json`;
      webClientId = `${base}/web.json`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("names the document's host, says the application runs locally and is unreviewed, and asks again after Allow", async () => {
      const jar = new CookieJar();
      const params = { client_id: clientId, redirect_uri: redirectUri, scope: 'openid courses:read' };
      const first = await consentPage(jar, params, ACCOUNTS.owner);
      const shown = text(first);
      expect(shown).toContain('Consent Page Agent wants to access your account');
      expect(shown).toContain(`This application is identified by a document at ${new URL(clientId).host}.`);
      expect(shown).toContain('This application runs on your own computer; it will receive access at 127.0.0.1:41300.');
      expect(shown).toContain('The school has not reviewed this application yet; it can only read.');
      // The document's host never receives the access when every redirect is loopback: warn.
      expect(shown).toContain(`${warning}'s document at ${new URL(clientId).host} lists is on your own computer`);
      expect(listedScopes(first)).toEqual({ openid: words['openid'], 'courses:read': words['courses:read'] });
      expect((await decide(jar, first, 'allow')).searchParams.get('code')).toBeTruthy();
      // Unreviewed: the earlier Allow is not remembered as enough.
      expect(text(await consentPage(jar, params, ACCOUNTS.owner))).toContain(
        'The school has not reviewed this application yet',
      );
    });

    it('does not warn when the document also lists a redirect on its own host (the warning is for loopback-only documents)', async () => {
      const shown = text(
        await consentPage(
          new CookieJar(),
          { client_id: webClientId, redirect_uri: redirectUri, scope: 'openid courses:read' },
          ACCOUNTS.owner,
        ),
      );
      expect(shown).toContain('Consent Page Web Agent wants to access your account');
      expect(shown).not.toContain(warning);
    });
  },
);
