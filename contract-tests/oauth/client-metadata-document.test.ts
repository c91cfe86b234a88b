// Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document; /auth.md
// "2. Get a client"): an HTTPS client_id the server fetches over real TLS, accepted only
// from permitted hosts, read-only until reviewed, and usable at the token endpoint afterwards.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { startDocumentHost, type DocumentHost } from '../support/document-host.ts';
import { authorizeInBrowser, discover, exchangeCode } from '../support/oauth-flow.ts';
import { pageHtml, signedIn } from '../web/area-http.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const tlsCert = inject('tlsCert');
const redirectUri = 'http://127.0.0.1:41234/callback';

describe.skipIf(!tlsCert)('Client ID Metadata Documents', () => {
  let host: DocumentHost;
  let clientId: string;

  beforeAll(async () => {
    host = await startDocumentHost(tlsCert, inject('tlsKey'));
    const base = host.base;
    clientId = `${base}/agent/client.json`;
    host.documents.set('/agent/client.json', () => ({
      status: 200,
      body: {
        client_id: clientId,
        client_name: 'Doc Agent',
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'none',
      },
    }));
    host.documents.set('/bad/client.json', () => ({
      status: 200,
      body: { client_id: `${base}/other.json`, client_name: 'Liar', redirect_uris: [redirectUri] },
    }));
    host.documents.set('/secret/client.json', () => ({
      status: 200,
      body: {
        client_id: `${base}/secret/client.json`,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
      },
    }));
  });
  afterAll(() => host.close());

  it('is advertised (client_id_metadata_document_supported)', async () => {
    const metadata = await (await fetch(`${origin}/.well-known/oauth-authorization-server`)).json();
    expect(metadata.client_id_metadata_document_supported).toBe(true);
  });

  it('an allowed host: the owner consents, the consent page names the host, the code is exchanged', async () => {
    const as = await discover(origin);
    const outcome = await authorizeInBrowser(as, {
      clientId,
      redirectUri,
      scope: 'courses:read',
      email: ACCOUNTS.owner,
    });
    expect(outcome.callback.searchParams.get('code')).toBeTruthy();
    const tokens = await exchangeCode(
      as,
      { client_id: clientId, token_endpoint_auth_method: 'none' },
      oauth.None(),
      outcome,
      redirectUri,
    );
    expect(tokens.scope).toBe('courses:read');
  });

  it("the school's audit log records the client it met, from which address (client changes are audited with who, what, when and from where)", async () => {
    const owner = await signedIn(origin, ACCOUNTS.owner);
    const rows = [...(await pageHtml(owner, `${origin}/admin/audit-log`)).matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(
      (m) => m[1]!,
    );
    const met = rows.filter(
      (row) => row.includes('Application registered') && row.includes(`<code>${clientId}</code>`),
    );
    expect(met).toHaveLength(1);
    expect(met[0]).toMatch(/127\.0\.0\.1|::1/);
  });

  it('while unreviewed it may request read and identity scopes only (/auth.md "2. Get a client")', async () => {
    const as = await discover(origin);
    const outcome = await authorizeInBrowser(as, {
      clientId,
      redirectUri,
      scope: 'courses:write',
      email: ACCOUNTS.owner,
    });
    expect(outcome.callback.searchParams.get('error')).toBe('invalid_scope');
  });

  it('a document whose client_id differs from its URL is refused with a page, never a redirect', async () => {
    const url = `${clientId.replace('/agent/', '/bad/')}`;
    const response = await fetch(
      `${origin}/oauth/authorize?client_id=${encodeURIComponent(url)}&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code&scope=courses:read`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('a document asking for a shared-secret method is refused', async () => {
    const url = clientId.replace('/agent/', '/secret/');
    const response = await fetch(
      `${origin}/oauth/authorize?client_id=${encodeURIComponent(url)}&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code&scope=courses:read`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(400);
  });

  it.skipIf(!secondary)(
    'a school that does not permit the host rejects it without fetching (/auth.md "2. Get a client")',
    async () => {
      const before = host.hits();
      const response = await fetch(
        `${secondary}/oauth/authorize?client_id=${encodeURIComponent(clientId)}&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code&scope=courses:read`,
        { redirect: 'manual' },
      );
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('does not accept client metadata documents');
      expect(host.hits()).toBe(before);
    },
  );
});
