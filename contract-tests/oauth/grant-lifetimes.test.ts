// /auth.md "Lifetimes": rotation must not keep a grant alive for ever. On an
// instance of this file's own with GRANT_IDLE_LIFETIME_SECONDS=12 and
// GRANT_ABSOLUTE_LIFETIME_SECONDS=20 (ACCESS_TOKEN_TTL_SECONDS keeps its 60 s minimum), checked
// with real waiting (about 22 s): no token outlives its grant, introspection reports the true
// expiry, an idle grant lapses, and a grant refreshed all along still ends at its absolute end.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instance } from '../reliability/instance.ts';
import { ownInstanceUnavailable, startOwnInstance } from '../service/own-instance.ts';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { authorizeInBrowser, discover, exchangeCode } from '../support/oauth-flow.ts';

const IDLE = 12;
const ABSOLUTE = 20;
const redirectUri = 'http://127.0.0.1:47612/callback';
type Answer = { status: number; body: Record<string, unknown> };

describe.skipIf(ownInstanceUnavailable)(
  'grant lifetimes: idle and absolute (/auth.md "Lifetimes"; RFC 9700 4.14.2)',
  () => {
    let instance: Instance;
    let origin: string;
    let as: oauth.AuthorizationServer;
    const client: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };

    const post = async (path: string, fields: Record<string, string>): Promise<Answer> => {
      const response = await fetch(new URL(path, origin), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const refresh = (token: string) =>
      post('/api/oauth/token', { grant_type: 'refresh_token', refresh_token: token, client_id: client.client_id });
    const introspect = (token: string) => post('/api/oauth/introspect', { token, client_id: client.client_id });
    const until = (start: number, seconds: number) =>
      new Promise((resolve) => setTimeout(resolve, Math.max(0, start + seconds * 1000 - Date.now())));

    async function grant(): Promise<{ access: string; refresh: string; expiresIn: number; at: number }> {
      const outcome = await authorizeInBrowser(as, {
        clientId: client.client_id,
        redirectUri,
        scope: 'openid account:read',
        resource: origin,
        email: ACCOUNTS.student,
      });
      const at = Date.now();
      const tokens = await exchangeCode(as, client, oauth.None(), outcome, redirectUri, origin);
      return { access: tokens.access_token, refresh: tokens.refresh_token!, expiresIn: tokens.expires_in!, at };
    }

    beforeAll(async () => {
      instance = await startOwnInstance({
        GRANT_IDLE_LIFETIME_SECONDS: String(IDLE),
        GRANT_ABSOLUTE_LIFETIME_SECONDS: String(ABSOLUTE),
      });
      origin = instance.origin;
      as = await discover(origin);
    }, 120_000);
    afterAll(async () => {
      await instance?.stop();
    });

    it('no token outlives its grant; idle grants lapse; refreshed grants end at their absolute end; introspection tells the true expiry', async () => {
      const kept = await grant();
      const idle = await grant();
      // The access token (60 s on its own) is capped at the grant's absolute end.
      expect(kept.expiresIn).toBeLessThanOrEqual(ABSOLUTE);
      expect(kept.expiresIn).toBeGreaterThan(ABSOLUTE - 5);
      const start = Math.floor(kept.at / 1000);
      const refreshState = await introspect(kept.refresh);
      expect(refreshState.body.active).toBe(true);
      expect(Number(refreshState.body.exp) - start).toBeGreaterThanOrEqual(IDLE - 2);
      expect(Number(refreshState.body.exp) - start).toBeLessThanOrEqual(IDLE + 2);
      const accessState = await introspect(kept.access);
      expect(Number(accessState.body.exp) - start).toBeLessThanOrEqual(ABSOLUTE + 2);

      await until(kept.at, 6);
      const first = await refresh(kept.refresh);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(Number(first.body.expires_in)).toBeLessThanOrEqual(ABSOLUTE - 5);

      await until(idle.at, IDLE + 2);
      const lapsed = await refresh(idle.refresh);
      expect(lapsed.status).toBe(400);
      expect(lapsed.body.error).toBe('invalid_grant');
      // Refreshed within its idle lifetime, the kept grant goes on, but only to its absolute end.
      const second = await refresh(String(first.body.refresh_token));
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      expect(Number(second.body.expires_in)).toBeLessThanOrEqual(ABSOLUTE - IDLE);
      const secondState = await introspect(String(second.body.refresh_token));
      expect(Number(secondState.body.exp) - start).toBeLessThanOrEqual(ABSOLUTE + 2);

      await until(kept.at, ABSOLUTE + 1.5);
      const ended = await refresh(String(second.body.refresh_token));
      expect(ended.status).toBe(400);
      expect(ended.body.error).toBe('invalid_grant');
      expect((await introspect(String(second.body.access_token))).body).toEqual({ active: false });
      const userinfo = await fetch(new URL('/api/oauth/userinfo', origin), {
        headers: { authorization: `Bearer ${String(second.body.access_token)}` },
      });
      expect(userinfo.status).toBe(401);
    }, 60_000);
  },
);
