// A second school on the same deployment is its own origin and issuer: its token is refused at this
// origin's /account/graphql (Errors), and Authentication 7's condition for an ID token is read from
// its own discovery (a school that does not list both signing fields issues none: use UserInfo).
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { authorizeInBrowser, discover, registerLoopbackClient } from '../support/oauth-flow.ts';
import { CLAIMS, resourceMetadataOf, VIEWER_QUERY } from './words.ts';
import { getUserInfo, postForm, postGraphQL } from './wire.ts';

type Tokens = { access_token: string; id_token?: string };

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const redirectUri = 'http://127.0.0.1:43906/callback';

describe.skipIf(!secondary)('a token issued by another origin', () => {
  let tokens: Tokens;
  let discovery: Record<string, unknown>;
  beforeAll(async () => {
    const as = await discover(secondary);
    const client = await registerLoopbackClient(as, { redirect_uris: [redirectUri] });
    const outcome = await authorizeInBrowser(as, {
      clientId: client.client_id,
      redirectUri,
      // Which claims depend on which scope is not specified: ask for every identity scope.
      scope: 'openid profile email courses:read',
      email: ACCOUNTS.secondSchoolOwner,
    });
    // The exchange on the wire, so that the test sees the response as sent, id_token or not.
    const exchanged = await postForm(`${secondary}/api/oauth/token`, {
      grant_type: 'authorization_code',
      code: outcome.callback.searchParams.get('code')!,
      redirect_uri: redirectUri,
      client_id: client.client_id,
      code_verifier: outcome.codeVerifier,
    });
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    tokens = exchanged.body as Tokens;
    discovery = (await (await fetch(`${secondary}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
  });

  it('Errors: /account/graphql answers a token issued for a different origin with HTTP 401 invalid_token and a resource_metadata pointer', async () => {
    const reply = await postGraphQL(origin, VIEWER_QUERY, tokens.access_token);
    expect(reply.status).toBe(401);
    const challenge = reply.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain('error="invalid_token"');
    expect(challenge).toContain(resourceMetadataOf(origin));
  });

  it('Authentication 7: an id_token comes only when discovery lists both id_token_signing_alg_values_supported and jwks_uri; UserInfo serves the claims either way', async () => {
    const listsBoth = 'id_token_signing_alg_values_supported' in discovery && 'jwks_uri' in discovery;
    expect(tokens.id_token !== undefined).toBe(listsBoth);
    const userinfo = await getUserInfo(secondary, tokens.access_token);
    expect(userinfo.status).toBe(200);
    for (const claim of CLAIMS) expect(userinfo.body).toHaveProperty(claim);
  });
});
