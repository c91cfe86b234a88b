// The end-session endpoint under drawn requests (RP-Initiated Logout 1.0 2, 3.1; RFC 9700 4.11.2;
// /auth.md "Signing out"): whatever the mix of client_id, post_logout_redirect_uri, id_token_hint,
// state, CSRF token and decision, by GET or POST, the only redirect ever answered is the exactly
// registered post-logout URI with the request's state (never an open redirector), and the browser's
// session ends only on an id_token_hint of that very session or the confirmation form with this
// session's CSRF token and decision=sign_out (no other site can sign the person out). fast-check
// draws the requests from a fixed seed (FUZZ_SEED), so a finding replays.
import fc from 'fast-check';
import * as client from 'openid-client';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { consentOverHttp } from '../support/consent.ts';
import { browserFetch, CookieJar, formFields } from '../support/cookie-jar.ts';
import { startAuthorization } from '../support/openid-client.ts';

const origin = inject('primaryOrigin');
const redirectUri = 'http://127.0.0.1:43195/callback';
const registered = 'http://127.0.0.1:43195/signed-out';
const SEED = Number(process.env.FUZZ_SEED ?? 42);
const RUNS = Number(process.env.END_SESSION_FUZZ_RUNS ?? 30);

type Case = {
  method: 'GET' | 'POST';
  clientId: 'ours' | 'unknown' | 'none';
  redirect: 'registered' | 'suffixed' | 'evil' | 'scheme-relative' | 'javascript' | 'none';
  hint: 'this-session' | 'other-session' | 'garbage' | 'none';
  state: string | undefined;
  csrf: 'valid' | 'forged' | 'none';
  decision: 'sign_out' | 'stay' | 'none';
};

describe('the end-session endpoint under drawn requests (RP-Initiated Logout 1.0; RFC 9700 4.11.2)', () => {
  let config: client.Configuration;
  let otherHint: string;

  async function signIn(jar: CookieJar): Promise<string> {
    const started = await startAuthorization(config, redirectUri, 'openid');
    const callback = await consentOverHttp(started.url, { email: ACCOUNTS.owner }, jar);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
      idTokenExpected: true,
    });
    return tokens.id_token!;
  }

  beforeAll(async () => {
    config = await client.dynamicClientRegistration(
      new URL(origin),
      { redirect_uris: [redirectUri], post_logout_redirect_uris: [registered], token_endpoint_auth_method: 'none' },
      client.None(),
      { execute: [client.allowInsecureRequests] },
    );
    otherHint = await signIn(new CookieJar());
  });

  it('redirects only to the registered URI with state, and ends the session only on its own hint or its confirmed form', async () => {
    const findings: string[] = [];
    // The draw must reach both outcomes, or the properties were never put to the test.
    let ended = 0;
    let redirected = 0;
    let jar = new CookieJar();
    let hint = await signIn(jar);
    const cases = fc.record<Case>({
      method: fc.constantFrom('GET', 'POST'),
      clientId: fc.constantFrom('ours', 'unknown', 'none'),
      redirect: fc.constantFrom('registered', 'suffixed', 'evil', 'scheme-relative', 'javascript', 'none'),
      hint: fc.constantFrom('this-session', 'other-session', 'garbage', 'none'),
      state: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
      csrf: fc.constantFrom('valid', 'forged', 'none'),
      decision: fc.constantFrom('sign_out', 'stay', 'none'),
    });
    for (const drawn of fc.sample(cases, { seed: SEED, numRuns: RUNS })) {
      const signedInBefore = (await browserFetch(jar, `${origin}/account`)).status === 200;
      if (!signedInBefore) {
        jar = new CookieJar();
        hint = await signIn(jar);
      }
      const params: Record<string, string> = {};
      if (drawn.clientId === 'ours') params.client_id = config.clientMetadata().client_id;
      if (drawn.clientId === 'unknown') params.client_id = 'no-such-client';
      const redirects = {
        registered,
        suffixed: `${registered}/x`,
        evil: 'https://evil.example/',
        'scheme-relative': '//evil.example/',
        javascript: 'javascript:alert(1)',
      } as const;
      if (drawn.redirect !== 'none') params.post_logout_redirect_uri = redirects[drawn.redirect];
      if (drawn.hint === 'this-session') params.id_token_hint = hint;
      if (drawn.hint === 'other-session') params.id_token_hint = otherHint;
      if (drawn.hint === 'garbage') params.id_token_hint = 'eyJhbGciOiJub25lIn0.e30.';
      if (drawn.state !== undefined) params.state = drawn.state;

      let response: Response;
      if (drawn.method === 'GET') {
        response = await browserFetch(jar, `${origin}/oauth/logout?${new URLSearchParams(params)}`);
      } else {
        let csrf: string | undefined;
        if (drawn.csrf === 'valid') {
          // The confirmation page of this session carries its token.
          const page = await browserFetch(jar, `${origin}/oauth/logout?state=peek`);
          csrf = formFields(await page.text()).csrf_token;
        }
        if (drawn.csrf === 'forged') csrf = 'forged-token';
        const form = { ...params };
        if (csrf !== undefined) form.csrf_token = csrf;
        if (drawn.decision !== 'none') form.decision = drawn.decision;
        response = await browserFetch(jar, `${origin}/oauth/logout`, { form });
      }
      const signedInAfter = (await browserFetch(jar, `${origin}/account`)).status === 200;
      const label = JSON.stringify(drawn);

      if (![200, 303, 400].includes(response.status)) findings.push(`${label}: status ${response.status}`);
      const location = response.headers.get('location');
      if (signedInBefore && !signedInAfter) ended++;
      if (location !== null) {
        redirected++;
        const expected = new URL(registered);
        if (drawn.state !== undefined) expected.searchParams.set('state', drawn.state);
        if (location !== expected.toString()) findings.push(`${label}: redirected to ${location}`);
      }
      const allowedToEnd =
        drawn.hint === 'this-session' ||
        (drawn.method === 'POST' && drawn.csrf === 'valid' && drawn.decision === 'sign_out');
      if (signedInBefore && !signedInAfter && !allowedToEnd) findings.push(`${label}: the session ended`);
    }
    expect(findings, `replay with FUZZ_SEED=${SEED}`).toEqual([]);
    expect(ended).toBeGreaterThan(0);
    expect(redirected).toBeGreaterThan(0);
  }, 120_000);
});
