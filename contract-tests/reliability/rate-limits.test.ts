// /auth.md "Rate limits": shared across instances, with 429, Retry-After and RateLimit headers:
// sign-in attempts per account and per address, token requests per client, registrations per
// address, metadata-document fetches per host, MCP tool calls per token; documented in /auth.md.
// Each limit is lowered with RATE_LIMIT_OVERRIDES (which /auth.md must then show), and its requests
// alternate between two instances on one PostgreSQL database, so a limit holds only if the count
// is shared. On PGlite one instance serves them all. TRUST_PROXY lets each test come from its own
// address (X-Forwarded-For), so the per-address limits of one test do not spill into another.
import { randomBytes } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { CookieJar, formFields } from '../support/cookie-jar.ts';
import { authorizeInBrowser, discover, exchangeCode } from '../support/oauth-flow.ts';
import { DATABASE_URL, fetchVia, freePort, newKeyEncryptionKey, startInstance, type Instance } from './instance.ts';

const LIMITS = {
  signInPerAccount: 3,
  signInPerAddress: 5,
  tokenPerClient: 4,
  registrationPerAddress: 3,
  metadataFetchPerHost: 2,
  mcpToolCallsPerToken: 3,
};
const OVERRIDES = Object.entries(LIMITS)
  .map(([name, limit]) => `${name}=${limit}`)
  .join(',');

/** Waits for the next fixed window when fewer than `seconds` are left in this one (a run must not straddle two). */
async function awayFromWindowEdge(windowSeconds: number, seconds = 10): Promise<void> {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < seconds) await new Promise((r) => setTimeout(r, left * 1000 + 250));
}

/** The 429 of a limit: Retry-After within the window, RateLimit with nothing left, RateLimit-Policy naming the limit. */
function expectLimited(response: Response, limit: number, windowSeconds: number): void {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(response.headers.get('ratelimit')).toMatch(new RegExp(`^limit=${limit}, remaining=0, reset=\\d+$`));
  expect(response.headers.get('ratelimit-policy')).toBe(`${limit};w=${windowSeconds}`);
}

const shared = DATABASE_URL ? 'counted across two instances on one database' : 'one instance (PGlite)';

describe(`rate limits (/auth.md "Rate limits"): 429, Retry-After, RateLimit, RateLimit-Policy; ${shared}`, () => {
  let scratch: { url: string; drop: () => Promise<void> } | undefined;
  const instances: Instance[] = [];
  let origin: string;
  /** The i-th request goes to instance i mod n, always under the first instance's origin. */
  let at: (
    i: number,
  ) => (url: string, init?: { method?: string; headers?: Record<string, string>; body?: string }) => Promise<Response>;

  beforeAll(async () => {
    scratch = DATABASE_URL ? await createScratchPostgresDatabase(DATABASE_URL) : undefined;
    const portA = await freePort();
    origin = `http://localhost:${portA}`;
    const env = {
      PUBLIC_URL: origin,
      SECOND_SITE_URL: `http://127.0.0.1:${portA}`,
      TRUST_PROXY: 'true',
      RATE_LIMIT_OVERRIDES: OVERRIDES,
      KEY_ENCRYPTION_KEY: newKeyEncryptionKey(),
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    };
    const ports = scratch ? [portA, await freePort()] : [portA];
    const started = await Promise.allSettled(ports.map((port) => startInstance(env, { port, readyMs: 120_000 })));
    for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    const senders = instances.map((instance, i) =>
      i === 0
        ? (url: string, init?: RequestInit) => fetch(url, { ...init, redirect: 'manual' })
        : fetchVia(instance.port),
    );
    at = (i) => senders[i % senders.length] as ReturnType<typeof at>;
  }, 150_000);

  afterAll(async () => {
    await Promise.allSettled(instances.map((instance) => instance.stop()));
    await scratch?.drop();
  });

  async function signInForm(): Promise<{ cookie: string; fields: Record<string, string> }> {
    const jar = new CookieJar();
    const page = await fetch(`${origin}/oauth/sign-in`);
    jar.store(origin, page);
    return { cookie: jar.header(origin), fields: formFields(await page.text()) };
  }

  const signIn = (
    i: number,
    form: { cookie: string; fields: Record<string, string> },
    email: string,
    address: string,
  ) =>
    at(i)(`${origin}/oauth/sign-in`, {
      method: 'POST',
      headers: { cookie: form.cookie, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
      body: new URLSearchParams({ ...form.fields, email, password: 'wrong-password' }).toString(),
    });

  // Per account is now the identity-wide token bucket of a day (guessing-limits.test.ts has the rest).
  it(`sign-in attempts per account: attempt ${LIMITS.signInPerAccount + 1} within a day is 429, from any address`, async () => {
    const form = await signInForm();
    for (let i = 0; i < LIMITS.signInPerAccount; i++)
      expect((await signIn(i, form, ACCOUNTS.lecturer, `198.51.100.${i + 1}`)).status).toBe(401);
    const refused = await signIn(LIMITS.signInPerAccount, form, ACCOUNTS.lecturer, '198.51.100.99');
    expectLimited(refused, LIMITS.signInPerAccount, 86_400);
  });

  it(`sign-in attempts per address: attempt ${LIMITS.signInPerAddress + 1} within 15 minutes is 429, whatever the account`, async () => {
    const form = await signInForm();
    for (let i = 0; i < LIMITS.signInPerAddress; i++)
      expect((await signIn(i, form, `nobody-${i}@example.test`, '203.0.113.50')).status).toBe(401);
    const refused = await signIn(LIMITS.signInPerAddress, form, 'someone-else@example.test', '203.0.113.50');
    expectLimited(refused, LIMITS.signInPerAddress, 900);
  });

  it(`token requests per client: request ${LIMITS.tokenPerClient + 1} within a minute is 429 slow_down (RFC 6749 5.2)`, async () => {
    await awayFromWindowEdge(60);
    // The confidential member application (the MCP test below needs the public one's budget).
    const basic = `Basic ${Buffer.from(`${CLIENTS.confidentialMemberApp}:${CLIENTS.confidentialSecret}`).toString('base64')}`;
    const request = (i: number) =>
      at(i)(`${origin}/api/oauth/token`, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
        body: `grant_type=refresh_token&refresh_token=scr_${randomBytes(8).toString('hex')}`,
      });
    for (let i = 0; i < LIMITS.tokenPerClient; i++) expect((await request(i)).status).toBe(400);
    const refused = await request(LIMITS.tokenPerClient);
    expectLimited(refused, LIMITS.tokenPerClient, 60);
    expect((await refused.json()).error).toBe('slow_down');
  });

  it('naming a confidential client without its secret spends none of its token budget (a client cannot be locked out by its client_id alone)', async () => {
    await awayFromWindowEdge(60);
    const registered = await at(0)(`${origin}/api/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.70' },
      body: JSON.stringify({
        client_name: 'Budget owner',
        redirect_uris: ['http://127.0.0.1/callback'],
        token_endpoint_auth_method: 'client_secret_post',
      }),
    });
    expect(registered.status).toBe(201);
    const { client_id, client_secret } = (await registered.json()) as { client_id: string; client_secret: string };
    const refresh = (i: number, secret: string, address: string) =>
      at(i)(`${origin}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: `scr_${randomBytes(8).toString('hex')}`,
          client_id,
          client_secret: secret,
        }).toString(),
      });
    for (let i = 0; i <= LIMITS.tokenPerClient * 2; i++)
      expect((await refresh(i, 'not-the-secret', '203.0.113.71')).status).toBe(401);
    // The client itself still has its whole budget: invalid_grant for the unknown refresh token, not 429.
    for (let i = 0; i < LIMITS.tokenPerClient; i++)
      expect((await refresh(i, client_secret, '203.0.113.72')).status).toBe(400);
    expectLimited(await refresh(LIMITS.tokenPerClient, client_secret, '203.0.113.72'), LIMITS.tokenPerClient, 60);
  });

  it(`registrations per address: registration ${LIMITS.registrationPerAddress + 1} within an hour is 429 (RFC 7591)`, async () => {
    const register = (i: number) =>
      at(i)(`${origin}/api/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.60' },
        body: JSON.stringify({ client_name: `Limit probe ${i}`, redirect_uris: ['http://127.0.0.1/callback'] }),
      });
    for (let i = 0; i < LIMITS.registrationPerAddress; i++) {
      const created = await register(i);
      expect(created.status).toBe(201);
      expect(created.headers.get('ratelimit')).toMatch(
        new RegExp(
          `^limit=${LIMITS.registrationPerAddress}, remaining=${LIMITS.registrationPerAddress - i - 1}, reset=\\d+$`,
        ),
      );
    }
    expectLimited(await register(LIMITS.registrationPerAddress), LIMITS.registrationPerAddress, 3600);
  });

  it(`metadata-document fetches per host: fetch ${LIMITS.metadataFetchPerHost + 1} within a minute is refused with a 429 page, unfetched`, async () => {
    await awayFromWindowEdge(60);
    // Demo Academy accepts metadata documents from localhost; nothing listens on this port, so
    // each allowed attempt fetches (and fails fast), and the limit is what stops the next fetch.
    const host = `localhost:${await freePort()}`;
    const authorize = (i: number) => {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: `https://${host}/client-${i}.json`,
        redirect_uri: 'https://app.example.test/cb',
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      });
      return at(i)(`${origin}/oauth/authorize?${query}`, {});
    };
    for (let i = 0; i < LIMITS.metadataFetchPerHost; i++) {
      const page = await authorize(i);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain('could not be fetched');
    }
    const refused = await authorize(LIMITS.metadataFetchPerHost);
    expectLimited(refused, LIMITS.metadataFetchPerHost, 60);
    expect(refused.headers.get('content-type')).toContain('text/html');
    expect(await refused.text()).toContain('Too many metadata document fetches');
  });

  it(`MCP tool calls per token: call ${LIMITS.mcpToolCallsPerToken + 1} within a minute is 429, as RATE_LIMIT_OVERRIDES sets it`, async () => {
    const as = await discover(origin);
    const client: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };
    const redirectUri = 'http://127.0.0.1:43196/callback';
    const outcome = await authorizeInBrowser(as, {
      clientId: client.client_id,
      redirectUri,
      scope: 'openid account:read',
      resource: origin,
      email: ACCOUNTS.student,
    });
    await awayFromWindowEdge(60);
    const { access_token: token } = await exchangeCode(as, client, oauth.None(), outcome, redirectUri, origin);
    const call = (i: number) =>
      at(i)(`${origin}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: i,
          method: 'tools/call',
          params: { name: 'my_enrolled_courses', arguments: { limit: 1 } },
        }),
      });
    for (let i = 0; i < LIMITS.mcpToolCallsPerToken; i++) expect((await call(i)).status).toBe(200);
    const refused = await call(LIMITS.mcpToolCallsPerToken);
    expectLimited(refused, LIMITS.mcpToolCallsPerToken, 60);
    expect((await refused.json()).error.message).toMatch(/Too many tool calls/);
  });

  // JSON-RPC batches left MCP in 2025-06-18, but the server still answers them for older revisions,
  // up to 10 tool calls a batch (/auth.md "Request bounds"; JSON-RPC 2.0 6): counted once per
  // request, a batch would multiply the limit tenfold.
  it(`MCP tool calls, anonymous: a JSON-RPC batch spends one unit of the per-address limit per call, not per request`, async () => {
    const batch = (first: number, calls: number) =>
      JSON.stringify(
        Array.from({ length: calls }, (_, i) => ({
          jsonrpc: '2.0',
          id: first + i,
          method: 'tools/call',
          params: { name: 'whoami', arguments: {} },
        })),
      );
    const send = (i: number, body: string) =>
      at(i)(`${origin}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-03-26',
          'x-forwarded-for': '203.0.113.80',
        },
        body,
      });
    const perBatch = LIMITS.mcpToolCallsPerToken - 1; // two batches: within the limit as requests, over it as calls
    await awayFromWindowEdge(60);
    const answered = await send(0, batch(1, perBatch));
    expect(answered.status).toBe(200);
    expect((await answered.json()) as unknown[]).toHaveLength(perBatch);
    const refused = await send(1, batch(1 + perBatch, perBatch));
    expectLimited(refused, LIMITS.mcpToolCallsPerToken, 60);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/Too many tool calls/);
  });

  it('/auth.md documents every limit as this deployment configures it, with 429, Retry-After and RateLimit', async () => {
    const doc = await (await fetch(`${origin}/auth.md`)).text();
    const section = doc.slice(doc.indexOf('## Rate limits'));
    expect(section).toMatch(/429/);
    expect(section).toMatch(/Retry-After/);
    expect(section).toMatch(/RateLimit/);
    for (const row of [
      `| sign in per account | ${LIMITS.signInPerAccount} per 1 day |`,
      `| sign in per address | ${LIMITS.signInPerAddress} per 15 minutes |`,
      `| token per client | ${LIMITS.tokenPerClient} per 1 minute |`,
      `| registration per address | ${LIMITS.registrationPerAddress} per 1 hour |`,
      `| metadata fetch per host | ${LIMITS.metadataFetchPerHost} per 1 minute |`,
      `| mcp tool calls per token | ${LIMITS.mcpToolCallsPerToken} per 1 minute |`,
    ])
      expect(section).toContain(row);
  });
});
