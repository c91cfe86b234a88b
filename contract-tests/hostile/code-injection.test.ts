// Authorization code injection across clients (RFC 9700 4.5; RFC 6749
// 4.1.3): a code is redeemed only by the client it was issued to, at the exact redirect URI of its
// request (a loopback port included), only as a code, and a failed attempt spends it. A code
// injected into another transaction of the same client fails on PKCE (pkce-downgrade.test.ts,
// "the verifier of another authorization"); a confidential client presenting a public client's
// code is covered by contract-tests/oauth/token.test.ts.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { authorizeInBrowser } from '../support/oauth-flow.ts';
import { formPost, loopbackClient } from './flows.ts';

const origin = inject('primaryOrigin');
const tokenUrl = `${origin}/api/oauth/token`;
let victim: Awaited<ReturnType<typeof loopbackClient>>;
let attacker: Awaited<ReturnType<typeof loopbackClient>>;

beforeAll(async () => {
  victim = await loopbackClient(origin, ACCOUNTS.admin, 'http://127.0.0.1:47200/callback');
  attacker = await loopbackClient(origin, ACCOUNTS.lecturer, 'http://127.0.0.1:47200/callback');
});

describe('a code belongs to its client (RFC 6749 4.1.3; RFC 9700 4.5)', () => {
  it('another public client presenting a stolen code with its verifier and the same redirect URI gets invalid_grant, and the code is spent', async () => {
    const outcome = await victim.authorize();
    const stolen = await victim.exchange(outcome, { client_id: attacker.clientId });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('invalid_grant');
    expect((await victim.exchange(outcome)).body.error).toBe('invalid_grant');
  });

  it("a member application's code is invalid_grant for an operator client and for the vendor integration", async () => {
    const redirectUri = 'http://127.0.0.1:47201/callback';
    for (const thief of [attacker.clientId, CLIENTS.vendorClientId]) {
      const outcome = await authorizeInBrowser(victim.as, {
        clientId: CLIENTS.memberApp,
        redirectUri,
        scope: 'openid account:read',
        resource: origin,
        email: ACCOUNTS.student2,
      });
      const stolen = await formPost(tokenUrl, {
        grant_type: 'authorization_code',
        code: outcome.callback.searchParams.get('code')!,
        redirect_uri: redirectUri,
        code_verifier: outcome.codeVerifier,
        client_id: thief,
        resource: origin,
      });
      expect(stolen.status, thief).toBe(400);
      expect(stolen.body.error, thief).toBe('invalid_grant');
    }
  });

  it('control: the client it was issued to redeems a code', async () => {
    const response = await victim.exchange(await victim.authorize());
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  });
});

describe('a code belongs to the redirect URI of its request (RFC 6749 4.1.3; RFC 8252 7.3)', () => {
  it('a code issued at one loopback port is invalid_grant at another port of the same registered URI', async () => {
    const outcome = await victim.authorize('courses:read', 'http://127.0.0.1:47202/callback');
    const refused = await victim.exchange(outcome, { redirect_uri: 'http://127.0.0.1:47203/callback' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
  });

  it('a code issued at a loopback port is invalid_grant at the registered URI without that port', async () => {
    const outcome = await victim.authorize('courses:read', 'http://127.0.0.1:47204/callback');
    const refused = await victim.exchange(outcome, { redirect_uri: 'http://127.0.0.1/callback' });
    expect(refused.body.error).toBe('invalid_grant');
  });

  it('control: the exact redirect URI of the request, port included, redeems it', async () => {
    const outcome = await victim.authorize('courses:read', 'http://127.0.0.1:47205/callback');
    expect((await victim.exchange(outcome, { redirect_uri: 'http://127.0.0.1:47205/callback' })).status).toBe(200);
  });
});

describe('a code is only a code (RFC 6749 4.1.3, 6; token confusion)', () => {
  it('a code sent as a refresh token is invalid_grant, and still redeems as a code afterwards', async () => {
    const outcome = await victim.authorize();
    const code = outcome.callback.searchParams.get('code')!;
    const confused = await formPost(tokenUrl, {
      grant_type: 'refresh_token',
      refresh_token: code,
      client_id: victim.clientId,
    });
    expect(confused.status).toBe(400);
    expect(confused.body.error).toBe('invalid_grant');
    expect((await victim.exchange(outcome)).status).toBe(200);
  });

  it('an access token or a refresh token sent as a code is invalid_grant', async () => {
    const tokens = (await victim.exchange(await victim.authorize())).body;
    for (const token of [tokens.access_token as string, tokens.refresh_token as string]) {
      const outcome = await victim.authorize();
      const confused = await victim.exchange(outcome, { code: token });
      expect(confused.status).toBe(400);
      expect(confused.body.error).toBe('invalid_grant');
    }
  });
});
