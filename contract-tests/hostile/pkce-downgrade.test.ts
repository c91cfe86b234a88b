// PKCE downgrade (RFC 9700 4.8 and 2.1.1; RFC 7636 4.2–4.6): the
// authorization endpoint takes S256 only, spelled exactly, with a well-formed challenge, and the
// token endpoint redeems a code only with the verifier of its own challenge. A plain-method request
// (code_challenge_method=plain) is covered by contract-tests/oauth/authorize.test.ts and a missing
// verifier by contract-tests/oauth/token.test.ts; this file adds the other ways to get there.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { authorizeUrl, challengeOf, loopbackClient } from './flows.ts';

const origin = inject('primaryOrigin');
let client: Awaited<ReturnType<typeof loopbackClient>>;

beforeAll(async () => {
  client = await loopbackClient(origin, ACCOUNTS.admin, 'http://127.0.0.1:47100/callback');
});

/**
 * The error the authorization endpoint sends back to the (verified) client; null when the request
 * passed every check; 'page' when it was refused before the client was verified (a repeated
 * parameter breaks the request's schema, RFC 6749 3.1).
 */
async function authorizationError(params: Record<string, string | string[] | undefined>): Promise<string | null> {
  const base = {
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    scope: 'courses:read',
    state: 'st',
  };
  const response = await fetch(authorizeUrl(origin, { ...base, ...params }), { redirect: 'manual' });
  if (response.status === 400 && response.headers.get('location') === null) return 'page';
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!, origin);
  // Nobody is signed in: a request that passed every check goes to the sign-in page instead.
  if (location.origin === origin) return null;
  expect(`${location.origin}${location.pathname}`).toBe(client.redirectUri);
  return location.searchParams.get('error');
}

describe('the authorization request cannot ask for less than S256 (RFC 9700 4.8.2; RFC 7636 4.3, 4.4.1)', () => {
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it('control: S256 with a 43-character challenge passes every check', async () => {
    expect(await authorizationError({ code_challenge: challenge, code_challenge_method: 'S256' })).toBeNull();
  });

  it('a code_challenge without code_challenge_method (RFC 7636 4.3: that means plain) is invalid_request', async () => {
    expect(await authorizationError({ code_challenge: challenge })).toBe('invalid_request');
  });

  it.each(['s256', 'S256 ', 'SHA256', 'S512', '', 'none'])(
    'code_challenge_method=%j is invalid_request: method names are exact (RFC 7636 4.3)',
    async (method) => {
      expect(await authorizationError({ code_challenge: challenge, code_challenge_method: method })).toBe(
        'invalid_request',
      );
    },
  );

  it.each([
    ['a plain verifier of 64 characters sent as the challenge', 'a'.repeat(64)],
    ['42 characters', challenge.slice(0, 42)],
    ['44 characters', `${challenge}A`],
    ['base64 padding', `${challenge.slice(0, 42)}=`],
    ['standard base64 characters', challenge.replace('-', '+')],
  ])(
    'a code_challenge of %s is invalid_request: S256 gives 43 base64url characters (RFC 7636 4.2)',
    async (_name, value) => {
      expect(await authorizationError({ code_challenge: value, code_challenge_method: 'S256' })).toBe(
        'invalid_request',
      );
    },
  );

  it('a repeated code_challenge or code_challenge_method is refused (RFC 6749 3.1)', async () => {
    expect(
      await authorizationError({ code_challenge: [challenge, 'b'.repeat(43)], code_challenge_method: 'S256' }),
    ).not.toBeNull();
    expect(
      await authorizationError({ code_challenge: challenge, code_challenge_method: ['S256', 'plain'] }),
    ).not.toBeNull();
  });
});

describe('the token request must prove the challenge (RFC 7636 4.5, 4.6; RFC 9700 2.1.1, 4.8)', () => {
  it('the verifier of another authorization is invalid_grant, and the code is spent (RFC 7636 4.6; RFC 9700 2.1.1)', async () => {
    const mine = await client.authorize();
    const other = await client.authorize();
    const refused = await client.exchange(mine, { code_verifier: other.codeVerifier });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
    // A failed exchange burns the code: the right verifier cannot redeem it afterwards.
    expect((await client.exchange(mine)).body.error).toBe('invalid_grant');
    // The other authorization is untouched by the attempt.
    expect((await client.exchange(other)).status).toBe(200);
  });

  it('the code_challenge itself sent as code_verifier (a plain downgrade at the token endpoint) is invalid_grant (RFC 9700 4.8.2)', async () => {
    const outcome = await client.authorize();
    const challenge = await challengeOf(outcome.codeVerifier);
    const refused = await client.exchange(outcome, { code_verifier: challenge, code_challenge_method: 'plain' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
  });

  it.each([
    ['42 characters', 'x'.repeat(42)],
    ['129 characters', 'x'.repeat(129)],
    ['characters outside the unreserved set', `${'x'.repeat(42)}+`],
  ])('a code_verifier of %s is refused (RFC 7636 4.1)', async (_name, verifier) => {
    const outcome = await client.authorize();
    const refused = await client.exchange(outcome, { code_verifier: verifier });
    expect(refused.status).toBe(400);
    expect(['invalid_request', 'invalid_grant']).toContain(refused.body.error);
  });

  it('a repeated code_verifier, even with the right one first, is refused (RFC 6749 3.1)', async () => {
    const outcome = await client.authorize();
    const refused = await client.exchange(outcome, { code_verifier: [outcome.codeVerifier, 'y'.repeat(43)] });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_request');
  });

  it('control: the right verifier, sent once, redeems the code', async () => {
    const outcome = await client.authorize();
    const response = await client.exchange(outcome);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.access_token).toEqual(expect.any(String));
  });
});
