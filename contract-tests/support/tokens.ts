// Access tokens for contract tests, obtained the way clients obtain them (registration, browser
// sign-in and consent, code exchange), cached per school, person and scope set.
import * as oauth from 'oauth4webapi';
import { ACCOUNTS, CLIENTS } from './accounts.ts';
import { authorizeInBrowser, discover, exchangeCode, registerLoopbackClient } from './oauth-flow.ts';

const cache = new Map<string, Promise<string>>();

/** Forgets every cached token: a test file starts with none (support/each-file.ts). */
export function forgetTokens(): void {
  cache.clear();
}

/** An operator token (loopback client registered at /api/oauth/register, authorized by an owner). */
export function operatorToken(origin: string, scope: string, email: string = ACCOUNTS.owner): Promise<string> {
  const key = `op ${origin} ${email} ${scope}`;
  if (!cache.has(key)) {
    cache.set(
      key,
      (async () => {
        const as = await discover(origin);
        const client = await registerLoopbackClient(as);
        const redirectUri = 'http://127.0.0.1:8765/callback';
        const outcome = await authorizeInBrowser(as, { clientId: client.client_id, redirectUri, scope, email });
        const tokens = await exchangeCode(as, client, oauth.None(), outcome, redirectUri);
        return tokens.access_token;
      })(),
    );
  }
  return cache.get(key)!;
}

/** A member token of the demo member application, bound to the school's origin. */
export function memberToken(
  origin: string,
  scope = 'openid account:read',
  email: string = ACCOUNTS.student,
  password?: string,
): Promise<string> {
  const key = `member ${origin} ${email} ${scope}`;
  if (!cache.has(key)) {
    cache.set(
      key,
      (async () => {
        const as = await discover(origin);
        const client: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };
        const redirectUri = 'http://127.0.0.1:8765/callback';
        const outcome = await authorizeInBrowser(as, {
          clientId: CLIENTS.memberApp,
          redirectUri,
          scope,
          resource: origin,
          email,
          password,
        });
        const tokens = await exchangeCode(as, client, oauth.None(), outcome, redirectUri, origin);
        return tokens.access_token;
      })(),
    );
  }
  return cache.get(key)!;
}
