// The token endpoint's table of grants (table.ts, grant.ts): RFC 6749 5.2 names the errors of a
// grant_type that is missing (invalid_request), unknown (unsupported_grant_type), or one the client
// is not registered for (unauthorized_client); the table serves what metadata advertises.
import { describe, expect, it } from 'vitest';
import type { Client } from '../clients/client.ts';
import { InvalidRequest, UnauthorizedClient, UnsupportedGrantType } from '../errors.ts';
import { authorizationServerMetadata } from '../metadata.ts';
import { checkClientMayUseGrant, type GrantContext } from './grant.ts';
import { grantFor } from './table.ts';

describe('the grant a token request names (RFC 6749 5.2)', () => {
  it('is invalid_request when grant_type is missing', () => {
    expect(() => grantFor(undefined)).toThrow(InvalidRequest);
    expect(() => grantFor('')).toThrow(InvalidRequest);
  });

  it.each(['password', 'client_credentials', 'implicit', '__proto__', 'constructor', 'toString'])(
    'is unsupported_grant_type for %s',
    (grantType) => {
      expect(() => grantFor(grantType)).toThrow(UnsupportedGrantType);
    },
  );

  it('exists for every grant type the metadata advertises (RFC 8414 2 grant_types_supported)', () => {
    const metadata = authorizationServerMetadata({ origin: 'https://school.example' } as never);
    for (const grantType of metadata.grant_types_supported) expect(grantFor(grantType)).toEqual(expect.any(Function));
  });

  it('is unauthorized_client for a client not registered for it, and allowed for one that is', () => {
    const context = (grantTypes: string[]) =>
      ({ client: { grantTypes } as Client, grantType: 'refresh_token' }) as GrantContext;
    expect(checkClientMayUseGrant(context(['authorization_code']))).toBeInstanceOf(UnauthorizedClient);
    expect(checkClientMayUseGrant(context(['authorization_code', 'refresh_token']))).toBeUndefined();
  });
});
