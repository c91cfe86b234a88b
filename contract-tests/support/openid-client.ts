// openid-client (v6) as a relying party of a school: discovery with the checks the suites want, an
// authorization request with PKCE S256, state, nonce and resource, and the error a refused call
// carries. contract-tests/oauth/openid-client.test.ts and contract-tests/seed/ drive flows with it.
import * as client from 'openid-client';
import { expect } from 'vitest';

/** Discovery (OpenID Connect Discovery 4) for a client; ID tokens are checked against jwks_uri too. */
export function configureClient(
  origin: string,
  clientId: string,
  redirectUri: string,
  metadata: Partial<client.ClientMetadata> = {},
  auth: client.ClientAuth = client.None(),
): Promise<client.Configuration> {
  return client.discovery(new URL(origin), clientId, { redirect_uris: [redirectUri], ...metadata }, auth, {
    execute: [client.allowInsecureRequests, client.enableNonRepudiationChecks],
  });
}

export type Started = { url: URL; verifier: string; state: string; nonce: string };

export async function startAuthorization(
  config: client.Configuration,
  redirectUri: string,
  scope: string,
  resource?: string,
): Promise<Started> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(resource ? { resource } : {}),
  });
  return { url, verifier, state, nonce };
}

/** The checks of an authorization response for the code exchange of `started`. */
export const checksOf = (started: Started) => ({
  pkceCodeVerifier: started.verifier,
  expectedState: started.state,
  expectedNonce: started.nonce,
});

/**
 * The status and RFC 6749 5.2 error code of a failed openid-client call: a ResponseBodyError
 * carries the body; a 401 with WWW-Authenticate (invalid_client, RFC 6749 5.2) comes as a
 * WWWAuthenticateChallengeError whose response body is still unread.
 */
export async function oauthError(
  promise: Promise<unknown>,
): Promise<{ error?: string; status?: number; challenge?: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error instanceof client.WWWAuthenticateChallengeError) {
    const body = (await error.response.json()) as { error?: string };
    return { error: body.error, status: error.status, challenge: error.cause[0]?.scheme };
  }
  expect(error, 'the call was expected to fail with an OAuth error response').toBeInstanceOf(client.ResponseBodyError);
  const body = error as client.ResponseBodyError;
  return { error: body.error, status: body.status };
}
