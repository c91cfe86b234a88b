// Authentication 4, Client ID Metadata Document: an HTTPS URL used as client_id, valid only when the
// school permits its host, with redirect_uris under the document host or loopback, and read and
// identity scopes only while unreviewed (Limits). Documents are served over real TLS.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { startDocumentHost, type DocumentHost } from '../support/document-host.ts';
import { authorizationUrl, authorizeInBrowser, discover, exchangeCode } from '../support/oauth-flow.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const tlsCert = inject('tlsCert');
const redirectUri = 'http://127.0.0.1:43907/callback';

describe.skipIf(!tlsCert)('Authentication 4: Client ID Metadata Document', () => {
  let host: DocumentHost;
  let clientId: string;
  let as: oauth.AuthorizationServer;

  beforeAll(async () => {
    host = await startDocumentHost(tlsCert, inject('tlsKey'));
    clientId = `${host.base}/seed/client.json`;
    const document = (id: string, redirects: string[]) => () => ({
      status: 200,
      body: { client_id: id, client_name: 'Seed Agent', redirect_uris: redirects, token_endpoint_auth_method: 'none' },
    });
    host.documents.set('/seed/client.json', document(clientId, [redirectUri]));
    host.documents.set(
      '/seed/elsewhere.json',
      document(`${host.base}/seed/elsewhere.json`, ['https://another-host.example/callback']),
    );
    as = await discover(origin);
  });
  afterAll(() => host.close());

  const request = (client: string, scope: string, school = origin) =>
    authorizationUrl(
      { issuer: school, authorization_endpoint: `${school}/oauth/authorize` },
      { clientId: client, redirectUri, scope },
      { challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' },
      'seed-state',
      'seed-nonce',
    );

  it('Authentication 4 and Endpoints › Authorization request: the HTTPS URL of a document on a permitted host is a client_id; read and identity scopes are granted while unreviewed', async () => {
    const outcome = await authorizeInBrowser(as, {
      clientId,
      redirectUri,
      scope: 'openid courses:read',
      email: ACCOUNTS.owner,
    });
    const client = { client_id: clientId, token_endpoint_auth_method: 'none' };
    const tokens = await exchangeCode(as, client, oauth.None(), outcome, redirectUri);
    expect(tokens.scope?.split(' ').sort()).toEqual(['courses:read', 'openid']);
  });

  it('Limits and Authentication 4: an unreviewed metadata-document client asking for a write scope fails with invalid_scope', async () => {
    const response = await fetch(request(clientId, 'courses:write'), { redirect: 'manual' });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('error')).toBe('invalid_scope');
  });

  it('Authentication 4: a document whose redirect_uris are neither under its host nor loopback is refused, never redirected', async () => {
    const response = await fetch(request(`${host.base}/seed/elsewhere.json`, 'courses:read'), { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it.skipIf(!secondary)(
    'Errors and Authentication 4: a school that does not permit the host rejects the request',
    async () => {
      const before = host.hits();
      const response = await fetch(request(clientId, 'courses:read', secondary), { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(host.hits()).toBe(before);
    },
  );
});
