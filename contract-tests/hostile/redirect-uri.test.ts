// Redirect URI attacks (RFC 9700 2.1, 4.1 and 4.11; RFC 6749 3.1.2 and
// 4.1.2.1; RFC 8252 7.3): the authorization endpoint compares redirect URIs as exact strings, lets
// only the port of a loopback URI vary, shows a page (never a redirect) for anything else, and
// neither it nor the sign-in pages serve as an open redirector. Each refused variant differs from
// an accepted control request in the redirect URI alone.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS, DEMO_PASSWORD } from '../support/accounts.ts';
import { browserFetch, CookieJar, formFields } from '../support/cookie-jar.ts';
import { authorizeInBrowser, discover } from '../support/oauth-flow.ts';

const origin = inject('primaryOrigin');
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const VENDOR_CALLBACK = 'https://crm.example.test/oauth/callback';

function authorizeUrl(params: Record<string, string | string[] | undefined>): string {
  const url = new URL('/oauth/authorize', origin);
  for (const [name, value] of Object.entries(params))
    for (const v of value === undefined ? [] : [value].flat()) url.searchParams.append(name, v);
  return url.toString();
}

const vendorRequest = (redirectUri: string | string[]) => ({
  response_type: 'code',
  client_id: CLIENTS.vendorClientId,
  redirect_uri: redirectUri,
  scope: 'courses:read',
  code_challenge: CHALLENGE,
  code_challenge_method: 'S256',
  state: 'st',
});
const memberRequest = (redirectUri: string | string[]) => ({
  response_type: 'code',
  client_id: CLIENTS.memberApp,
  redirect_uri: redirectUri,
  scope: 'openid account:read',
  resource: origin,
  code_challenge: CHALLENGE,
  code_challenge_method: 'S256',
  state: 'st',
});

async function expectRefusedWithPage(url: string): Promise<void> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status, `${url} → ${response.status} ${response.headers.get('location') ?? ''}`).toBe(400);
  expect(response.headers.get('location')).toBeNull();
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
}

/** Accepted: the browser goes to sign in (nobody is signed in), and nowhere else. */
async function expectAccepted(url: string): Promise<void> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  expect(response.headers.get('location')).toMatch(/^\/oauth\/sign-in\?/);
}

describe('exact redirect URI matching (RFC 9700 2.1, 4.1.3; RFC 6749 3.1.2.3)', () => {
  it(`control: the registered ${VENDOR_CALLBACK} is accepted`, async () => {
    await expectAccepted(authorizeUrl(vendorRequest(VENDOR_CALLBACK)));
  });

  it.each([
    ['a suffix on the path (prefix matching)', `${VENDOR_CALLBACK}/evil`],
    ['a longer last segment', `${VENDOR_CALLBACK}evil`],
    ['a trailing slash', `${VENDOR_CALLBACK}/`],
    ['an added query (open-redirect chain through the client)', `${VENDOR_CALLBACK}?next=https://evil.example`],
    ['an empty query', `${VENDOR_CALLBACK}?`],
    ['a fragment', `${VENDOR_CALLBACK}#evil`],
    ['an empty fragment', `${VENDOR_CALLBACK}#`],
    ['a registered host as a subdomain of another (suffix)', 'https://crm.example.test.evil.example/oauth/callback'],
    ['another host with the registered one as a prefix label', 'https://evil-crm.example.test/oauth/callback'],
    ['userinfo before another host', 'https://crm.example.test@evil.example/oauth/callback'],
    ['userinfo before the registered host', 'https://evil.example@crm.example.test/oauth/callback'],
    ['an upper-case scheme and host', 'HTTPS://CRM.EXAMPLE.TEST/oauth/callback'],
    ['an upper-case path', 'https://crm.example.test/OAUTH/CALLBACK'],
    ['a percent-encoded path character', 'https://crm.example.test/oauth/%63allback'],
    ['an encoded slash and dot segments', 'https://crm.example.test/oauth/callback%2F..%2F..%2Fevil'],
    ['dot segments', 'https://crm.example.test/oauth/x/../callback'],
    ['the default port written out', 'https://crm.example.test:443/oauth/callback'],
    ['another port', 'https://crm.example.test:8443/oauth/callback'],
    ['a trailing dot on the host', 'https://crm.example.test./oauth/callback'],
    ['http instead of https (scheme downgrade)', 'http://crm.example.test/oauth/callback'],
    ['a scheme-relative URI', '//crm.example.test/oauth/callback'],
    ['a backslash before another host', 'https://crm.example.test\\@evil.example/oauth/callback'],
    ['an encoded @ before another host', 'https://crm.example.test%40evil.example/oauth/callback'],
    ['a homograph host (Cyrillic а)', 'https://crm.exаmple.test/oauth/callback'],
    ['a leading space', ` ${VENDOR_CALLBACK}`],
    ['a trailing space', `${VENDOR_CALLBACK} `],
    ['a trailing tab', `${VENDOR_CALLBACK}\t`],
    ['a trailing NUL', `${VENDOR_CALLBACK}\u0000`],
    ['a javascript: URI', 'javascript:alert(document.domain)//https://crm.example.test/oauth/callback'],
    ['a data: URI', 'data:text/html,https://crm.example.test/oauth/callback'],
  ])(
    'refuses %s with a page, never a redirect (RFC 9700 4.1.3: exact string matching; RFC 6749 4.1.2.1)',
    async (_name, redirectUri) => {
      await expectRefusedWithPage(authorizeUrl(vendorRequest(redirectUri)));
    },
  );

  it('refuses a repeated redirect_uri, even when one is the registered URI (RFC 6749 3.1: no parameter twice)', async () => {
    await expectRefusedWithPage(authorizeUrl(vendorRequest([VENDOR_CALLBACK, 'https://evil.example/cb'])));
    await expectRefusedWithPage(authorizeUrl(vendorRequest(['https://evil.example/cb', VENDOR_CALLBACK])));
  });
});

describe('loopback redirect URIs: only the port may vary (RFC 8252 7.3, 8.3; RFC 9700 2.1)', () => {
  it('control: http://127.0.0.1 and http://localhost on any port are accepted', async () => {
    for (const uri of [
      'http://127.0.0.1:51234/callback',
      'http://127.0.0.1/callback',
      'http://localhost:1/callback',
      'http://localhost:65535/callback',
    ])
      await expectAccepted(authorizeUrl(memberRequest(uri)));
  });

  it.each([
    ['another loopback address', 'http://127.0.0.2:51234/callback'],
    ['a short form of 127.0.0.1', 'http://127.1:51234/callback'],
    ['a decimal form of 127.0.0.1', 'http://2130706433:51234/callback'],
    ['a hexadecimal form of 127.0.0.1', 'http://0x7f.0.0.1:51234/callback'],
    ['an octal form of 127.0.0.1', 'http://0177.0.0.1:51234/callback'],
    ['IPv6 loopback where IPv4 is registered', 'http://[::1]:51234/callback'],
    ['an IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]:51234/callback'],
    ['0.0.0.0', 'http://0.0.0.0:51234/callback'],
    ['a host whose name starts with the loopback address', 'http://127.0.0.1.evil.example:51234/callback'],
    ['a host whose name starts with localhost', 'http://localhost.evil.example:51234/callback'],
    ['a subdomain of localhost', 'http://evil.localhost:51234/callback'],
    ['userinfo then another host', 'http://127.0.0.1:51234@evil.example/callback'],
    ['userinfo before the loopback host', 'http://evil.example@127.0.0.1:51234/callback'],
    ['an upper-case host', 'http://LOCALHOST:51234/callback'],
    ['https instead of http', 'https://127.0.0.1:51234/callback'],
    ['a port out of range', 'http://127.0.0.1:65536/callback'],
    ['an empty port', 'http://127.0.0.1:/callback'],
    ['another path', 'http://127.0.0.1:51234/callback2'],
    ['an upper-case path', 'http://127.0.0.1:51234/Callback'],
    ['a percent-encoded path', 'http://127.0.0.1:51234/%63allback'],
    ['dot segments', 'http://127.0.0.1:51234/x/../callback'],
    ['a doubled slash', 'http://127.0.0.1:51234//callback'],
    ['an added query', 'http://127.0.0.1:51234/callback?x=1'],
    ['a fragment', 'http://127.0.0.1:51234/callback#x'],
    ['a backslash before another host', 'http://127.0.0.1:51234\\@evil.example/callback'],
  ])('refuses %s with a page (RFC 8252 7.3, 8.3; RFC 9700 2.1)', async (_name, redirectUri) => {
    await expectRefusedWithPage(authorizeUrl(memberRequest(redirectUri)));
  });
});

describe('no open redirector (RFC 9700 4.11.2; OWASP Unvalidated Redirects and Forwards)', () => {
  it.each([
    ['an unknown client', { ...vendorRequest('https://evil.example/cb'), client_id: 'no-such-client' }],
    [
      'an unregistered redirect URI and an invalid scope',
      { ...vendorRequest('https://evil.example/cb'), scope: 'no:such' },
    ],
    ['an unregistered redirect URI and prompt=none', { ...vendorRequest('https://evil.example/cb'), prompt: 'none' }],
    [
      'an unregistered redirect URI and an unsupported response_type',
      { ...vendorRequest('https://evil.example/cb'), response_type: 'token' },
    ],
    [
      'an unregistered redirect URI and no PKCE',
      { ...vendorRequest('https://evil.example/cb'), code_challenge: undefined },
    ],
    [
      'no redirect URI and an error',
      { ...vendorRequest('https://evil.example/cb'), redirect_uri: undefined, scope: 'no:such' },
    ],
  ])(
    'an error with %s is shown as a page, never sent to the unverified URI (RFC 6749 4.1.2.1)',
    async (_name, params) => {
      await expectRefusedWithPage(authorizeUrl(params));
    },
  );

  it('after verification an error goes to the registered URI only, with iss (RFC 6749 4.1.2.1, RFC 9207 2)', async () => {
    const response = await fetch(authorizeUrl({ ...vendorRequest(VENDOR_CALLBACK), scope: 'no:such' }), {
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(VENDOR_CALLBACK);
    expect(location.searchParams.get('error')).toBe('invalid_scope');
    expect(location.searchParams.get('iss')).toBe(origin);
  });

  const RETURN_TOS = [
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example/',
    '\\\\evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    'javascript:alert(1)',
    'http:evil.example',
    ' //evil.example',
    '/\t/evil.example',
    `${origin}.evil.example/`,
    `${origin}@evil.example/`,
  ];

  it.each(RETURN_TOS)('sign-out with return_to=%j stays on this origin (RFC 9700 4.11.2)', async (returnTo) => {
    const response = await fetch(`${origin}/oauth/sign-out`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf_token: 'no-session', return_to: returnTo }),
    });
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location')!, origin).origin).toBe(origin);
    expect(response.headers.get('location')).toMatch(/^\/(?![/\\])/);
  });

  it('sign-in with a hostile return_to sends the signed-in browser to this origin only (RFC 9700 4.11.2)', async () => {
    // One real sign-in per value: a successful sign-in also clears the account's failure count.
    for (const returnTo of RETURN_TOS.slice(0, 6)) {
      const jar = new CookieJar();
      const page = await browserFetch(jar, `${origin}/oauth/sign-in?return_to=${encodeURIComponent(returnTo)}`);
      const fields = formFields(await page.text());
      const response = await browserFetch(jar, `${origin}/oauth/sign-in`, {
        form: { ...fields, return_to: returnTo, email: ACCOUNTS.student2, password: DEMO_PASSWORD },
      });
      expect(response.status, returnTo).toBe(303);
      expect(new URL(response.headers.get('location')!, origin).origin, returnTo).toBe(origin);
      expect(response.headers.get('location'), returnTo).toMatch(/^\/(?![/\\])/);
    }
  });
});

describe('the consent form cannot change the redirect URI (RFC 9700 4.1; RFC 6749 4.1.2.1)', () => {
  let jar: CookieJar;
  let fields: Record<string, string>;
  beforeAll(async () => {
    const as = await discover(origin);
    jar = (
      await authorizeInBrowser(as, {
        clientId: CLIENTS.memberApp,
        redirectUri: 'http://127.0.0.1:51235/callback',
        scope: 'openid account:read',
        resource: origin,
        email: ACCOUNTS.student2,
        decision: 'deny',
      })
    ).jar;
    const page = await browserFetch(jar, authorizeUrl(memberRequest('http://127.0.0.1:51235/callback')));
    fields = formFields(await page.text());
    expect(fields.csrf_token).toBeTruthy();
  });

  it('a consent decision posted with another redirect_uri, with the session and its CSRF token, is refused with a page', async () => {
    for (const redirectUri of [
      'https://evil.example/callback',
      'http://127.0.0.1:51235/callback/../evil',
      'http://127.0.0.2:51235/callback',
    ]) {
      const response = await browserFetch(jar, `${origin}/oauth/authorize`, {
        form: { ...fields, redirect_uri: redirectUri, decision: 'allow' },
      });
      expect(response.status, redirectUri).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    }
  });

  it('control: the same form with its own redirect_uri is acted on', async () => {
    const response = await browserFetch(jar, `${origin}/oauth/authorize`, { form: { ...fields, decision: 'deny' } });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:51235\/callback\?/);
  });
});
