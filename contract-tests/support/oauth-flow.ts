// Drives the authorization endpoint the way a browser does (sign-in form, consent form) over
// plain HTTP, and the rest with oauth4webapi as the relying party, so tests read like the
// order of /auth.md: discover, register, authorize, exchange, call, refresh, revoke.
import * as oauth from 'oauth4webapi';
import { expect } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD } from './accounts.ts';
import { browserFetch, CookieJar, formFields, refusalLink } from './cookie-jar.ts';

export const insecure = { [oauth.allowInsecureRequests]: true } as const;

export async function discover(origin: string): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(origin);
  const response = await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure });
  return oauth.processDiscoveryResponse(issuer, response);
}

export async function registerLoopbackClient(
  as: oauth.AuthorizationServer,
  metadata: Partial<oauth.OmitSymbolProperties<oauth.Client>> = {},
): Promise<oauth.Client> {
  const response = await oauth.dynamicClientRegistrationRequest(
    as,
    {
      redirect_uris: ['http://127.0.0.1:8765/callback'],
      token_endpoint_auth_method: 'none',
      client_name: 'Contract test agent',
      ...metadata,
    },
    insecure,
  );
  return oauth.processDynamicClientRegistrationResponse(response);
}

export type AuthorizeOptions = {
  clientId: string;
  redirectUri: string;
  scope: string;
  resource?: string | undefined;
  email?: string;
  password?: string;
  decision?: 'allow' | 'deny';
  extra?: Record<string, string>;
  jar?: CookieJar;
};

export type AuthorizeOutcome = {
  callback: URL;
  codeVerifier: string;
  state: string;
  nonce: string;
  jar: CookieJar;
  scope: string;
};

export function authorizationUrl(
  as: oauth.AuthorizationServer,
  options: AuthorizeOptions,
  pkce: { challenge: string },
  state: string,
  nonce: string,
): URL {
  const url = new URL(as.authorization_endpoint!);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    scope: options.scope,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(options.resource ? { resource: options.resource } : {}),
    ...options.extra,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url;
}

/** Signs in (if needed), consents, and returns where the server sent the browser back. */
export async function authorizeInBrowser(
  as: oauth.AuthorizationServer,
  options: AuthorizeOptions,
): Promise<AuthorizeOutcome> {
  const jar = options.jar ?? new CookieJar();
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const challenge = await oauth.calculatePKCECodeChallenge(codeVerifier);
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  let url = authorizationUrl(as, options, { challenge }, state, nonce).toString();
  const origin = new URL(as.issuer).origin;

  for (let hop = 0; hop < 10; hop++) {
    const response = await browserFetch(jar, url);
    if (response.status === 302 || response.status === 303) {
      const location = new URL(response.headers.get('location')!, url);
      if (location.origin !== origin)
        return { callback: location, codeVerifier, state, nonce, jar, scope: options.scope };
      url = location.toString();
      continue;
    }
    const html = await response.text();
    // The school's refusal page (a role that cannot use this client): its button is the error redirect.
    const refusal = refusalLink(html, response.status);
    if (refusal) return { callback: refusal, codeVerifier, state, nonce, jar, scope: options.scope };
    expect(response.status, html).toBe(200);
    if (html.includes('action="/oauth/sign-in"')) {
      const fields = formFields(html, '/oauth/sign-in');
      const signIn = await browserFetch(jar, `${origin}/oauth/sign-in`, {
        form: { ...fields, email: options.email ?? ACCOUNTS.student, password: options.password ?? DEMO_PASSWORD },
      });
      expect(signIn.status, await signIn.clone().text()).toBe(303);
      url = new URL(signIn.headers.get('location')!, origin).toString();
      continue;
    }
    if (html.includes('action="/oauth/authorize"')) {
      const fields = formFields(html, '/oauth/authorize');
      const decided = await browserFetch(jar, `${origin}/oauth/authorize`, {
        form: { ...fields, decision: options.decision ?? 'allow' },
      });
      expect(decided.status, await decided.clone().text()).toBe(302);
      return {
        callback: new URL(decided.headers.get('location')!),
        codeVerifier,
        state,
        nonce,
        jar,
        scope: options.scope,
      };
    }
    throw new Error(`unexpected page at ${url}: ${html.slice(0, 200)}`);
  }
  throw new Error('too many redirects');
}

/** Exchanges the callback's code with oauth4webapi, which checks iss (RFC 9207) and state. */
export async function exchangeCode(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  auth: oauth.ClientAuth,
  outcome: AuthorizeOutcome,
  redirectUri: string,
  resource?: string,
) {
  const params = oauth.validateAuthResponse(as, client, outcome.callback, outcome.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    auth,
    params,
    redirectUri,
    outcome.codeVerifier,
    {
      ...insecure,
      ...(resource ? { additionalParameters: { resource } } : {}),
    },
  );
  // An ID token (and so a nonce check) only comes with openid (OIDC Core 3.1.3.3).
  const openid = outcome.scope.split(' ').includes('openid');
  return oauth.processAuthorizationCodeResponse(
    as,
    client,
    response,
    openid ? { expectedNonce: outcome.nonce, requireIdToken: false } : {},
  );
}
