// Two switches of the admin area whose effect reaches the authorization server:
// "ID token signing keys" → the ID-token switch (/auth.md "Identity": a site setting turns ID-token signing on, and
// publishing keys alone does not imply ID tokens; OIDC Discovery lists the signing fields only
// then), and "Client metadata documents" → "Open registration" (/auth.md "2. Get a client": a metadata-document
// client_id is accepted from the allowlist, or from any host when open registration is on, and
// special-use addresses stay refused); and every change made in the admin area on its "Audit log"
// page with who, what and when. At Second School of an instance of this file's own, so
// that no other suite sees the school change under it.
import { createLocalJWKSet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instance } from '../reliability/instance.ts';
import { ownInstanceUnavailable, startOwnInstance } from '../service/own-instance.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import type { CookieJar } from '../support/cookie-jar.ts';
import { authorizeInBrowser, discover, registerLoopbackClient } from '../support/oauth-flow.ts';
import { createMemberApplication, csrfFor, pageHtml, postForm, signedIn } from './area-http.ts';

const redirectUri = 'http://127.0.0.1:47500/callback';

describe.skipIf(ownInstanceUnavailable)(
  'admin switches that change the authorization server (/auth.md "Identity" and "2. Get a client")',
  () => {
    let instance: Instance;
    let school: string;
    let owner: CookieJar;
    beforeAll(async () => {
      instance = await startOwnInstance();
      // Second School: PUBLIC_URL with localhost swapped for 127.0.0.1 (README).
      school = instance.origin.replace('localhost', '127.0.0.1');
      owner = await signedIn(school, ACCOUNTS.secondSchoolOwner);
    }, 120_000);
    afterAll(async () => {
      await instance?.stop();
    });

    async function flip(page: string, action: string, on: boolean): Promise<void> {
      const csrf = csrfFor(await pageHtml(owner, `${school}${page}`), action);
      const response = await postForm(owner, `${school}${action}`, [
        ['csrf_token', csrf],
        ...(on ? [['enabled', 'on'] as [string, string]] : []),
      ]);
      expect(response.status).toBe(303);
    }

    /** Discovery, and an openid code exchange by a fresh loopback client: is there an id_token? */
    async function idTokenState() {
      const discovery = await (await fetch(`${school}/.well-known/openid-configuration`)).json();
      const as = await discover(school);
      const client = await registerLoopbackClient(as, { redirect_uris: [redirectUri] });
      const outcome = await authorizeInBrowser(as, {
        clientId: client.client_id,
        redirectUri,
        scope: 'openid courses:read',
        email: ACCOUNTS.secondSchoolOwner,
      });
      const params = oauth.validateAuthResponse(as, client, outcome.callback, outcome.state);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        redirectUri,
        outcome.codeVerifier,
        { [oauth.allowInsecureRequests]: true },
      );
      const tokens = (await response.json()) as { id_token?: string };
      return {
        algs: discovery.id_token_signing_alg_values_supported,
        jwksUri: discovery.jwks_uri,
        idToken: tokens.id_token,
        client,
      };
    }

    it('"Sign ID tokens" on: discovery lists the signing algorithms and jwks_uri and an openid exchange returns an ID token; off: neither (OIDC Discovery 3; /auth.md "Identity")', async () => {
      const before = await idTokenState();
      expect(before.algs).toBeUndefined();
      expect(before.jwksUri).toBeUndefined();
      expect(before.idToken).toBeUndefined();

      await flip('/admin/signing-keys', '/admin/signing-keys/id-token', true);
      const on = await idTokenState();
      expect(on.algs).toEqual(['ES256', 'RS256']);
      expect(on.jwksUri).toBe(`${school}/.well-known/jwks.json`);
      expect(on.idToken).toEqual(expect.any(String));
      // Signed by a key the JWKS publishes, for this issuer and client (OIDC Core 3.1.3.7).
      const jwks = createLocalJWKSet(await (await fetch(on.jwksUri)).json());
      await expect(
        jwtVerify(on.idToken!, jwks, { issuer: school, audience: on.client.client_id }),
      ).resolves.toBeTruthy();

      await flip('/admin/signing-keys', '/admin/signing-keys/id-token', false);
      const off = await idTokenState();
      expect(off.algs).toBeUndefined();
      expect(off.idToken).toBeUndefined();

      // The table's rows only: the filter's list of actions names the label too.
      const log = (await pageHtml(owner, `${school}/admin/audit-log`)).split('<tbody>')[1] ?? '';
      // docs/development.md "Page languages": Second School's pages are German ("ID-token signing changed").
      expect(log.match(/ID-Token-Signatur geändert/g)?.length).toBe(2);
    });

    it('"Open registration" on: a metadata-document client_id from a host outside the allowlist is no longer refused for its host, yet a loopback address stays refused; off: refused for its host again (/auth.md "2. Get a client"; RFC 6890)', async () => {
      // Second School allows no metadata-document host; nothing listens at this URL, and nothing must be fetched.
      const clientId = 'https://localhost:9/open-registration/client.json';
      const authorize = async () => {
        const query = new URLSearchParams({
          client_id: clientId,
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: 'courses:read',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
        });
        const response = await fetch(`${school}/oauth/authorize?${query}`, { redirect: 'manual' });
        expect(response.status).toBe(400);
        expect(response.headers.get('location')).toBeNull();
        return response.text();
      };
      expect(await authorize()).toContain('does not accept client metadata documents');
      await flip('/admin/metadata-documents', '/admin/metadata-documents/open-registration', true);
      const open = await authorize();
      expect(open).not.toContain('does not accept client metadata documents');
      // Still never fetched from a special-use address (RFC 6890; CIMD, SSRF): refused as such.
      expect(open).toContain('could not be fetched (address_not_allowed)');
      await flip('/admin/metadata-documents', '/admin/metadata-documents/open-registration', false);
      expect(await authorize()).toContain('does not accept client metadata documents');
    });

    it('every kind of change made in the admin area is on the Audit log page, with who, what and when (every change here is written to an audit log)', async () => {
      const post = async (page: string, action: string, fields: Array<[string, string]> = []) => {
        const response = await postForm(owner, `${school}${action}`, [
          ['csrf_token', csrfFor(await pageHtml(owner, `${school}${page}`), action)],
          ...fields,
        ]);
        expect(response.status, action).toBeLessThan(400);
        return response;
      };
      await post('/admin/settings', '/admin/settings/beta-features', [
        ['feature', 'mcp_connections'],
        ['enabled', 'on'],
      ]);
      const app = await createMemberApplication(school, owner, {
        name: 'Audited App',
        redirectUris: ['http://127.0.0.1/callback'],
        scopes: ['openid', 'account:read'],
        confidential: true,
      });
      const settings = `/admin/applications/${app.rowId}`;
      await post(settings, settings, [
        ['name', 'Audited App renamed'],
        ['redirect_uris', 'http://127.0.0.1/callback'],
        ['scope', 'openid'],
        ['scope', 'account:read'],
      ]);
      // What cannot be undone is posted from its confirmation page.
      await post(`${settings}/rotate-secret`, `${settings}/rotate-secret`);
      await post(`${settings}/delete`, `${settings}/delete`);
      await post('/admin/metadata-documents', '/admin/metadata-documents/hosts', [['host', 'audited.example.test']]);
      await post('/admin/metadata-documents', '/admin/metadata-documents/hosts/remove', [
        ['host', 'audited.example.test'],
      ]);
      await post('/admin/signing-keys/rotate', '/admin/signing-keys/rotate');
      // A connected app (the loopback clients the first test authorized), revoked from its confirmation page.
      const connected = await pageHtml(owner, `${school}/admin/connected-apps`);
      const confirm = /href="(\/admin\/connected-apps\/revoke\?[^"]+)"/.exec(connected)![1]!.replaceAll('&amp;', '&');
      const query = new URL(confirm, school).searchParams;
      const [client, person] = [query.get('client')!, query.get('person')!];
      await post(confirm, '/admin/connected-apps/revoke', [
        ['client', client],
        ['person', person],
      ]);

      // docs/development.md "Page languages": Second School's pages are German; each label is the German of the English action name.
      const expected = [
        'Beta-Funktion geändert',
        'OAuth-Anwendung angelegt',
        'OAuth-Anwendung geändert',
        'Client-Geheimnis gewechselt',
        'OAuth-Anwendung gelöscht',
        'Metadaten-Host hinzugefügt',
        'Metadaten-Host entfernt',
        'Offene Registrierung geändert',
        'Signaturschlüssel gewechselt',
        'ID-Token-Signatur geändert',
        'Zugriff entzogen',
      ];
      let missing = expected;
      // The log is written in batches (group commit): read until every change is there.
      for (let attempt = 0; attempt < 20 && missing.length; attempt++) {
        if (attempt) await new Promise((resolve) => setTimeout(resolve, 250));
        const rows = [...(await pageHtml(owner, `${school}/admin/audit-log`)).matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(
          (m) => m[1]!,
        );
        missing = expected.filter(
          (label) =>
            !rows.some(
              (row) =>
                row.includes(label) &&
                row.includes(ACCOUNTS.secondSchoolOwner) &&
                /<time datetime="\d{4}-\d\d-\d\dT[^"]+Z">/.test(row),
            ),
        );
      }
      expect(missing).toEqual([]);
    });
  },
);
