// Authentication 4, member-audience clients: a site operator creates the application in the admin
// area (OAuth applications, with the "MCP connections" beta feature on, as the demo school has it),
// selects its scopes and hands out the client_id; a person with a role at the site authorizes it.
import * as client from 'openid-client';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { consentOverHttp } from '../support/consent.ts';
import type { CookieJar } from '../support/cookie-jar.ts';
import { checksOf, configureClient, startAuthorization } from '../support/openid-client.ts';
import { createMemberApplication, signedIn } from '../web/area-http.ts';
import { VIEWER_QUERY } from './words.ts';
import { postGraphQL } from './wire.ts';

const origin = inject('primaryOrigin');
const redirectUri = 'http://127.0.0.1:43908/callback';

describe('Authentication 4: a member application created by a site operator', () => {
  let owner: CookieJar;
  let config: client.Configuration;
  beforeAll(async () => {
    owner = await signedIn(origin, ACCOUNTS.owner); // one sign-in: the admin area and the authorization share it
    const { clientId } = await createMemberApplication(origin, owner, {
      name: 'Seed Study Planner',
      redirectUris: ['http://127.0.0.1/callback'],
      scopes: ['openid', 'account:read'],
    });
    config = await configureClient(origin, clientId, redirectUri, { token_endpoint_auth_method: 'none' });
  });

  it('Authentication 4 and Member data API: the client_id the operator gives out is authorized by a person with a role at the site, and its token reads /account/graphql', async () => {
    const started = await startAuthorization(config, redirectUri, 'openid account:read', origin);
    const callback = await consentOverHttp(started.url, { email: ACCOUNTS.owner }, owner);
    const tokens = await client.authorizationCodeGrant(config, callback, checksOf(started), { resource: origin });
    const reply = await postGraphQL(origin, VIEWER_QUERY, tokens.access_token);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data.viewer.email).toBe(ACCOUNTS.owner);
  });

  it('Authentication 4: the operator selects the scopes; a scope it did not select is never granted, and the token response says what was (RFC 6749 3.3)', async () => {
    const started = await startAuthorization(config, redirectUri, 'openid account:read account:write', origin);
    const callback = await consentOverHttp(started.url, { email: ACCOUNTS.owner }, owner);
    const tokens = await client.authorizationCodeGrant(config, callback, checksOf(started), { resource: origin });
    expect(tokens.scope?.split(' ').sort()).toEqual(['account:read', 'openid']);
  });
});
