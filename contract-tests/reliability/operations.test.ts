// docs/operations.md "Metrics" and "Last used", what an operator sees: /metrics on its own listener (METRICS_PORT, never on a
// school's origin) whose series move with the traffic (requests per operation and status, tokens
// by grant type, reuse detections, rate-limit refusals, metadata-document fetches, pool and event
// loop), and a true "last used" of connected applications: the use of an access token shows on the
// admin and account pages within the flush interval (GRANT_USE_FLUSH_SECONDS=1 here). Own
// instance, PGlite by default and a scratch PostgreSQL database when DATABASE_URL is set.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { browserFetch, type CookieJar } from '../support/cookie-jar.ts';
import { authorizeInBrowser, discover, exchangeCode, insecure, registerLoopbackClient } from '../support/oauth-flow.ts';
import { DATABASE_URL, freePort, newKeyEncryptionKey, startInstance, type Instance } from './instance.ts';

type Series = { name: string; labels: Record<string, string>; value: number };

/** The Prometheus text format (exposition format 0.0.4): `name{label="value",...} value`. */
function parseMetrics(text: string): Series[] {
  const series: Series[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[name!] = value!;
    series.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return series;
}

/** The sum of a metric's series whose labels include `labels`. */
function total(series: Series[], name: string, labels: Record<string, string> = {}): number {
  return series
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

const redirectUri = 'http://127.0.0.1:8765/callback';

/** The "Last used" text of the first application on a connected-apps page. */
async function lastUsedOn(jar: CookieJar, url: string, account: boolean): Promise<string> {
  const response = await browserFetch(jar, url);
  expect(response.status).toBe(200);
  const html = await response.text();
  // The admin page lists member applications first: the row of this test's loopback client is read.
  const row = html.split('<tr').find((part) => part.includes('Contract test agent')) ?? '';
  const match = account
    ? /<dt>\s*Last used\s*<\/dt>\s*<dd>([\s\S]*?)<\/dd>/.exec(html)
    : /<td data-label="Last used">([\s\S]*?)<\/td>/.exec(row);
  expect(match, `no "Last used" on ${url}`).not.toBeNull();
  return match![1]!.replace(/<[^>]+>/g, '').trim();
}

async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return check();
}

describe('what an operator sees (docs/operations.md "Metrics"): /metrics and "last used"', () => {
  let scratch: { url: string; drop: () => Promise<void> } | undefined;
  let instance: Instance | undefined;
  let metricsUrl: string;
  let operatorClient: oauth.Client;
  const scrape = async () => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseMetrics(await response.text());
  };

  beforeAll(async () => {
    scratch = DATABASE_URL ? await createScratchPostgresDatabase(DATABASE_URL) : undefined;
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    instance = await startInstance(
      {
        METRICS_PORT: String(metricsPort),
        GRANT_USE_FLUSH_SECONDS: '1',
        // A second use of a rotated refresh token is a reuse at once (no retry window).
        REFRESH_REUSE_GRACE_SECONDS: '0',
        // One registration per address, so the second is a cheap rate-limit refusal.
        RATE_LIMIT_OVERRIDES: 'signInPerAddress=100000,registrationPerAddress=1',
        ...(scratch ? { DATABASE_URL: scratch.url, KEY_ENCRYPTION_KEY: newKeyEncryptionKey() } : {}),
      },
      { readyMs: 120_000 },
    );
    operatorClient = await registerLoopbackClient(await discover(instance.origin));
  }, 150_000);

  afterAll(async () => {
    await instance?.stop();
    await scratch?.drop();
  });

  it('serves /metrics only on its own listener: a school origin answers 404, with or without METRICS_PORT (docs/operations.md "Metrics")', async () => {
    const origin = instance!.origin;
    expect((await fetch(`${origin}/metrics`)).status).toBe(404);
    expect((await fetch(`${origin.replace('localhost', '127.0.0.1')}/metrics`)).status).toBe(404);
    // The suite's own server runs with the defaults (no METRICS_PORT).
    expect((await fetch(`${inject('primaryOrigin')}/metrics`)).status).toBe(404);
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
  });

  it('counts requests per operation and status, tokens by grant type, reuse detections, rate-limit refusals and metadata fetches; shows pool and event-loop gauges', async () => {
    const origin = instance!.origin;
    const before = await scrape();
    const as = await discover(origin);
    const member: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };
    const outcome = await authorizeInBrowser(as, {
      clientId: CLIENTS.memberApp,
      redirectUri,
      scope: 'openid account:read',
      resource: origin,
      email: ACCOUNTS.student,
    });
    const tokens = await exchangeCode(as, member, oauth.None(), outcome, redirectUri, origin);
    const graphql = await fetch(`${origin}/account/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
      body: '{"query":"query Me { viewer { id } }"}',
    });
    expect(graphql.status).toBe(200);
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      member,
      await oauth.refreshTokenGrantRequest(as, member, oauth.None(), tokens.refresh_token!, insecure),
    );
    expect(refreshed.access_token).toBeTypeOf('string');
    // RFC 9700 4.14.2: the rotated token presented again ends the grant.
    const reuse = await fetch(`${origin}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id: CLIENTS.memberApp,
      }),
    });
    expect(reuse.status).toBe(400);
    // The school allows metadata documents from localhost, but the fetcher never reaches loopback.
    const metadataClient = `https://localhost:${20000 + Math.floor(Math.random() * 20000)}/operations-test.json`;
    const authorize = await fetch(
      `${origin}/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: metadataClient, redirect_uri: 'http://127.0.0.1:8765/callback', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })}`,
      { redirect: 'manual' },
    );
    expect(authorize.status).toBe(400);
    // beforeAll spent this address's one registration.
    const second = await fetch(`${origin}/api/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' }),
    });
    expect(second.status).toBe(429);
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string> = {}) =>
      total(after, name, labels) - total(before, name, labels);
    expect(moved('http_requests_total', { operation: 'token', status: '200' })).toBe(2);
    expect(moved('http_requests_total', { operation: 'token', status: '400' })).toBe(1);
    expect(moved('http_requests_total', { operation: 'graphql', status: '200' })).toBe(1);
    expect(moved('http_requests_total', { operation: 'submitSignIn' })).toBeGreaterThanOrEqual(1);
    expect(moved('http_request_duration_seconds_count', { operation: 'token', status: '200' })).toBe(2);
    expect(moved('oauth_tokens_issued_total', { grant_type: 'authorization_code' })).toBe(1);
    expect(moved('oauth_tokens_issued_total', { grant_type: 'refresh_token' })).toBe(1);
    expect(moved('oauth_reuse_detections_total', { reason: 'refresh token reused' })).toBe(1);
    expect(moved('rate_limit_refusals_total', { operation: 'registerClient' })).toBe(1);
    expect(moved('oauth_client_metadata_fetches_total', { outcome: 'address_not_allowed' })).toBe(1);
    expect(moved('db_pool_acquire_seconds_count')).toBeGreaterThan(0);
    for (const name of ['db_pool_waiting_requests', 'nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes'])
      expect(
        after.some((s) => s.name === name),
        name,
      ).toBe(true);
    if (DATABASE_URL) expect(total(after, 'db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    else expect(after.some((s) => s.name === 'db_queries_in_flight')).toBe(true);
    // Bounded labels: operation ids, never raw paths, client ids or people.
    const labelValues = after.flatMap((s) => Object.values(s.labels));
    expect(labelValues.filter((v) => v.includes('/api/') || v.includes(CLIENTS.memberApp) || v.includes('@'))).toEqual(
      [],
    );
  });

  it('"last used" moves when an access token is used, not only on refresh, on the account and admin pages', async () => {
    const origin = instance!.origin;
    const as = await discover(origin);
    // A member application of the second demo student: allowed, exchanged, not yet used.
    const member: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };
    const memberOutcome = await authorizeInBrowser(as, {
      clientId: CLIENTS.memberApp,
      redirectUri,
      scope: 'openid account:read',
      resource: origin,
      email: ACCOUNTS.student2,
    });
    const memberTokens = await exchangeCode(as, member, oauth.None(), memberOutcome, redirectUri, origin);
    // Never used: no time shown (whatever the page writes instead; the time has digits).
    const neverUsed = await lastUsedOn(memberOutcome.jar, `${origin}/account/connected-apps`, true);
    expect(neverUsed).not.toMatch(/\d/);
    const graphql = await fetch(`${origin}/account/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${memberTokens.access_token}`, 'content-type': 'application/json' },
      body: '{"query":"{ viewer { id } }"}',
    });
    expect(graphql.status).toBe(200);
    expect(
      await eventually(async () =>
        /\d{2}/.test(await lastUsedOn(memberOutcome.jar, `${origin}/account/connected-apps`, true)),
      ),
    ).toBe(true);

    // An operator grant of the loopback client registered in beforeAll, allowed by the owner.
    const operatorOutcome = await authorizeInBrowser(as, {
      clientId: operatorClient.client_id,
      redirectUri,
      scope: 'courses:read',
      email: ACCOUNTS.owner,
    });
    const operatorTokens = await exchangeCode(as, operatorClient, oauth.None(), operatorOutcome, redirectUri);
    expect(await lastUsedOn(operatorOutcome.jar, `${origin}/admin/connected-apps`, false)).not.toMatch(/\d/);
    const courses = await fetch(`${origin}/api/v1/courses`, {
      headers: { authorization: `Bearer ${operatorTokens.access_token}` },
    });
    expect(courses.status).toBe(200);
    expect(
      await eventually(async () =>
        /\d{2}/.test(await lastUsedOn(operatorOutcome.jar, `${origin}/admin/connected-apps`, false)),
      ),
    ).toBe(true);
    const written = total(await scrape(), 'oauth_grant_use_writes_total');
    expect(written).toBeGreaterThanOrEqual(2);
  });
});
