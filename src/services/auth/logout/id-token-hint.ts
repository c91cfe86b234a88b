// RP-Initiated Logout 1.0 2: `id_token_hint` is an ID token this school issued to the client. Its
// signature is checked against the school's published keys and its issuer against the school;
// an expired one is still a good hint ("the OP SHOULD accept ID Tokens ... even if expired"). A
// token of another kind signed by the same keys (a logout token: `typ` logout+jwt, with `events`)
// is no ID token. A hint whose key has left the JWKS (retired keys stay a few minutes past the
// longest ID token) can no longer be verified and counts as no hint at all.
import { createLocalJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { Site } from '../../school/sites.ts';
import type { SigningKeyService } from '../keys/signing-keys.ts';

export type IdTokenHint = { clientId: string; personId: string; sessionId: string | undefined };

export class UnusableIdTokenHint extends Error {}

async function verifiedPayload(signingKeys: SigningKeyService, site: Site, token: string): Promise<JWTPayload> {
  const keys = createLocalJWKSet(await signingKeys.jwks(site.id));
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: site.origin,
      typ: 'JWT',
      algorithms: ['ES256', 'RS256'],
    });
    return payload;
  } catch (error) {
    // jose checks the signature before the claims: an expired token's payload is verified.
    if (error instanceof errors.JWTExpired) {
      if (error.payload.iss !== site.origin) throw new UnusableIdTokenHint('id_token_hint was not issued here.');
      return error.payload;
    }
    throw new UnusableIdTokenHint('id_token_hint is not an ID token this school issued.');
  }
}

export async function readIdTokenHint(signingKeys: SigningKeyService, site: Site, token: string): Promise<IdTokenHint> {
  const payload = await verifiedPayload(signingKeys, site, token);
  const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (
    'events' in payload ||
    audience.length !== 1 ||
    typeof audience[0] !== 'string' ||
    typeof payload.sub !== 'string'
  )
    throw new UnusableIdTokenHint('id_token_hint is not an ID token this school issued.');
  return {
    clientId: audience[0],
    personId: payload.sub,
    sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
  };
}
