// Which school a request reaches (README "Set up"): the origin of the Host header, and
// X-Forwarded-Host / X-Forwarded-Proto only when TRUST_PROXY says a proxy sets them; behind a
// TLS-terminating proxy the origin is https, and the sign-in cookies are then Secure (the session cookie is
// HttpOnly and SameSite=Lax, and Secure under HTTPS). The shared server runs without
// TRUST_PROXY; an instance of this file's own runs with it, its schools at https origins.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Instance } from '../reliability/instance.ts';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts.ts';
import { rawRequest, type RawResponse } from '../support/http.ts';
import { ownInstanceUnavailable, startOwnInstance } from './own-instance.ts';

const primary = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const SCHOOL_A = 'https://school-a.example.test';
const SCHOOL_B = 'https://school-b.example.test';

const setCookies = (response: RawResponse | Response): string[] =>
  response instanceof Response ? response.headers.getSetCookie() : [response.headers['set-cookie'] ?? []].flat();

/** Cookie attributes as a set of lower-case names (and `samesite=lax`). */
const attributes = (cookie: string) =>
  new Set(
    cookie
      .split(';')
      .slice(1)
      .map((a) => a.trim().toLowerCase().replace(/\s/g, '')),
  );

/** The sign-in form: GET it, then POST the demo password; both answers. */
async function signIn(
  send: (
    path: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ) => Promise<RawResponse | Response>,
  email: string,
) {
  const page = await send('/oauth/sign-in');
  const html = page instanceof Response ? await page.text() : page.body;
  const csrf = /name="csrf_token" value="([^"]+)"/.exec(html)![1]!;
  const cookie = setCookies(page)
    .map((c) => c.split(';')[0])
    .join('; ');
  const posted = await send('/oauth/sign-in', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf_token: csrf, email, password: DEMO_PASSWORD }).toString(),
  });
  return { page, posted };
}

describe.skipIf(ownInstanceUnavailable)('without TRUST_PROXY (the shared server)', () => {
  it.skipIf(!secondary)(
    'ignores X-Forwarded-Host and X-Forwarded-Proto: the school is the Host header\'s (TRUST_PROXY off; docs/operations.md "Configuration")',
    async () => {
      const spoofed = await fetch(`${primary}/.well-known/oauth-authorization-server`, {
        headers: { 'x-forwarded-host': new URL(secondary).host, 'x-forwarded-proto': 'https' },
      });
      expect(spoofed.status).toBe(200);
      expect((await spoofed.json()).issuer).toBe(primary);
      const unknown = await fetch(`${primary}/.well-known/oauth-authorization-server`, {
        headers: { 'x-forwarded-host': 'unknown.example' },
      });
      expect(unknown.status).toBe(200);
    },
  );

  it('over plain HTTP the sign-in cookies are HttpOnly and SameSite=Lax, and not Secure', async () => {
    const { page, posted } = await signIn(
      (path, init) => fetch(`${primary}${path}`, { ...init, redirect: 'manual' }),
      ACCOUNTS.student,
    );
    expect(posted.status).toBe(303);
    const cookies = [...setCookies(page), ...setCookies(posted)].filter((c) => !/max-age=0/i.test(c));
    expect(cookies.some((c) => c.startsWith('cs_session_'))).toBe(true);
    for (const cookie of cookies) {
      expect(attributes(cookie), cookie).toContain('httponly');
      expect(attributes(cookie), cookie).toContain('samesite=lax');
      expect(attributes(cookie), cookie).not.toContain('secure');
    }
  });
});

describe.skipIf(ownInstanceUnavailable)(
  'with TRUST_PROXY=true behind a TLS-terminating proxy (an instance of its own)',
  () => {
    let instance: Instance;
    let direct: string;
    beforeAll(async () => {
      instance = await startOwnInstance({ TRUST_PROXY: 'true', PUBLIC_URL: SCHOOL_A, SECOND_SITE_URL: SCHOOL_B });
      direct = `http://127.0.0.1:${instance.port}`;
    }, 120_000);
    afterAll(async () => {
      await instance?.stop();
    });

    const viaProxy =
      (host: string, proto = 'https') =>
      (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
        rawRequest(`${direct}${path}`, {
          ...init,
          headers: { ...init.headers, 'x-forwarded-host': host, 'x-forwarded-proto': proto },
        });

    it('X-Forwarded-Host and X-Forwarded-Proto choose the school; the first value of a list counts (TRUST_PROXY on, docs/operations.md "Configuration")', async () => {
      for (const [host, issuer] of [
        ['school-a.example.test', SCHOOL_A],
        ['school-b.example.test', SCHOOL_B],
        ['school-b.example.test, school-a.example.test', SCHOOL_B],
      ]) {
        const answer = await viaProxy(host!)('/.well-known/oauth-authorization-server');
        expect(answer.status, host).toBe(200);
        expect(JSON.parse(answer.body).issuer, host).toBe(issuer);
      }
    });

    it('an origin that is no school is a JSON 404: the bare Host, plain http for an https school, an unknown forwarded host (one school per origin)', async () => {
      for (const answer of [
        await rawRequest(`${direct}/.well-known/oauth-authorization-server`),
        await viaProxy('school-a.example.test', 'http')('/.well-known/oauth-authorization-server'),
        await viaProxy('unknown.example.test')('/api/v1/catalog/courses'),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.headers['content-type']).toMatch(/json/);
      }
    });

    it('the sign-in cookies of an https school are Secure, HttpOnly and SameSite=Lax (Secure under HTTPS)', async () => {
      const { page, posted } = await signIn(viaProxy('school-a.example.test'), 'owner@demo-academy.test');
      expect(posted.status).toBe(303);
      const cookies = [...setCookies(page), ...setCookies(posted)];
      expect(cookies.some((c) => c.startsWith('cs_session_'))).toBe(true);
      for (const cookie of cookies)
        expect(
          [...attributes(cookie)].filter((a) => ['secure', 'httponly', 'samesite=lax'].includes(a)).sort(),
          cookie,
        ).toEqual(['httponly', 'samesite=lax', 'secure']);
    });
  },
);
