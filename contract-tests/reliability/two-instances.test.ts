// docs/operations.md "Several instances", any number of stateless instances on one PostgreSQL: two `node src/main.ts` processes
// share one scratch database and one KEY_ENCRYPTION_KEY, and serve the same school. Instance B is
// reached with A's Host header (fetchVia), so everything A issued must be honoured at B at once,
// except the signing-key choice, which the documented KEY_STATE_CACHE_SECONDS may delay.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import { KEY_STATE_CACHE_SECONDS } from '../../src/services/auth/keys/signing-keys.ts';
import { CLIENTS } from '../support/accounts.ts';
import { CookieJar } from '../support/cookie-jar.ts';
import { authorizeInBrowser, discover, exchangeCode, insecure, type AuthorizeOutcome } from '../support/oauth-flow.ts';
import { DATABASE_URL, fetchVia, skipWithoutPostgres, startTwoInstances, type Instance } from './instance.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const redirectUri = 'http://127.0.0.1:43190/callback';
const client: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };

describe.skipIf(skipWithoutPostgres('two-instances.test.ts'))(
  'two instances on one PostgreSQL database (docs/operations.md "Several instances")',
  () => {
    let scratch: { url: string; drop: () => Promise<void> } | undefined;
    let env: Record<string, string>;
    const instances: Instance[] = [];
    let a: Instance;
    let b: Instance;
    let as: oauth.AuthorizationServer;
    let viaB: ReturnType<typeof fetchVia>;
    const jar = new CookieJar(); // one browser, signed in at A for the whole file

    beforeAll(async () => {
      scratch = await createScratchPostgresDatabase(DATABASE_URL!);
      // Both start at once on the empty database, as a deployment rolls out: migrations and the
      // demo seed must serialise themselves.
      ({ a, b, env } = await startTwoInstances(scratch.url));
      instances.push(a, b);
      as = await discover(a.origin);
      viaB = fetchVia(b.port);
    }, 150_000);

    afterAll(async () => {
      await Promise.allSettled(instances.map((instance) => instance.stop()));
      await scratch?.drop();
    });

    const signInAtA = (): Promise<AuthorizeOutcome> =>
      authorizeInBrowser(as, {
        clientId: client.client_id,
        redirectUri,
        scope: 'openid account:read',
        resource: a.origin,
        jar,
      });
    const issuedAtA = async () => exchangeCode(as, client, oauth.None(), await signInAtA(), redirectUri, a.origin);

    async function exchangeAtB(outcome: AuthorizeOutcome) {
      const params = oauth.validateAuthResponse(as, client, outcome.callback, outcome.state);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        redirectUri,
        outcome.codeVerifier,
        {
          ...insecure,
          [oauth.customFetch]: viaB,
          additionalParameters: { resource: a.origin },
        },
      );
      return oauth.processAuthorizationCodeResponse(as, client, response, {
        expectedNonce: outcome.nonce,
        requireIdToken: true,
      });
    }

    const userinfo = (send: typeof fetch | typeof viaB, token: string) =>
      send(`${a.origin}/api/oauth/userinfo`, { headers: { authorization: `Bearer ${token}` } });
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

    it('B serves the school of A’s origin (schools are found by origin, not by instance)', async () => {
      const response = await viaB(`${a.origin}/.well-known/oauth-authorization-server`, {});
      expect(response.status).toBe(200);
      expect((await response.json()).issuer).toBe(a.origin);
      expect(b.stdout()).toContain(`"host":"${new URL(a.origin).host}"`); // B answered, under A's host
    });

    it('a code issued at A is exchanged at B, and only once across both (RFC 6749 4.1.2)', async () => {
      const outcome = await signInAtA();
      const tokens = await exchangeAtB(outcome);
      expect(tokens.access_token).toMatch(/^sca_/);
      const code = outcome.callback.searchParams.get('code')!;
      const replay = await fetch(
        `${a.origin}/api/oauth/token`,
        form({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          code_verifier: outcome.codeVerifier,
          client_id: client.client_id,
          resource: a.origin,
        }),
      );
      expect(replay.status).toBe(400);
      expect((await replay.json()).error).toBe('invalid_grant');
    });

    it('an access token issued at A is accepted at B (RFC 6750 2.1)', async () => {
      const tokens = await issuedAtA();
      const [atA, atB] = [await userinfo(fetch, tokens.access_token), await userinfo(viaB, tokens.access_token)];
      expect(atB.status).toBe(200);
      expect((await atB.json()).sub).toBe((await atA.json()).sub);
    });

    it('a revocation at A is refused at B on the very next request (RFC 7009 2)', async () => {
      const tokens = await issuedAtA();
      expect((await userinfo(viaB, tokens.access_token)).status).toBe(200); // B has seen the token live
      const revoked = await fetch(
        `${a.origin}/api/oauth/revoke`,
        form({ token: tokens.access_token, token_type_hint: 'access_token', client_id: client.client_id }),
      );
      expect(revoked.status).toBe(200);
      const refused = await userinfo(viaB, tokens.access_token);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
      // Revoking the refresh token at A ends the grant (RFC 7009 2.1): B refuses the refresh at once.
      await fetch(
        `${a.origin}/api/oauth/revoke`,
        form({ token: tokens.refresh_token!, token_type_hint: 'refresh_token', client_id: client.client_id }),
      );
      const refresh = await viaB(
        `${a.origin}/api/oauth/token`,
        form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: client.client_id }),
      );
      expect(refresh.status).toBe(400);
      expect((await refresh.json()).error).toBe('invalid_grant');
    });

    it('a refresh token issued at A is rotated at B, and the new access token works at A (RFC 6749 6)', async () => {
      const tokens = await issuedAtA();
      const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, {
        ...insecure,
        [oauth.customFetch]: viaB,
      });
      const refreshed = await oauth.processRefreshTokenResponse(as, client, response);
      expect(refreshed.refresh_token).toMatch(/^scr_/);
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
      expect((await userinfo(fetch, refreshed.access_token)).status).toBe(200);
    });

    it(`a key rotated at A signs ID tokens at B within KEY_STATE_CACHE_SECONDS = ${KEY_STATE_CACHE_SECONDS} s (OIDC Core 10.1.1)`, async () => {
      // B signs once first, so that it caches the current key, as a busy instance would.
      const before = decodeProtectedHeader((await exchangeAtB(await signInAtA())).id_token!);
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['scripts/signing-keys.ts', 'rotate', '--site', 'demo-academy', '--alg', before.alg!],
        { cwd: ROOT, env: { ...process.env, ...env, NODE_ENV: 'test' } },
      );
      const rotatedAt = Date.now();
      const newKid = new RegExp(`${before.alg}: now signing with (\\S+);`).exec(stdout)?.[1];
      expect(newKid, stdout).toBeDefined();
      expect(newKid).not.toBe(before.kid);

      // Poll B with fresh codes until it signs with the new key; every token must verify with B's JWKS.
      const deadline = rotatedAt + (KEY_STATE_CACHE_SECONDS + 3) * 1000;
      let kid = before.kid;
      while (kid !== newKid && Date.now() < deadline) {
        const idToken = (await exchangeAtB(await signInAtA())).id_token!;
        const jwks = createLocalJWKSet(await (await viaB(`${a.origin}/.well-known/jwks.json`, {})).json());
        await jwtVerify(idToken, jwks, { issuer: a.origin, audience: client.client_id });
        kid = decodeProtectedHeader(idToken).kid;
        if (kid !== newKid) await new Promise((r) => setTimeout(r, 1_000));
      }
      expect(
        kid,
        `B still signed with ${kid} ${Math.round((Date.now() - rotatedAt) / 1000)} s after the rotation`,
      ).toBe(newKid);
    }, 60_000);
  },
);
