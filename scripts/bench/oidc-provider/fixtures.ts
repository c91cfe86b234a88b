// The load's tokens for oidc-provider, minted in its own process through its model API
// (Grant, RefreshToken, AccessToken), as its documentation allows, before the load starts: the
// memory adapter's state lives in this process, so nothing outside it could create them.
import type Provider from 'oidc-provider';
import { CLIENT, SCOPES } from './configuration.ts';

export type OidcFixtures = { refreshTokens: string[]; resourceAccessTokens: string[]; userinfoAccessTokens: string[] };

const ACCOUNT_ID = 'bench-student-1';

export async function mintFixtures(
  provider: Provider,
  resource: string,
  counts: { chains: number; accessTokens: number },
): Promise<OidcFixtures> {
  const client = await provider.Client.find(CLIENT.id);
  if (!client) throw new Error(`client ${CLIENT.id} is not configured`);
  const resourceServer = new provider.ResourceServer(resource, {
    scope: SCOPES.resource,
    audience: resource,
    accessTokenFormat: 'opaque',
    accessTokenTTL: 3_600,
  });
  const authTime = Math.floor(Date.now() / 1000);

  /** One grant per chain or token, as one authorization each (rotation revokes nothing else). */
  async function newGrant(): Promise<string> {
    const grant = new provider.Grant({ accountId: ACCOUNT_ID, clientId: CLIENT.id });
    grant.addOIDCScope('openid');
    grant.addResourceScope(resource, SCOPES.resource);
    return grant.save();
  }

  const refreshTokens: string[] = [];
  for (let i = 0; i < counts.chains; i++) {
    const grantId = await newGrant();
    // No openid in the chain's scope: our refresh grant returns no ID token, so neither does this.
    const token = new provider.RefreshToken({
      accountId: ACCOUNT_ID,
      client,
      grantId,
      gty: 'authorization_code',
      scope: SCOPES.resource,
      resource,
      authTime,
      expiresWithSession: false,
      rotations: 0,
    });
    refreshTokens.push(await token.save());
  }

  const resourceAccessTokens: string[] = [];
  const userinfoAccessTokens: string[] = [];
  for (let i = 0; i < counts.accessTokens; i++) {
    const grantId = await newGrant();
    // Introspection: a token for the resource server, as ours are bound to the school's origin.
    const forResource = new provider.AccessToken({
      accountId: ACCOUNT_ID,
      client,
      grantId,
      gty: 'authorization_code',
      scope: SCOPES.resource,
      expiresWithSession: false,
      resourceServer,
    });
    resourceAccessTokens.push(await forResource.save());
    // UserInfo accepts only tokens without an audience (oidc-provider's rule with resource indicators).
    const forUserinfo = new provider.AccessToken({
      accountId: ACCOUNT_ID,
      client,
      grantId,
      gty: 'authorization_code',
      scope: 'openid',
      expiresWithSession: false,
    });
    userinfoAccessTokens.push(await forUserinfo.save());
  }
  return { refreshTokens, resourceAccessTokens, userinfoAccessTokens };
}
