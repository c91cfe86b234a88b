// oidc-provider configured as close to our service as it allows: ES256 signing, PKCE required
// (S256), resource indicators with opaque access tokens bound to one resource (our tokens are
// opaque and bound to the school's origin), introspection for the token's own client, refresh
// tokens rotated on every use, our lifetimes, and one confidential client like Progress Sync.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Adapter, Configuration } from 'oidc-provider';
import MemoryAdapter from 'oidc-provider/lib/adapters/memory_adapter.js';
import LRU from 'oidc-provider/lib/helpers/lru.js';

export const CLIENT = {
  id: 'bench-progress-sync',
  secret: 'demo-client-secret',
  redirectUri: 'http://127.0.0.1/callback',
} as const;
export const SCOPES = { resource: 'account:read' } as const;

/**
 * The built-in memory adapter with its own store: the library's default store holds only 1,000
 * entries (it is a development aid), which a load test overruns in a second, evicting live
 * refresh tokens. Same adapter code, larger capacity.
 */
export function memoryAdapterFactory(): (model: string) => Adapter {
  const store = new LRU({ maxSize: 5_000_000 });
  return (model: string) => new MemoryAdapter(model, store);
}

function signingKey() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { ...privateKey.export({ format: 'jwk' }), kid: 'bench-es256', alg: 'ES256', use: 'sig' };
}

export function providerConfiguration(options: {
  resource: string;
  adapter: (model: string) => Adapter;
}): Configuration {
  return {
    adapter: options.adapter,
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [CLIENT.redirectUri],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [signingKey()] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    scopes: ['openid', 'offline_access', SCOPES.resource],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    pkce: { required: () => true },
    // Our service: access tokens 1 h, refresh tokens 30 days, and a new refresh token on every use.
    ttl: {
      AccessToken: 3_600,
      RefreshToken: 2_592_000,
      Grant: 2_592_000,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 3_600,
      Session: 43_200,
    },
    rotateRefreshToken: true,
    features: {
      devInteractions: { enabled: false },
      introspection: {
        enabled: true,
        // As ours: a client learns about its own tokens only (RFC 7662 2.2).
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => ({
          scope: SCOPES.resource,
          audience: resource,
          accessTokenFormat: 'opaque',
          accessTokenTTL: 3_600,
        }),
      },
    },
    enabledJWA: { idTokenSigningAlgValues: ['ES256'], clientAuthSigningAlgValues: ['ES256'] },
  };
}
