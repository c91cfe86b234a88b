// OpenID Connect Back-Channel Logout 1.0 against an instance of this suite's own (development
// addresses allowed, WEBHOOK_ALLOW_PRIVATE_ADDRESSES, so the logout token reaches a receiver on
// loopback; a short outbox back-off, so the retry comes within the test). A loopback client registers
// a backchannel_logout_uri; the owner signs in to it (openid-client), and when the session ends
// (RP-Initiated Logout, or "Sign out everywhere" on the sessions page) the receiver gets a logout
// token: form-encoded, signed by a key of the school's JWKS, typ logout+jwt, with iss, aud, iat,
// exp, jti, the back-channel event, the ID token's sid and sub, and no nonce. A receiver that
// answers 500 gets the same logout again.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { consentOverHttp } from '../support/consent.ts';
import { browserFetch, CookieJar } from '../support/cookie-jar.ts';
import { startAuthorization } from '../support/openid-client.ts';
import type { Instance } from '../reliability/instance.ts';
import { ownInstanceUnavailable, startOwnInstance } from '../service/own-instance.ts';
import { csrfFor, pageHtml, postForm } from '../web/area-http.ts';

const EVENT = 'http://schemas.openid.net/event/backchannel-logout';
const redirectUri = 'http://127.0.0.1:43194/callback';

type Received = { contentType: string | undefined; body: URLSearchParams; status: number };

/** A relying party's back-channel endpoint: answers the first `failFirst` requests with 500, then 200. */
async function startReceiver(failFirst: number) {
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const status = received.length < failFirst ? 500 : 200;
      received.push({ contentType: req.headers['content-type'], body: new URLSearchParams(raw), status });
      res.writeHead(status, { 'cache-control': 'no-store' }).end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/backchannel-logout`,
    received,
    async waitFor(count: number, timeoutMs = 20_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} of ${count} logout requests arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 250);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(ownInstanceUnavailable)('Back-Channel Logout 1.0 (/auth.md "Signing out")', () => {
  let instance: Instance;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let config: client.Configuration;

  beforeAll(async () => {
    receiver = await startReceiver(1);
    instance = await startOwnInstance({
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      OUTBOX_RETRY_BASE_MS: '300',
      OUTBOX_POLL_MS: '200',
      // Low enough to reach in the last test: the end-session endpoint's sign-in limit per address.
      RATE_LIMIT_OVERRIDES: 'signInPerAddress=10',
    });
    config = await client.dynamicClientRegistration(
      new URL(instance.origin),
      {
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'none',
        client_name: 'Back-Channel Logout contract test',
        backchannel_logout_uri: receiver.url,
        backchannel_logout_session_required: true,
      },
      client.None(),
      { execute: [client.allowInsecureRequests] },
    );
  }, 120_000);

  afterAll(async () => {
    await instance?.stop();
    await receiver?.close();
  });

  async function signIn(jar: CookieJar): Promise<{ sid: string; sub: string; idToken: string }> {
    const started = await startAuthorization(config, redirectUri, 'openid');
    const callback = await consentOverHttp(started.url, { email: ACCOUNTS.owner }, jar);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    return { sid: claims.sid as string, sub: claims.sub, idToken: tokens.id_token! };
  }

  /** Back-Channel Logout 1.0 2.4, 2.6: what a relying party checks of a logout token. */
  async function verifiedLogoutToken(received: Received) {
    expect(received.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    const token = received.body.get('logout_token')!;
    const jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri!));
    const { payload, protectedHeader } = await jwtVerify(token, jwks, {
      issuer: instance.origin,
      audience: config.clientMetadata().client_id,
      typ: 'logout+jwt',
    });
    expect(protectedHeader.kid).toBeTruthy();
    expect(payload.events).toEqual({ [EVENT]: {} });
    expect(payload).not.toHaveProperty('nonce');
    expect(typeof payload.jti).toBe('string');
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(300);
    return payload;
  }

  it('discovery says back-channel logout with sid is supported, and registration keeps the URI (2.1, 2.2)', async () => {
    const openid = (await (await fetch(`${instance.origin}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(openid.backchannel_logout_supported).toBe(true);
    expect(openid.backchannel_logout_session_supported).toBe(true);
    expect(config.clientMetadata().backchannel_logout_uri).toBe(receiver.url);
  });

  it("RP-Initiated Logout sends a signed logout token with the session's sid and sub, and sends it again after a 500 (2.4-2.8)", async () => {
    const jar = new CookieJar();
    const { sid, sub, idToken } = await signIn(jar);
    const logout = await browserFetch(jar, client.buildEndSessionUrl(config, { id_token_hint: idToken }).toString());
    expect(logout.status).toBe(200);
    await receiver.waitFor(2);
    const [first, second] = receiver.received as [Received, Received];
    expect(first.status).toBe(500);
    expect(second.status).toBe(200);
    const payload = await verifiedLogoutToken(second);
    expect(payload.sid).toBe(sid);
    expect(payload.sub).toBe(sub);
    // The retry is the same logout: the same jti.
    expect(decodeJwt(first.body.get('logout_token')!).jti).toBe(payload.jti);
  }, 60_000);

  it('"Sign out everywhere" on the sessions page tells the client of each session that signed in to it', async () => {
    const before = receiver.received.length;
    const jar = new CookieJar();
    const { sid } = await signIn(jar);
    const page = await pageHtml(jar, `${instance.origin}/account/sessions`);
    const ended = await postForm(jar, `${instance.origin}/account/sessions/end-all`, [
      ['csrf_token', csrfFor(page, '/account/sessions/end-all')],
    ]);
    expect(ended.status).toBe(303);
    await receiver.waitFor(before + 1);
    const sids = await Promise.all(
      receiver.received.slice(before).map(async (r) => (await verifiedLogoutToken(r)).sid),
    );
    expect(sids).toContain(sid);
  }, 60_000);

  it('the end-session endpoint is held to the sign-in limit per address: 429 with Retry-After and RateLimit (/auth.md "Signing out")', async () => {
    let answer: Response | undefined;
    for (let i = 0; i < 12; i++) {
      answer = await fetch(`${instance.origin}/oauth/logout?state=${i}`, { redirect: 'manual' });
      if (answer.status === 429) break;
      expect(answer.status).toBe(200);
    }
    expect(answer!.status).toBe(429);
    expect(Number(answer!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answer!.headers.get('ratelimit-policy')).toMatch(/^10;w=/);
    expect(answer!.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
