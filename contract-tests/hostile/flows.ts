// Small helpers of the hostile suites that need real authorizations: a form POST that returns the
// parsed answer, an authorization-request URL, and an authorization of this file's own loopback
// client (so the suites spend no rate budget of the demo clients other suites use).
import * as oauth from 'oauth4webapi';
import { CookieJar } from '../support/cookie-jar.ts';
import { authorizeInBrowser, discover, registerLoopbackClient, type AuthorizeOutcome } from '../support/oauth-flow.ts';

export type Wire = { status: number; headers: Headers; body: Record<string, unknown> };

export async function formPost(
  url: string,
  params: Record<string, string | string[] | undefined>,
  headers: Record<string, string> = {},
): Promise<Wire> {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    for (const v of value === undefined ? [] : [value].flat()) form.append(name, v);
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: form,
  });
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = { text };
  }
  return { status: response.status, headers: response.headers, body };
}

export function authorizeUrl(origin: string, params: Record<string, string | string[] | undefined>): string {
  const url = new URL('/oauth/authorize', origin);
  for (const [name, value] of Object.entries(params))
    for (const v of value === undefined ? [] : [value].flat()) url.searchParams.append(name, v);
  return url.toString();
}

/** A public loopback client of a school, and a way to authorize it as one signed-in person. */
export async function loopbackClient(origin: string, email: string, redirectUri = 'http://127.0.0.1:47000/callback') {
  const as = await discover(origin);
  const client = await registerLoopbackClient(as, { redirect_uris: [redirectUri], client_name: 'Hostile suite' });
  const jar = new CookieJar();
  return {
    as,
    clientId: client.client_id,
    redirectUri,
    jar,
    /** Signs in once (the jar keeps the session), consents, and returns the callback. */
    authorize: (
      scope = 'courses:read',
      redirect = redirectUri,
      extra: Record<string, string> = {},
    ): Promise<AuthorizeOutcome> =>
      authorizeInBrowser(as, { clientId: client.client_id, redirectUri: redirect, scope, email, jar, extra }),
    /** The code exchange as raw parameters; `overrides` replace or drop (undefined) any of them. */
    exchange: (outcome: AuthorizeOutcome, overrides: Record<string, string | string[] | undefined> = {}, at = origin) =>
      formPost(`${at}/api/oauth/token`, {
        grant_type: 'authorization_code',
        code: outcome.callback.searchParams.get('code') ?? undefined,
        redirect_uri: redirectUri,
        code_verifier: outcome.codeVerifier,
        client_id: client.client_id,
        ...overrides,
      }),
  };
}

export const challengeOf = (verifier: string) => oauth.calculatePKCECodeChallenge(verifier);
