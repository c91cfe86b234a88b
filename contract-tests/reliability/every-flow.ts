// Runs every flow a client and a person run against one school, and records each secret value the
// test saw on the wire, so the reliability suites can look for them where they must
// never be: in the database (stored only as hashes) and in the logs (never written).
import * as oauth from 'oauth4webapi';
import { expect } from 'vitest';
import { rpc, toolsCall } from '../mcp/mcp-client.ts';
import { ACCOUNTS, CLIENTS, DEMO_PASSWORD } from '../support/accounts.ts';
import { browserFetch, CookieJar, formFields } from '../support/cookie-jar.ts';
import {
  authorizeInBrowser,
  discover,
  exchangeCode,
  insecure,
  registerLoopbackClient,
  type AuthorizeOptions,
} from '../support/oauth-flow.ts';

export type SecretKind =
  | 'password'
  | 'client secret'
  | 'code'
  | 'code verifier'
  | 'access token'
  | 'refresh token'
  | 'id token'
  | 'cookie'
  | 'webhook secret'
  | 'link secret';
/** Every secret value seen, with what it is. */
export type Seen = Map<string, SecretKind>;

export const WRONG_PASSWORD = 'not-the-password-7f3a9c';
const redirectUri = 'http://127.0.0.1:43191/callback';

export type FlowRecord = {
  seen: Seen;
  /** The confidential loopback client registered by the flow (RFC 7591). */
  registeredClientId: string;
  /** Request ids the server answered with, in order (X-Request-Id). */
  steps: string[];
  /** The member application's exchanged code and its grant's live refresh token, for replays. */
  member: { code: string; codeVerifier: string; redirectUri: string; refreshToken: string };
};

/** A sign-in with a wrong password: 401 and the sign-in page again (the audit log records it). */
async function failSignIn(origin: string, email: string): Promise<void> {
  const jar = new CookieJar();
  const page = await browserFetch(jar, `${origin}/oauth/sign-in`);
  expect(page.status).toBe(200);
  const fields = formFields(await page.text());
  const refused = await browserFetch(jar, `${origin}/oauth/sign-in`, {
    form: { ...fields, email, password: WRONG_PASSWORD },
  });
  expect(refused.status).toBe(401);
}

export async function runEveryFlow(origin: string): Promise<FlowRecord> {
  const seen: Seen = new Map([
    [DEMO_PASSWORD, 'password'],
    [WRONG_PASSWORD, 'password'],
    [CLIENTS.confidentialSecret, 'client secret'],
  ]);
  const keep = (kind: SecretKind, value: string | undefined) => value && seen.set(value, kind);
  const steps: string[] = [];
  const as = await discover(origin);
  await failSignIn(origin, ACCOUNTS.owner);

  // Authorize (sign-in with the password, consent), then exchange and refresh, keeping each secret.
  async function codeFlow(
    client: oauth.Client,
    auth: oauth.ClientAuth,
    options: Omit<AuthorizeOptions, 'redirectUri' | 'clientId'>,
  ) {
    const outcome = await authorizeInBrowser(as, { ...options, clientId: client.client_id, redirectUri });
    keep('code', outcome.callback.searchParams.get('code') ?? undefined);
    keep('code verifier', outcome.codeVerifier);
    const tokens = await exchangeCode(as, client, auth, outcome, redirectUri, options.resource);
    const response = await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, insecure);
    const refreshed = await oauth.processRefreshTokenResponse(as, client, response);
    for (const t of [tokens, refreshed]) {
      keep('access token', t.access_token);
      keep('refresh token', t.refresh_token);
      keep('id token', t.id_token);
    }
    // The school's session and CSRF cookies (web/cookies.ts names them cs_session_* and cs_csrf_*).
    for (const pair of outcome.jar.header(origin).split('; '))
      if (pair.startsWith('cs_')) keep('cookie', pair.slice(pair.indexOf('=') + 1));
    return { outcome, tokens, refreshed };
  }

  // An operator's confidential loopback client with client_secret_post (RFC 7591; RFC 6749 2.3.1).
  const registered = await registerLoopbackClient(as, {
    redirect_uris: [redirectUri],
    token_endpoint_auth_method: 'client_secret_post',
  });
  const secret = registered.client_secret as string;
  keep('client secret', secret);
  const post = oauth.ClientSecretPost(secret);
  const operator = await codeFlow(registered, post, { scope: 'openid courses:read', email: ACCOUNTS.owner });

  // The confidential member application with client_secret_basic, bound to the origin (RFC 8707).
  const memberApp: oauth.Client = {
    client_id: CLIENTS.confidentialMemberApp,
    token_endpoint_auth_method: 'client_secret_basic',
  };
  const basic = oauth.ClientSecretBasic(CLIENTS.confidentialSecret);
  const member = await codeFlow(memberApp, basic, {
    scope: 'openid account:read',
    resource: origin,
    email: ACCOUNTS.student,
  });
  const memberToken = member.refreshed.access_token;
  const bearer = { authorization: `Bearer ${memberToken}` };
  const track = (response: Response) => (steps.push(response.headers.get('x-request-id') ?? ''), response);

  // UserInfo (OIDC Core 5.3), introspection (RFC 7662), GraphQL viewer, MCP tools/call.
  const userinfo = track(await fetch(`${origin}/api/oauth/userinfo`, { headers: bearer }));
  expect(userinfo.status).toBe(200);
  const introspection = await oauth.introspectionRequest(as, memberApp, basic, memberToken, insecure);
  expect((await oauth.processIntrospectionResponse(as, memberApp, introspection)).active).toBe(true);
  const graphql = track(
    await fetch(`${origin}/account/graphql`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ viewer { id email } }' }),
    }),
  );
  expect(graphql.status).toBe(200);
  expect((await graphql.json()).data.viewer.email).toBe(ACCOUNTS.student);
  const mcp = track(await rpc(origin, toolsCall('my_enrolled_courses', { limit: 1 }), bearer));
  expect(mcp.status).toBe(200);
  const reply = await mcp.text();
  expect(reply).toContain('"result"');
  expect(reply).not.toContain('"isError":true'); // a tool failure is a result too (MCP tools/call)

  // Revocation (RFC 7009): the operator's refresh token (its grant) and the member's access token.
  const revokeRefresh = await oauth.revocationRequest(as, registered, post, operator.refreshed.refresh_token!, {
    ...insecure,
    additionalParameters: { token_type_hint: 'refresh_token' },
  });
  await oauth.processRevocationResponse(revokeRefresh);
  const revokeAccess = await oauth.revocationRequest(as, memberApp, basic, memberToken, {
    ...insecure,
    additionalParameters: { token_type_hint: 'access_token' },
  });
  await oauth.processRevocationResponse(revokeAccess);
  expect(track(await fetch(`${origin}/api/oauth/userinfo`, { headers: bearer })).status).toBe(401);
  const code = member.outcome.callback.searchParams.get('code')!;
  return {
    seen,
    registeredClientId: registered.client_id,
    steps,
    member: {
      code,
      codeVerifier: member.outcome.codeVerifier,
      redirectUri,
      refreshToken: member.refreshed.refresh_token!,
    },
  };
}

/** A secret's forms worth searching for: the whole value and, when prefixed, its random body. */
export function formsOf(value: string): string[] {
  const body = /^(?:sc[a-z]+|whsec)_([A-Za-z0-9_+/=-]{20,})$/.exec(value)?.[1];
  return body ? [value, body] : [value];
}
