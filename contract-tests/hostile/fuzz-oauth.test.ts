// Property-based fuzzing of every OAuth endpoint: the authorization
// endpoint (GET and the consent POST), the sign-in form, token, revocation, introspection,
// registration, UserInfo and the discovery documents. fast-check draws requests from a fixed seed:
// plausible parameters mixed with hostile text, broken percent-encodings, repeated and empty
// parameters, odd content types, methods and Authorization headers. Every answer must be free of
// 5xx and of internals, and in the endpoint's documented shape: RFC 6749 5.2 JSON for the JSON
// endpoints, an HTML page before the client and redirect URI are verified and a redirect to exactly
// the registered URI (with iss, RFC 9207) after, RFC 6750 challenges at UserInfo.
//
//   npx vitest run --project contract contract-tests/hostile/fuzz-oauth.test.ts   # 200 per endpoint
//   HOSTILE_FUZZ_RUNS=10000 npx vitest run --project contract contract-tests/hostile/fuzz-oauth.test.ts
//   HOSTILE_FUZZ_SEED=<n> picks another seed (default 9); see fuzz-kit.ts.
import fc from 'fast-check';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { browserFetch, CookieJar, formFields } from '../support/cookie-jar.ts';
import { authorizeInBrowser, discover, exchangeCode, registerLoopbackClient } from '../support/oauth-flow.ts';
import { memberToken } from '../support/tokens.ts';
import {
  encodePairs,
  explain,
  fuzz,
  hostileText,
  json,
  mediaType,
  mutationsOf,
  paramsOf,
  sometimes,
  pct,
  RUNS,
  type WireRequest,
  type WireResponse,
  writeFuzzResults,
} from './fuzz-kit.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
/** A long run needs a longer test timeout: about 4 ms a request, with room for a busy machine. */
const TIMEOUT = 30_000 + RUNS * 40;

// RFC 6749 5.2, RFC 6750 3.1, RFC 7591 3.2.2, RFC 8707 2 and the spec's OAuthError enum.
const OAUTH_ERRORS = new Set([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'invalid_target',
  'invalid_redirect_uri',
  'invalid_client_metadata',
  'invalid_token',
  'insufficient_scope',
  'slow_down',
  'temporarily_unavailable',
]);
// RFC 6749 4.1.2.1, RFC 8707 2, OIDC Core 3.1.2.6.
const AUTHORIZATION_ERRORS = new Set([
  'invalid_request',
  'unauthorized_client',
  'access_denied',
  'unsupported_response_type',
  'invalid_scope',
  'temporarily_unavailable',
  'invalid_target',
  'login_required',
  'consent_required',
  'interaction_required',
]);
/** Node refuses an oversized request line or header block before the app sees it. */
const TRANSPORT = new Set([414, 431]);

const FORM = 'application/x-www-form-urlencoded';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

type Pairs = Array<readonly [string | { raw: string }, string | { raw: string } | undefined]>;

/** One request's parameters, as sent, for the oracles: the single value of a name, or null when repeated. */
function single(pairs: Pairs, name: string): string | undefined | null {
  const values = pairs.filter(([k]) => k === name).map(([, v]) => v);
  if (values.length === 0) return undefined;
  if (values.length > 1) return null;
  const value = values[0];
  return typeof value === 'string' ? value : value === undefined ? '' : null;
}

/** RFC 9110 15.5.6: a 405 MUST carry Allow, naming (once each) the methods the resource takes. */
function allowProblems(response: WireResponse, method: string): string[] {
  const allow = String(response.headers.allow ?? '')
    .split(/\s*,\s*/)
    .filter(Boolean);
  return allow.length === new Set(allow).size && allow.includes(method)
    ? []
    : [
        `a 405 whose Allow does not name each allowed method once (RFC 9110 15.5.6, 10.2.1): Allow: ${allow.slice(0, 4).join(', ')}…`,
      ];
}

/**
 * RFC 6749 5.2 JSON for every 4xx of a JSON endpoint (401 with WWW-Authenticate, 429 with
 * Retry-After); a wrong method is answered by HTTP itself (405 with Allow: POST).
 */
function oauthErrorProblems(response: WireResponse): string[] {
  if (response.status < 400 || response.status >= 500 || TRANSPORT.has(response.status)) return [];
  if (response.status === 405) return allowProblems(response, 'POST');
  const type = mediaType(response);
  if (type !== 'application/json')
    return [`error_shape: a ${response.status} answered as ${type || 'untyped'} instead of RFC 6749 5.2 JSON`];
  const body = json(response.text) as { error?: unknown; error_description?: unknown } | undefined;
  const problems: string[] = [];
  if (typeof body?.error !== 'string' || !OAUTH_ERRORS.has(body.error))
    problems.push(`error_shape: no RFC 6749 5.2 error code: ${response.text.slice(0, 80)}`);
  else if (typeof body.error_description !== 'string')
    problems.push(`error_shape: ${body.error} without error_description`);
  if (response.status === 401 && !response.headers['www-authenticate'])
    problems.push('401 without WWW-Authenticate (RFC 6749 5.2)');
  if (response.status === 429 && !response.headers['retry-after']) problems.push('429 without Retry-After');
  return problems;
}

const noStore = (response: WireResponse) => /no-store/.test(String(response.headers['cache-control'] ?? ''));

// ---------------------------------------------------------------------------------------------
// Fixtures: this file's own clients and tokens, so its requests never spend the rate budgets
// (per client at the token endpoint) that the other suites' demo clients rely on.

type Fixture = {
  publicClient: string;
  confidentialClient: string;
  confidentialSecret: string;
  operatorAccess: string;
  operatorRefresh: string;
  revocable: { access: string; refresh: string };
  memberAccess: string;
  noOpenidAccess: string;
  secondaryAccess: string | undefined;
  sessionJar: CookieJar;
  signInJar: CookieJar;
  consentCsrf: string;
  signInCsrf: string;
  documents: Record<string, string>;
};
let fx: Fixture;

/** Redirect URIs each client has registered (README and the clients this file registers). */
const registered = new Map<string, string[]>([
  [CLIENTS.memberApp, ['http://127.0.0.1/callback', 'http://localhost/callback']],
  [CLIENTS.confidentialMemberApp, ['http://127.0.0.1/callback']],
  [CLIENTS.vendorClientId, ['https://crm.example.test/oauth/callback']],
]);
const LOOPBACK_REDIRECT = 'http://127.0.0.1:8765/callback';

/**
 * RFC 9700 2.1 and RFC 8252 7.3, as an independent oracle: the same string as a registered URI,
 * or a loopback URI that equals one in everything but the port (compared as raw text: no
 * normalisation of case, dots or percent-escapes may make two URIs equal).
 */
function isRegistered(clientId: string, redirectUri: string): boolean {
  const uris = registered.get(clientId) ?? [];
  if (uris.includes(redirectUri)) return true;
  const loopback = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(?::(\d{1,5}))?(\/[^?#\s]*)$/;
  const requested = loopback.exec(redirectUri);
  if (!requested || Number(requested[2] ?? 80) > 65535) return false;
  return uris.some((uri) => {
    const r = loopback.exec(uri);
    return r !== null && r[1] === requested[1] && r[3] === requested[3];
  });
}

beforeAll(async () => {
  const as = await discover(origin);
  const publicClient = await registerLoopbackClient(as, {
    redirect_uris: [LOOPBACK_REDIRECT],
    client_name: 'Hostile fuzz (public)',
  });
  const confidential = await registerLoopbackClient(as, {
    redirect_uris: [LOOPBACK_REDIRECT],
    client_name: 'Hostile fuzz (confidential)',
    token_endpoint_auth_method: 'client_secret_post',
  });
  registered.set(publicClient.client_id, [LOOPBACK_REDIRECT]);
  registered.set(confidential.client_id, [LOOPBACK_REDIRECT]);
  const ownerJar = new CookieJar();
  const operatorGrant = async () => {
    const outcome = await authorizeInBrowser(as, {
      clientId: publicClient.client_id,
      redirectUri: LOOPBACK_REDIRECT,
      scope: 'courses:read',
      email: ACCOUNTS.owner,
      jar: ownerJar,
    });
    return exchangeCode(as, publicClient, oauth.None(), outcome, LOOPBACK_REDIRECT);
  };
  const operator = await operatorGrant();
  const revocable = await operatorGrant();
  // A signed-in browser (student2) for the authorization endpoint, with its consent page's CSRF token.
  const denied = await authorizeInBrowser(as, {
    clientId: CLIENTS.memberApp,
    redirectUri: 'http://127.0.0.1:8766/callback',
    scope: 'openid account:read',
    resource: origin,
    email: ACCOUNTS.student2,
    decision: 'deny',
  });
  const consentUrl = new URL('/oauth/authorize', origin);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: CLIENTS.memberApp,
    redirect_uri: 'http://127.0.0.1:8766/callback',
    scope: 'openid account:read',
    resource: origin,
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
  }))
    consentUrl.searchParams.set(k, v);
  const consentPage = await browserFetch(denied.jar, consentUrl.toString());
  const consentCsrf = formFields(await consentPage.text()).csrf_token!;
  // A signed-out browser for the sign-in form: its double-submit CSRF cookie and token.
  const signInJar = new CookieJar();
  const signInCsrf = formFields(await (await browserFetch(signInJar, `${origin}/oauth/sign-in`)).text()).csrf_token!;
  let secondaryAccess: string | undefined;
  if (secondary) {
    const other = await discover(secondary);
    const client = await registerLoopbackClient(other, { redirect_uris: [LOOPBACK_REDIRECT] });
    const outcome = await authorizeInBrowser(other, {
      clientId: client.client_id,
      redirectUri: LOOPBACK_REDIRECT,
      scope: 'courses:read',
      email: ACCOUNTS.secondSchoolOwner,
    });
    const params = oauth.validateAuthResponse(other, client, outcome.callback, outcome.state);
    const response = await oauth.authorizationCodeGrantRequest(
      other,
      client,
      oauth.None(),
      params,
      LOOPBACK_REDIRECT,
      outcome.codeVerifier,
      { [oauth.allowInsecureRequests]: true },
    );
    secondaryAccess = (await oauth.processAuthorizationCodeResponse(other, client, response)).access_token;
  }
  const documents: Record<string, string> = {};
  for (const path of DISCOVERY) documents[path] = await (await fetch(`${origin}${path}`)).text();
  fx = {
    publicClient: publicClient.client_id,
    confidentialClient: confidential.client_id,
    confidentialSecret: confidential.client_secret as string,
    operatorAccess: operator.access_token,
    operatorRefresh: operator.refresh_token!,
    revocable: { access: revocable.access_token, refresh: revocable.refresh_token! },
    memberAccess: await memberToken(origin, 'openid account:read', ACCOUNTS.student2),
    noOpenidAccess: operator.access_token,
    secondaryAccess,
    sessionJar: denied.jar,
    signInJar,
    consentCsrf,
    signInCsrf,
    documents,
  };
}, 60_000);

const DISCOVERY = [
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/mcp',
  '/.well-known/oauth-protected-resource/account/graphql',
  '/.well-known/jwks.json',
];

// ---------------------------------------------------------------------------------------------
// Plausible values per parameter (drawn lazily: the fixture exists only once beforeAll ran).

const lazy = <T>(pick: () => T[]) =>
  fc.integer({ min: 0, max: 1_000 }).map((i) => {
    const values = pick();
    return values[i % values.length]!;
  });
const clientIds = lazy(() => [
  CLIENTS.memberApp,
  CLIENTS.confidentialMemberApp,
  CLIENTS.vendorClientId,
  fx.publicClient,
  fx.confidentialClient,
  'no-such-client',
  'https://evil.example/client.json',
  `${CLIENTS.memberApp} `,
  CLIENTS.memberApp.toUpperCase(),
]);
const redirectUris = fc.constantFrom(
  'http://127.0.0.1/callback',
  'http://127.0.0.1:50123/callback',
  'http://localhost:50123/callback',
  LOOPBACK_REDIRECT,
  'http://127.0.0.1:50123/callback/../evil',
  'http://127.0.0.1:50123/Callback',
  'http://127.0.0.1:50123/callback?x=1',
  'http://127.0.0.1:50123/callback#frag',
  'http://[::1]:50123/callback',
  'http://127.0.0.2:50123/callback',
  'http://evil.example@127.0.0.1:50123/callback',
  'http://127.0.0.1:50123@evil.example/callback',
  'http://127.0.0.1:99999/callback',
  'https://crm.example.test/oauth/callback',
  'https://crm.example.test/oauth/callback/',
  'https://crm.example.test.evil.example/oauth/callback',
  'HTTPS://CRM.EXAMPLE.TEST/oauth/callback',
  'https://crm.example.test/oauth/%63allback',
  '//crm.example.test/oauth/callback',
  'https://evil.example/callback',
);
const scopes = fc.constantFrom(
  'openid account:read',
  'openid profile email account:read account:write',
  'courses:read',
  'courses:read courses:write',
  'account:read courses:read',
  'openid',
  'no:such',
  'openid  account:read',
  'OPENID',
);
const resources = fc.constantFrom(
  origin,
  `${origin}/`,
  `${origin}/mcp`,
  `${origin}/account/graphql`,
  secondary || 'http://127.0.0.1:1',
  'https://evil.example',
  `${origin}#x`,
  `${origin}/../`,
);
const challenges = fc.oneof(
  fc.constant(CHALLENGE),
  fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
  fc.constantFrom('short', 'x'.repeat(129), `${CHALLENGE}=`, CHALLENGE.replace('-', '+')),
);
const verifiers = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9._~-]{43,128}$/),
  fc.constantFrom('x'.repeat(42), 'x'.repeat(129), CHALLENGE),
);
/** Mostly the valid value, now and then one drawn from `other`. */
const usually = <T, U>(valid: T, other: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(valid) }, { weight: 1, arbitrary: other });

/** Valid authorization requests of each kind of client, which the fuzz then breaks here and there. */
const authorizationBases = lazy(() => [
  {
    response_type: 'code',
    client_id: CLIENTS.memberApp,
    redirect_uri: 'http://127.0.0.1:50123/callback',
    scope: 'openid account:read',
    resource: origin,
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    state: 'st-1',
    nonce: 'n-1',
  },
  {
    response_type: 'code',
    client_id: CLIENTS.confidentialMemberApp,
    redirect_uri: 'http://127.0.0.1/callback',
    scope: 'openid profile',
    resource: `${origin}/mcp`,
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    state: 'st-2',
  },
  {
    response_type: 'code',
    client_id: CLIENTS.vendorClientId,
    redirect_uri: 'https://crm.example.test/oauth/callback',
    scope: 'courses:read',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    state: 'st-3',
  },
  {
    response_type: 'code',
    client_id: fx.publicClient,
    redirect_uri: LOOPBACK_REDIRECT.replace('8765', '40999'),
    scope: 'courses:read students:read',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    state: 'st-4',
  },
]);
const authorizationParams = () =>
  mutationsOf(authorizationBases, {
    response_type: fc.constantFrom('code', 'token', 'id_token', 'code id_token', 'none', 'CODE', 'code '),
    client_id: clientIds,
    redirect_uri: redirectUris,
    scope: scopes,
    resource: resources,
    code_challenge: challenges,
    code_challenge_method: fc.constantFrom('S256', 'plain', 's256', 'S512'),
    state: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('x&iss=https%3A%2F%2Fevil.example', 'a b', 'ü', '#')),
    nonce: fc.string({ maxLength: 20 }),
    prompt: fc.constantFrom('none', 'login', 'consent', 'select_account', 'none login', 'create', 'login consent'),
    max_age: fc.constantFrom('0', '1', '3600', '-1', '1e3', '99999999999', '1.5'),
    login_hint: fc.constantFrom(ACCOUNTS.student, 'fuzz-nobody@hostile.test', '"><script>'),
  });

/** An authorization response (a redirect away from this origin) must go to the registered URI only. */
function authorizationRedirectProblems(pairs: Pairs, response: WireResponse): string[] {
  const location = String(response.headers.location ?? '');
  if (!location) return ['302 without Location'];
  const target = new URL(location, origin);
  if (target.origin === origin)
    return target.pathname === '/oauth/sign-in' ? [] : [`a redirect within the origin to ${target.pathname}`];
  const clientId = single(pairs, 'client_id');
  const redirectUri = single(pairs, 'redirect_uri');
  if (typeof clientId !== 'string' || typeof redirectUri !== 'string' || !isRegistered(clientId, redirectUri)) {
    return [
      `open redirect: sent to ${target.origin}${target.pathname}, not a redirect_uri registered for the client (RFC 9700 4.11.2, RFC 6749 4.1.2.1)`,
    ];
  }
  const problems: string[] = [];
  if (!location.startsWith(redirectUri.split('?')[0]!))
    problems.push(`redirected elsewhere than the redirect_uri sent: ${location.slice(0, 80)}`);
  const params = target.searchParams;
  if (params.getAll('iss').length !== 1 || params.get('iss') !== origin)
    problems.push(`iss is not exactly this issuer once (RFC 9207 2): ${params.getAll('iss').join(',')}`);
  if (params.has('code') === params.has('error')) problems.push('neither code nor error, or both (RFC 6749 4.1.2)');
  if (params.has('error') && !AUTHORIZATION_ERRORS.has(params.get('error')!))
    problems.push(`unknown authorization error code ${params.get('error')}`);
  const state = single(pairs, 'state');
  if (typeof state === 'string' && state !== '' && params.has('code') && params.get('state') !== state)
    problems.push('state not returned exactly (RFC 6749 4.1.2)');
  if (params.getAll('state').length > 1) problems.push('state repeated in the redirect');
  return problems;
}

/** The HTML error page of RFC 6749 4.1.2.1: never a redirect. */
function pageProblems(response: WireResponse): string[] {
  const problems: string[] = [];
  if (mediaType(response) !== 'text/html')
    problems.push(`error page answered as ${mediaType(response) || 'untyped'}, not HTML`);
  if (response.headers.location) problems.push('an error page with a Location');
  return problems;
}

function authorizeProblems(pairs: Pairs, response: WireResponse, signedIn: boolean): string[] {
  if (TRANSPORT.has(response.status)) return [];
  if (response.status === 302) return authorizationRedirectProblems(pairs, response);
  if (response.status === 400) return pageProblems(response);
  if (response.status === 200 && signedIn)
    return mediaType(response) === 'text/html' ? [] : ['a 200 that is not a page'];
  // /auth.md "3. Authorize": a signed-in person whose role cannot use the client is told why on a
  // page; its button is the access_denied redirect, held to the rules of any redirect from here.
  if (response.status === 403 && signedIn) return refusalPageProblems(pairs, response);
  return [`undocumented status ${response.status} at the authorization endpoint`];
}

/** The refusal page: HTML whose way back is exactly a redirect this endpoint could have made. */
function refusalPageProblems(pairs: Pairs, response: WireResponse): string[] {
  if (mediaType(response) !== 'text/html') return ['a 403 that is not a page'];
  const links = [...response.text.matchAll(/href="([^"]*error=access_denied[^"]*)"/g)].map((m) =>
    m[1]!.replaceAll('&amp;', '&'),
  );
  if (links.length !== 1) return [`a refusal page with ${links.length} links back to the client`];
  const asRedirect: WireResponse = { status: 302, headers: { location: links[0] }, text: '' };
  return authorizationRedirectProblems(pairs, asRedirect);
}

const formRequest = (
  method: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): WireRequest => ({ method, target: path, headers: { 'content-type': FORM, ...headers }, body });

/** Content types a form endpoint may be sent; the body follows the first, mostly. */
const contentTypes = fc.constantFrom(
  FORM,
  FORM,
  FORM,
  FORM,
  `${FORM}; charset=utf-8`,
  `${FORM}; charset=iso-8859-1`,
  'application/json',
  'text/plain',
  'multipart/form-data; boundary=x',
  '',
  `${FORM};;;`,
);

/** A Basic header: well formed, or broken in one of the ways RFC 7617 and RFC 6749 2.3.1 allow to go wrong. */
const basicHeaders = (id: () => string, secret: () => string) =>
  fc.constantFrom('good', 'wrong', 'no-colon', 'not-base64', 'empty', 'encoded', 'lowercase').map((kind) => {
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    switch (kind) {
      case 'good':
        return `Basic ${b64(`${encodeURIComponent(id())}:${encodeURIComponent(secret())}`)}`;
      case 'wrong':
        return `Basic ${b64(`${id()}:wrong`)}`;
      case 'no-colon':
        return `Basic ${b64(id())}`;
      case 'not-base64':
        return 'Basic ***';
      case 'empty':
        return 'Basic ';
      case 'encoded':
        return `Basic ${b64('%zz:%zz')}`;
      default:
        return `basic ${b64(`${id()}:${secret()}`)}`;
    }
  });

/** A body: the pairs as a form, or the same as JSON, or something that is no form at all. */
const bodyShapes = fc.constantFrom('form', 'form', 'form', 'form', 'form', 'json', 'garbage', 'empty', 'huge', 'many');
function bodyOf(shape: string, pairs: Pairs): string {
  switch (shape) {
    case 'json':
      return JSON.stringify(
        Object.fromEntries(
          pairs.filter(([k]) => typeof k === 'string').map(([k, v]) => [k, typeof v === 'string' ? v : null]),
        ),
      );
    case 'garbage':
      return '{"a": [1, 2';
    case 'empty':
      return '';
    case 'huge':
      return `${encodePairs(pairs)}&pad=${'x'.repeat(120_000)}`;
    case 'many':
      return Array.from({ length: 150 }, (_, i) => `p${i}=${i}`).join('&');
    default:
      return encodePairs(pairs);
  }
}

// ---------------------------------------------------------------------------------------------

afterAll(() => writeFuzzResults('oauth', 'OAuth endpoints'));

describe('fuzzing the OAuth endpoints (RFC 6749 5.2; RFC 9700)', () => {
  it(
    'GET /oauth/authorize: a page before the client and redirect URI are verified, a redirect to exactly the registered URI with iss after (RFC 6749 4.1.2.1, RFC 9207 2, RFC 9700 4.11.2)',
    { timeout: TIMEOUT },
    async () => {
      const report = await fuzz({
        name: 'authorize',
        origin,
        cases: fc.record({ pairs: authorizationParams(), signedIn: fc.boolean() }),
        request: ({ pairs, signedIn }) => ({
          method: 'GET',
          target: `/oauth/authorize?${encodePairs(pairs)}`,
          headers: signedIn ? { cookie: fx.sessionJar.header(origin) } : {},
        }),
        check: ({ pairs, signedIn }, _req, response) => authorizeProblems(pairs as Pairs, response, signedIn),
      });
      if (process.env.HOSTILE_FUZZ_VERBOSE) console.info(explain(report));
      expect(report.findings, explain(report)).toEqual([]);
    },
  );

  it(
    'POST /oauth/authorize (the consent decision): without the session and its CSRF token only a page; never a redirect to an unregistered URI (RFC 9700 4.7, RFC 6749 10.12)',
    { timeout: TIMEOUT },
    async () => {
      const report = await fuzz({
        name: 'decideAuthorization',
        origin,
        cases: fc.record({
          pairs: authorizationParams(),
          csrf: fc.constantFrom('valid', 'valid', 'forged', 'missing', 'repeated'),
          decision: fc.oneof(fc.constantFrom('deny', 'deny', 'ALLOW', '', 'allow '), hostileText),
          signedIn: fc.boolean(),
        }),
        request: ({ pairs, csrf, decision, signedIn }) => {
          const token =
            csrf === 'valid'
              ? [['csrf_token', fx.consentCsrf] as const]
              : csrf === 'forged'
                ? [['csrf_token', `${fx.consentCsrf.slice(0, -2)}xx`] as const]
                : csrf === 'repeated'
                  ? [['csrf_token', fx.consentCsrf] as const, ['csrf_token', 'x'] as const]
                  : [];
          return formRequest(
            'POST',
            '/oauth/authorize',
            encodePairs([...pairs, ...token, ['decision', decision]]),
            signedIn ? { cookie: fx.sessionJar.header(origin) } : {},
          );
        },
        check: ({ pairs, signedIn, csrf }, _req, response) => {
          if (TRANSPORT.has(response.status)) return [];
          if (response.status === 302 && !(signedIn && csrf === 'valid'))
            return ['a decision without the session and its CSRF token was acted on (RFC 9700 4.7)'];
          if (response.status === 302) {
            const problems = authorizationRedirectProblems(pairs, response);
            const error = new URL(String(response.headers.location), origin).searchParams.get('error');
            return error === null ? [...problems, 'a decision other than "allow" produced a code'] : problems;
          }
          return response.status === 400
            ? pageProblems(response)
            : [`undocumented status ${response.status} for the consent decision`];
        },
      });
      if (process.env.HOSTILE_FUZZ_VERBOSE) console.info(explain(report));
      expect(report.findings, explain(report)).toEqual([]);
    },
  );

  it(
    'POST /oauth/sign-in: a page for every failure, a same-origin 303 only for real credentials (OWASP Authentication Cheat Sheet; RFC 9700 4.11.2)',
    { timeout: TIMEOUT },
    async () => {
      // A quarter of the runs: each attempt that passes the CSRF check costs a password hash.
      const report = await fuzz({
        name: 'submitSignIn',
        origin,
        runs: Math.max(20, Math.ceil(RUNS / 4)),
        cases: fc.record({
          // Addresses of no account, and never one another suite uses (sign-in is throttled per account).
          pairs: mutationsOf(
            fc.constant({ email: 'fuzz-nobody@hostile.test', password: 'not-the-password', return_to: '/account' }),
            {
              email: fc.oneof(
                fc.emailAddress(),
                fc.constantFrom(' ', 'FUZZ-NOBODY@HOSTILE.TEST', ' fuzz-nobody@hostile.test '),
              ),
              password: fc.string({ maxLength: 30 }),
              return_to: fc.constantFrom(
                '/oauth/authorize?client_id=x',
                '//evil.example',
                '/\\evil.example',
                'https://evil.example',
                '/%2F%2Fevil.example',
                'javascript:alert(1)',
              ),
            },
          ),
          csrf: fc.constantFrom('valid', 'valid', 'forged', 'missing'),
        }),
        request: ({ pairs, csrf }) => {
          const token =
            csrf === 'valid'
              ? [['csrf_token', fx.signInCsrf] as const]
              : csrf === 'forged'
                ? [['csrf_token', 'scx_forged'] as const]
                : [];
          return formRequest(
            'POST',
            '/oauth/sign-in',
            encodePairs([...pairs, ...token]),
            csrf === 'missing' ? {} : { cookie: fx.signInJar.header(origin) },
          );
        },
        check: (_c, _req, response) => {
          if (TRANSPORT.has(response.status)) return [];
          // No generated e-mail address belongs to an account, so no attempt may sign in.
          if (response.status === 303) return ['a sign-in without valid credentials succeeded'];
          if ([400, 401, 429].includes(response.status))
            return [
              ...pageProblems(response),
              ...(String(response.headers['set-cookie'] ?? '').includes('cs_session')
                ? ['a session cookie for a failed sign-in']
                : []),
            ];
          // The documented answer while the password-hashing queue is full (bounded work per request).
          if (response.status === 503)
            return [
              ...pageProblems(response),
              ...(response.headers['retry-after'] ? [] : ['a 503 without Retry-After']),
            ];
          return [`undocumented status ${response.status} for the sign-in form`];
        },
      });
      if (process.env.HOSTILE_FUZZ_VERBOSE) console.info(explain(report));
      expect(report.findings, explain(report)).toEqual([]);
    },
  );

  it(
    'POST /api/oauth/token: RFC 6749 5.2 JSON for every error, no-store on every answer, tokens only for a real grant of the authenticated client (RFC 6749 5.1, 5.2)',
    { timeout: TIMEOUT },
    async () => {
      const report = await fuzz({
        name: 'token',
        origin,
        cases: fc.record({
          pairs: mutationsOf(
            lazy(() => [
              { grant_type: 'refresh_token', refresh_token: fx.operatorRefresh, client_id: fx.publicClient },
              {
                grant_type: 'authorization_code',
                code: `scc_${'A'.repeat(43)}`,
                redirect_uri: LOOPBACK_REDIRECT,
                code_verifier: 'v'.repeat(43),
                client_id: fx.confidentialClient,
                client_secret: fx.confidentialSecret,
              },
              {
                grant_type: 'refresh_token',
                refresh_token: `scr_${'B'.repeat(43)}`,
                client_id: CLIENTS.vendorClientId,
                scope: 'courses:read',
              },
            ]),
            {
              grant_type: fc.constantFrom(
                'authorization_code',
                'refresh_token',
                'client_credentials',
                'password',
                'urn:ietf:params:oauth:grant-type:device_code',
                'implicit',
                'REFRESH_TOKEN',
              ),
              code: fc.oneof(fc.stringMatching(/^scc_[A-Za-z0-9_-]{43}$/), fc.constantFrom('scc_', '')),
              redirect_uri: redirectUris,
              code_verifier: verifiers,
              refresh_token: fc.oneof(
                lazy(() => [fx.operatorRefresh]),
                fc.stringMatching(/^scr_[A-Za-z0-9_-]{43}$/),
              ),
              client_id: clientIds,
              client_secret: lazy(() => [fx.confidentialSecret, 'wrong', '']),
              scope: scopes,
              resource: resources,
            },
          ),
          basic: sometimes(
            basicHeaders(
              () => fx.confidentialClient,
              () => fx.confidentialSecret,
            ),
            1 / 4,
          ),
          contentType: contentTypes,
          shape: bodyShapes,
          method: fc.constantFrom('POST', 'POST', 'POST', 'POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE'),
        }),
        request: ({ pairs, basic, contentType, shape, method }) => ({
          method,
          target: '/api/oauth/token',
          headers: {
            ...(contentType ? { 'content-type': contentType } : {}),
            ...(basic ? { authorization: basic } : {}),
          },
          body: bodyOf(shape, pairs as Pairs),
        }),
        check: ({ pairs }, _req, response) => {
          const problems = oauthErrorProblems(response);
          if (response.status < 500 && response.status !== 405 && !noStore(response))
            problems.push('a token endpoint answer without Cache-Control: no-store (RFC 6749 5.1)');
          if (response.status === 200) {
            const body = json(response.text) as Record<string, unknown> | undefined;
            if (typeof body?.access_token !== 'string' || body.token_type !== 'Bearer')
              problems.push('a 200 without access_token and token_type Bearer (RFC 6749 5.1)');
            // Only this file's own refresh token is real: a 200 must be its refresh by its client.
            if (
              single(pairs, 'grant_type') !== 'refresh_token' ||
              single(pairs, 'refresh_token') !== fx.operatorRefresh
            )
              problems.push('tokens issued for something that is no real grant');
          }
          return problems;
        },
      });
      if (process.env.HOSTILE_FUZZ_VERBOSE) console.info(explain(report));
      expect(report.findings, explain(report)).toEqual([]);
    },
  );

  it(
    'POST /api/oauth/revoke: 200 or RFC 6749 5.2 JSON; only the owning client revokes (RFC 7009 2.1, 2.2.1)',
    { timeout: TIMEOUT },
    async () => {
      const report = await fuzz({
        name: 'revoke',
        origin,
        cases: fc.record({
          pairs: mutationsOf(
            lazy(() => [
              { token: fx.revocable.access, token_type_hint: 'access_token', client_id: fx.publicClient },
              { token: fx.memberAccess, client_id: fx.confidentialClient, client_secret: fx.confidentialSecret },
              { token: `scr_${'C'.repeat(43)}`, token_type_hint: 'refresh_token', client_id: fx.publicClient },
            ]),
            {
              token: fc.oneof(
                lazy(() => [fx.revocable.access, fx.revocable.refresh, fx.memberAccess]),
                fc.stringMatching(/^sc[ar]_[A-Za-z0-9_-]{43}$/),
              ),
              token_type_hint: fc.constantFrom('access_token', 'refresh_token', 'id_token', 'ACCESS_TOKEN', ''),
              // Every client but the member token's own (a public client revokes its tokens by client_id alone).
              client_id: lazy(() => [
                CLIENTS.confidentialMemberApp,
                CLIENTS.vendorClientId,
                fx.publicClient,
                fx.confidentialClient,
                'no-such-client',
                `${CLIENTS.memberApp} `,
                CLIENTS.memberApp.toUpperCase(),
              ]),
              client_secret: lazy(() => [fx.confidentialSecret, 'wrong']),
            },
          ),
          basic: sometimes(
            basicHeaders(
              () => fx.confidentialClient,
              () => fx.confidentialSecret,
            ),
            1 / 5,
          ),
          contentType: contentTypes,
          shape: bodyShapes,
        }),
        request: ({ pairs, basic, contentType, shape }) => ({
          method: 'POST',
          target: '/api/oauth/revoke',
          headers: {
            ...(contentType ? { 'content-type': contentType } : {}),
            ...(basic ? { authorization: basic } : {}),
          },
          body: bodyOf(shape, pairs as Pairs),
        }),
        check: (_c, _req, response) => {
          const problems = oauthErrorProblems(response);
          if (response.status === 200 && response.text !== '' && !/^\{\s*\}$/.test(response.text))
            problems.push(`a revocation answered with a body: ${response.text.slice(0, 60)}`);
          if (![200, 400, 401, 413, 429].includes(response.status) && !TRANSPORT.has(response.status))
            problems.push(`undocumented status ${response.status} at the revocation endpoint`);
          return problems;
        },
      });
      // The member's token belongs to none of the clients the fuzz spoke for: it must have survived (RFC 7009 2.1).
      expect(
        (await fetch(`${origin}/api/oauth/userinfo`, { headers: { authorization: `Bearer ${fx.memberAccess}` } }))
          .status,
      ).toBe(200);
      if (process.env.HOSTILE_FUZZ_VERBOSE) console.info(explain(report));
      expect(report.findings, explain(report)).toEqual([]);
    },
  );

  it(
    'POST /api/oauth/introspect: {"active": …} or RFC 6749 5.2 JSON; a client sees only its own tokens active (RFC 7662 2.2, 4)',
    { timeout: TIMEOUT },
    async () => {
      const owner = () =>
        new Map([
          [fx.operatorAccess, fx.publicClient],
          [fx.operatorRefresh, fx.publicClient],
          [fx.memberAccess, CLIENTS.memberApp],
        ]);
      const report = await fuzz({
        name: 'introspect',
        origin,
        cases: fc.record({
          pairs: mutationsOf(
            lazy(() => [
              { token: fx.operatorAccess, client_id: fx.publicClient },
              { token: fx.memberAccess, client_id: CLIENTS.memberApp, token_type_hint: 'access_token' },
              { token: fx.operatorRefresh, client_id: fx.confidentialClient, client_secret: fx.confidentialSecret },
            ]),
            {
              token: fc.oneof(
                lazy(() => [fx.operatorAccess, fx.operatorRefresh, fx.memberAccess, fx.secondaryAccess ?? 'sca_x']),
                fc.stringMatching(/^sc[ar]_[A-Za-z0-9_-]{43}$/),
              ),
              token_type_hint: fc.constantFrom('access_token', 'refresh_token', 'bogus'),
              client_id: clientIds,
              client_secret: lazy(() => [fx.confidentialSecret, 'wrong']),
            },
          ),
          basic: sometimes(
            basicHeaders(
              () => fx.confidentialClient,
              () => fx.confidentialSecret,
            ),
            1 / 5,
          ),
          contentType: contentTypes,
          shape: bodyShapes,
        }),
        request: ({ pairs, basic, contentType, shape }) => ({
          method: 'POST',
          target: '/api/oauth/introspect',
          headers: {
            ...(contentType ? { 'content-type': contentType } : {}),
            ...(basic ? { authorization: basic } : {}),
          },
          body: bodyOf(shape, pairs as Pairs),
        }),
        check: ({ pairs }, _req, response) => {
          const problems = oauthErrorProblems(response);
          if (response.status !== 200)
            return [
              ...problems,
              ...(![400, 401, 413, 429].includes(response.status) && !TRANSPORT.has(response.status)
                ? [`undocumented status ${response.status} at the introspection endpoint`]
                : []),
            ];
          const body = json(response.text) as { active?: unknown; client_id?: unknown } | undefined;
          if (typeof body?.active !== 'boolean') return ['a 200 without a boolean active (RFC 7662 2.2)'];
          if (body.active) {
            const token = single(pairs, 'token');
            const holder = typeof token === 'string' ? owner().get(token) : undefined;
            if (!holder || body.client_id !== holder)
              problems.push('a token reported active to a client that does not hold it (RFC 7662 4)');
          }
          return problems;
        },
      });
      if (process.env.HOSTILE_FUZZ_VERBOSE) console.info(explain(report));
      expect(report.findings, explain(report)).toEqual([]);
    },
  );

  it(
    'POST /api/oauth/register: 201 only for loopback redirect URIs or a known integration, every refusal RFC 7591 3.2.2 JSON (RFC 7591 3.2, RFC 8252 7.3)',
    { timeout: TIMEOUT },
    async () => {
      const uri = fc.oneof(
        redirectUris,
        hostileText,
        fc.constantFrom(
          'http://127.0.0.1:1/cb',
          'http://localhost/cb',
          'http://[::1]:9/cb',
          'javascript:alert(1)',
          'http://127.0.0.1/cb#x',
        ),
      );
      /** A valid loopback registration, each member replaced now and then. */
      const metadata = fc
        .record({
          redirect_uris: usually(
            ['http://127.0.0.1:41999/cb'],
            fc.oneof(
              { weight: 5, arbitrary: fc.array(uri, { maxLength: 3 }) },
              { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
            ),
          ),
          client_name: usually(
            'Hostile fuzz',
            fc.oneof(fc.constantFrom('Demo CRM', 'demo crm', 'DEMO CRM ', ''), hostileText, fc.integer()),
          ),
          token_endpoint_auth_method: usually(
            'none',
            fc.constantFrom('client_secret_post', 'client_secret_basic', 'private_key_jwt', 'tls_client_auth', 'NONE'),
          ),
          grant_types: usually(
            ['authorization_code', 'refresh_token'],
            fc.array(
              fc.constantFrom('authorization_code', 'refresh_token', 'implicit', 'password', 'client_credentials'),
              { maxLength: 3 },
            ),
          ),
          response_types: usually(['code'], fc.array(fc.constantFrom('code', 'token', 'id_token'), { maxLength: 2 })),
          scope: usually('courses:read', fc.oneof(scopes, hostileText)),
          application_type: usually('native', fc.constantFrom('web', 'desktop', '')),
          client_uri: usually(undefined, fc.oneof(fc.webUrl(), hostileText)),
          logo_uri: usually(undefined, fc.oneof(fc.webUrl(), hostileText)),
          id_token_signed_response_alg: usually(undefined, fc.constantFrom('ES256', 'RS256', 'none', 'HS256')),
        })
        .map((m) => Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined)));
      const report = await fuzz({
        name: 'registerClient',
        origin,
        cases: fc.record({
          body: fc.oneof(
            { weight: 8, arbitrary: metadata.map((m) => JSON.stringify(m)) },
            {
              weight: 1,
              arbitrary: metadata.map(
                (m) =>
                  `{"__proto__": {"redirect_uris": ["https://evil.example/cb"]}, "constructor": {"prototype": {"admin": true}}, ${JSON.stringify(m).slice(1)}`,
              ),
            },
            { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null') },
            {
              weight: 1,
              arbitrary: fc.constantFrom(
                '{"redirect_uris": [',
                '',
                'null',
                '[]',
                `${'['.repeat(5000)}${']'.repeat(5000)}`,
                `{"client_name": "${'x'.repeat(120_000)}"}`,
              ),
            },
          ),
          contentType: fc.constantFrom(
            'application/json',
            'application/json',
            'application/json',
            'application/json; charset=utf-8',
            FORM,
            'text/plain',
            '',
          ),
        }),
        request: ({ body, contentType }) => ({
          method: 'POST',
          target: '/api/oauth/register',
          headers: contentType ? { 'content-type': contentType } : {},
          body,
        }),
        check: ({ body }, _req, response) => {
          const problems = oauthErrorProblems(response);
          if (response.status === 201) {
            const sent = json(body) as { redirect_uris?: unknown; client_name?: unknown } | undefined;
            const answer = json(response.text) as { client_id?: unknown; redirect_uris?: unknown } | undefined;
            const vendor =
              typeof sent?.client_name === 'string' &&
              sent.client_name.trim().toLowerCase() === CLIENTS.vendorName.toLowerCase();
            const uris = Array.isArray(sent?.redirect_uris) ? sent.redirect_uris : [];
            const loopback =
              uris.length > 0 &&
              uris.every(
                (u) => typeof u === 'string' && /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?\/[^#]*$/.test(u),
              );
            if (typeof answer?.client_id !== 'string') problems.push('a 201 without client_id (RFC 7591 3.2.1)');
            if (!vendor && !loopback)
              problems.push(
                `registered redirect URIs that are not loopback: ${JSON.stringify(uris).slice(0, 120)} (/auth.md "2. Get a client": registration takes loopback redirect URIs only)`,
              );
            if (vendor && answer?.client_id !== CLIENTS.vendorClientId)
              problems.push('the vendor name did not return the vendor integration');
            if (!noStore(response))
              problems.push('a registration answer without Cache-Control: no-store (RFC 7591 3.2.1)');
          } else if (![400, 413, 415, 429].includes(response.status) && !TRANSPORT.has(response.status))
            problems.push(`undocumented status ${response.status} at the registration endpoint`);
          return problems;
        },
      });
      if (process.env.HOSTILE_FUZZ_VERBOSE) console.info(explain(report));
      expect(report.findings, explain(report)).toEqual([]);
    },
  );

  it(
    'GET and POST /api/oauth/userinfo: claims only for a valid token with openid in the Authorization header, RFC 6750 3 challenges otherwise (RFC 6750 2.1, 3.1; RFC 9728 5.1)',
    { timeout: TIMEOUT },
    async () => {
      const headers = lazy(() => [
        `Bearer ${fx.memberAccess}`,
        `bearer ${fx.memberAccess}`,
        `Bearer  ${fx.memberAccess}`,
        `Bearer ${fx.memberAccess}x`,
        `Bearer ${fx.memberAccess.slice(0, -1)}`,
        `Bearer ${fx.noOpenidAccess}`,
        `Bearer ${fx.secondaryAccess ?? 'sca_x'}`,
        `Bearer ${fx.operatorRefresh}`,
        `Basic ${Buffer.from(`${fx.memberAccess}:`).toString('base64')}`,
        `Token ${fx.memberAccess}`,
        'Bearer',
        'Bearer ',
        'Bearer "sca_x"',
        'Bearer sca_x, Bearer sca_y',
      ]);
      const report = await fuzz({
        name: 'userinfo',
        origin,
        cases: fc.record({
          authorization: sometimes(
            fc.oneof(
              { weight: 2, arbitrary: lazy(() => [`Bearer ${fx.memberAccess}`]) },
              { weight: 4, arbitrary: headers },
              { weight: 1, arbitrary: hostileText.map((t) => `Bearer ${t}`) },
            ),
            5 / 6,
          ),
          method: fc.constantFrom('GET', 'GET', 'POST', 'POST', 'PUT', 'DELETE'),
          // A token in the query or the body besides the header is a second method (RFC 6750 2: 400).
          queryToken: fc.oneof(
            { weight: 7, arbitrary: fc.constant(false) },
            { weight: 1, arbitrary: fc.constant(true) },
          ),
          bodyToken: fc.oneof(
            { weight: 7, arbitrary: fc.constant(false) },
            { weight: 1, arbitrary: fc.constant(true) },
          ),
          extra: sometimes(
            paramsOf({ schema: fc.constantFrom('openid'), claims: fc.constantFrom('{"userinfo":{"email":null}}') }),
            0.15,
          ).map((pairs) => pairs ?? []),
        }),
        request: ({ authorization, method, queryToken, bodyToken, extra }) => {
          const query = encodePairs([
            ...(extra as Pairs),
            ...(queryToken ? [['access_token', fx.memberAccess] as const] : []),
          ]);
          const header = authorization === null ? {} : { authorization: authorization.replace(/[\r\n]/g, ' ') };
          return {
            method,
            target: `/api/oauth/userinfo${query ? `?${query}` : ''}`,
            headers: { ...header, ...(bodyToken ? { 'content-type': FORM } : {}) },
            body: bodyToken ? `access_token=${pct(fx.memberAccess)}` : undefined,
          };
        },
        check: ({ authorization }, _req, response) => {
          const problems: string[] = [];
          const type = mediaType(response);
          if (response.status === 200) {
            const valid =
              authorization !== null &&
              /^bearer +\S+ *$/i.test(authorization) &&
              authorization.trim().split(/ +/)[1] === fx.memberAccess;
            if (!valid)
              problems.push(
                'claims served for a request whose Authorization header holds no valid token (RFC 6750 2.1; RFC 9700 4.3.2: no tokens in URIs)',
              );
            if (typeof (json(response.text) as { sub?: unknown } | undefined)?.sub !== 'string')
              problems.push('claims without sub (OIDC Core 5.3.2)');
            return problems;
          }
          if (TRANSPORT.has(response.status) || response.status === 405) return problems;
          if (response.status === 401 || response.status === 403) {
            const challenge = String(response.headers['www-authenticate'] ?? '');
            if (
              !/^Bearer /.test(challenge) ||
              !challenge.includes(`resource_metadata="${origin}/.well-known/oauth-protected-resource"`)
            )
              problems.push(
                'a 401/403 without a Bearer challenge pointing at the resource metadata (RFC 6750 3, RFC 9728 5.1)',
              );
            if (response.status === 403 && !challenge.includes('error="insufficient_scope"'))
              problems.push('a 403 that is not insufficient_scope (RFC 6750 3.1)');
            if (
              type !== 'application/json' ||
              typeof (json(response.text) as { error?: unknown } | undefined)?.error !== 'string'
            )
              problems.push('a challenge without its JSON error body');
            return problems;
          }
          if (response.status === 400) return oauthErrorProblems(response);
          return [`undocumented status ${response.status} at UserInfo`];
        },
      });
      if (process.env.HOSTILE_FUZZ_VERBOSE) console.info(explain(report));
      expect(report.findings, explain(report)).toEqual([]);
    },
  );

  it(
    'the discovery documents and JWKS: the same document whatever is appended, HEAD as GET, 405 with one Allow per method, never a private key member (RFC 8414 3, RFC 9728 3, RFC 7517 4; RFC 9110 9.1, 15.5.6)',
    { timeout: TIMEOUT },
    async () => {
      const report = await fuzz({
        name: 'discovery',
        origin,
        cases: fc.record({
          path: fc.constantFrom(...DISCOVERY),
          method: fc.constantFrom('GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
          query: sometimes(
            paramsOf({
              issuer: fc.constantFrom('https://evil.example'),
              callback: fc.constantFrom('alert'),
              format: fc.constantFrom('xml'),
            }),
            0.5,
          ).map((q) => q ?? []),
          accept: fc.constantFrom(
            'application/json',
            'text/html',
            '*/*',
            'application/xml',
            '',
            'application/jwk-set+json',
          ),
          origin: fc.constantFrom('', 'https://evil.example', 'null'),
        }),
        request: ({ path, method, query, accept, origin: requestOrigin }) => {
          const q = encodePairs(query);
          return {
            method,
            target: `${path}${q ? `?${q}` : ''}`,
            headers: { ...(accept ? { accept } : {}), ...(requestOrigin ? { origin: requestOrigin } : {}) },
          };
        },
        check: ({ path, method, query }, _req, response) => {
          if (TRANSPORT.has(response.status)) return [];
          if (method === 'GET') {
            // The service refuses unknown query parameters everywhere (docs/development.md "The path of a request": a 400 problem naming the field).
            if (response.status === 400 && query.length > 0) {
              const problem = json(response.text) as { errors?: Array<{ pointer?: unknown }> } | undefined;
              return mediaType(response) === 'application/problem+json' &&
                problem?.errors?.every((e) => typeof e.pointer === 'string' && e.pointer.startsWith('/query'))
                ? []
                : ['a 400 that does not name the query parameter'];
            }
            if (response.status !== 200) return [`a GET of the document answered ${response.status}`];
            const problems =
              response.text === fx.documents[path]
                ? []
                : ['the document changed with what the request appended (RFC 8414 3: issuer and endpoints are fixed)'];
            const body = json(response.text) as { keys?: Array<Record<string, unknown>> } | undefined;
            if (body?.keys?.some((key) => ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'].some((member) => member in key)))
              problems.push('a private key member in the JWK set (RFC 7517 4, RFC 7518 6)');
            return problems;
          }
          // RFC 9110 9.1: all general-purpose servers MUST support GET and HEAD.
          if (method === 'HEAD')
            return response.status === 200 || (response.status === 400 && query.length > 0)
              ? []
              : [`HEAD answered ${response.status} (RFC 9110 9.1: HEAD is supported wherever GET is)`];
          if (method === 'OPTIONS')
            return response.status === 204 || response.status === 200 ? [] : [`OPTIONS answered ${response.status}`];
          return response.status === 405
            ? allowProblems(response, 'GET')
            : [`${method} of a read-only document answered ${response.status}, not 405`];
        },
      });
      if (process.env.HOSTILE_FUZZ_VERBOSE) console.info(explain(report));
      expect(report.findings, explain(report)).toEqual([]);
    },
  );
});
