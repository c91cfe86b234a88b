// /auth.md "Rate limits", guesses are bounded per person, not per school: sign-in failures count per
// identity across schools, in token buckets (no fresh allowance at a window's edge), keyed on
// identity and address so a stranger cannot lock the person out, with a larger identity-wide
// bucket that still bounds a distributed attacker; failed client authentication at the token,
// revocation and introspection endpoints is counted per client_id and address. /auth.md "Rate limits".
// One instance of its own with low limits (RATE_LIMIT_OVERRIDES) and TRUST_PROXY, so each test
// comes from addresses of its own (X-Forwarded-For); on PostgreSQL it runs on a scratch database.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import { ACCOUNTS, CLIENTS, DEMO_PASSWORD } from '../support/accounts.ts';
import { CookieJar, formFields } from '../support/cookie-jar.ts';
import { DATABASE_URL, freePort, newKeyEncryptionKey, startInstance, type Instance } from './instance.ts';

// Per identity and address: 2 tokens, one back every 5 s. Per identity from unknown addresses: 5 a day.
const PAIR = { limit: 2, windowSeconds: 10 };
const IDENTITY = 5;
const CLIENT_AUTH = 3;
const OVERRIDES = `signInPerAccountAddress=${PAIR.limit},signInPerAccountAddressWindow=${PAIR.windowSeconds},signInPerAccount=${IDENTITY},clientAuthFailuresPerClientAddress=${CLIENT_AUTH}`;

describe('guessing limits (/auth.md "Rate limits")', () => {
  let scratch: { url: string; drop: () => Promise<void> } | undefined;
  let instance: Instance;
  let demo: string;
  let second: string;

  beforeAll(async () => {
    scratch = DATABASE_URL ? await createScratchPostgresDatabase(DATABASE_URL) : undefined;
    const port = await freePort();
    demo = `http://localhost:${port}`;
    second = `http://127.0.0.1:${port}`;
    instance = await startInstance(
      {
        PUBLIC_URL: demo,
        SECOND_SITE_URL: second,
        TRUST_PROXY: 'true',
        RATE_LIMIT_OVERRIDES: OVERRIDES,
        KEY_ENCRYPTION_KEY: newKeyEncryptionKey(),
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      },
      { port, readyMs: 120_000 },
    );
  }, 150_000);

  afterAll(async () => {
    await instance?.stop();
    await scratch?.drop();
  });

  /** One sign-in attempt at a school, from an address, with its own form (CSRF cookie and token). */
  async function signIn(origin: string, email: string, password: string, address: string): Promise<Response> {
    const jar = new CookieJar();
    const page = await fetch(`${origin}/oauth/sign-in`, { headers: { 'x-forwarded-for': address } });
    jar.store(origin, page);
    const fields = formFields(await page.text());
    return fetch(`${origin}/oauth/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: jar.header(origin),
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': address,
      },
      body: new URLSearchParams({ ...fields, email, password }).toString(),
    });
  }
  const wrong = () => `wrong-${randomBytes(4).toString('hex')}`;

  it('alternating schools gives one person N guesses from an address, not N per school', async () => {
    const address = '198.51.100.10';
    const statuses: number[] = [];
    for (let i = 0; i < PAIR.limit * 2; i++)
      statuses.push((await signIn(i % 2 ? second : demo, ACCOUNTS.student, wrong(), address)).status);
    expect(statuses, 'Demo Academy, Second School, Demo Academy, Second School').toEqual([
      ...Array(PAIR.limit).fill(401),
      ...Array(PAIR.limit).fill(429),
    ]);
  });

  it('a burst across a window boundary is not doubled: after the wait Retry-After names, one more guess passes, not a fresh allowance', async () => {
    const address = '198.51.100.20';
    for (let i = 0; i < PAIR.limit; i++)
      expect((await signIn(demo, ACCOUNTS.student2, wrong(), address)).status).toBe(401);
    const refused = await signIn(demo, ACCOUNTS.student2, wrong(), address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-policy')).toBe(`${PAIR.limit};w=${PAIR.windowSeconds}`);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter, 'the wait for one token, not for the end of a window').toBeLessThanOrEqual(
      PAIR.windowSeconds / PAIR.limit,
    );
    await new Promise((r) => setTimeout(r, retryAfter * 1000 + 200));
    expect((await signIn(demo, ACCOUNTS.student2, wrong(), address)).status).toBe(401);
    expect((await signIn(demo, ACCOUNTS.student2, wrong(), address)).status, 'only one token came back').toBe(429);
  }, 30_000);

  it("a stranger's failures from other addresses, at either school, do not lock the person out where they sign in, and the stranger stays bounded", async () => {
    const home = '198.51.100.30';
    // The person signs in from home (which also refills their buckets).
    expect((await signIn(second, ACCOUNTS.student, DEMO_PASSWORD, home)).status).toBe(303);
    // A stranger guesses from six addresses, two tries each, alternating schools.
    const answered: number[] = [];
    for (let i = 0; i < 12; i++)
      answered.push(
        (await signIn(i % 2 ? second : demo, ACCOUNTS.student, wrong(), `203.0.113.${100 + Math.floor(i / 2)}`)).status,
      );
    expect(
      answered.filter((s) => s === 401),
      `at most ${IDENTITY} guesses of the identity from addresses it never signed in from: ${answered.join(',')}`,
    ).toHaveLength(IDENTITY);
    expect(answered.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    expect(
      (await signIn(demo, ACCOUNTS.student, wrong(), '203.0.113.120')).status,
      'a new address of the stranger',
    ).toBe(429);
    // The person, from home, at either school.
    expect((await signIn(demo, ACCOUNTS.student, DEMO_PASSWORD, home)).status).toBe(303);
  });

  it('failed client authentication at the token, revocation and introspection endpoints is throttled per client_id and address (RFC 6749 5.2 slow_down with Retry-After)', async () => {
    const post = (endpoint: string, secret: string, address: string) =>
      fetch(`${demo}/api/oauth/${endpoint}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${CLIENTS.confidentialMemberApp}:${secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': address,
        },
        body:
          endpoint === 'token'
            ? `grant_type=refresh_token&refresh_token=scr_${randomBytes(8).toString('hex')}`
            : `token=sca_${randomBytes(8).toString('hex')}`,
      });
    const endpoints = ['token', 'revoke', 'introspect'];
    const stranger = '203.0.113.80';
    for (let i = 0; i < CLIENT_AUTH; i++) {
      const failed = await post(endpoints[i % 3]!, 'not-the-secret', stranger);
      expect(failed.status).toBe(401);
      expect((await failed.json()).error).toBe('invalid_client');
    }
    for (const endpoint of endpoints) {
      const refused = await post(endpoint, 'not-the-secret', stranger);
      expect(refused.status, endpoint).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('content-type')).toContain('application/json');
      expect((await refused.json()).error).toBe('slow_down');
    }
    // Refused before the secret is looked at: the right one from that address waits too…
    expect((await post('introspect', CLIENTS.confidentialSecret, stranger)).status).toBe(429);
    // …while the client itself, from its own address, is not locked out.
    const own = await post('introspect', CLIENTS.confidentialSecret, '203.0.113.81');
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ active: false });
  });

  it('/auth.md documents the guessing limits as configured', async () => {
    const doc = await (await fetch(`${demo}/auth.md`)).text();
    const section = doc.slice(doc.indexOf('## Rate limits'));
    expect(section).toMatch(/per identity across all schools/);
    expect(section).toContain(`| sign in per account address | ${PAIR.limit} per ${PAIR.windowSeconds} seconds |`);
    expect(section).toContain(`| sign in per account | ${IDENTITY} per 1 day |`);
    expect(section).toContain(`| client auth failures per client address | ${CLIENT_AUTH} per 15 minutes |`);
  });
});
