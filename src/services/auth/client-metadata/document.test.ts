import { describe, expect, it } from 'vitest';
import { allRedirectsLoopback, validateClientMetadataDocument } from './document.ts';

const clientIdUrl = new URL('https://app.example.com/oauth/client.json');
const base = {
  client_id: 'https://app.example.com/oauth/client.json',
  client_name: 'Example App',
  redirect_uris: ['https://app.example.com/callback'],
};
const validate = (document: unknown) => validateClientMetadataDocument(clientIdUrl, JSON.stringify(document));

describe('validateClientMetadataDocument (CIMD draft, Client ID Metadata Document)', () => {
  it('accepts a minimal document and fills in the defaults', () => {
    expect(validate(base)).toEqual({
      ok: true,
      metadata: {
        clientId: base.client_id,
        clientName: 'Example App',
        redirectUris: ['https://app.example.com/callback'],
        grantTypes: ['authorization_code', 'refresh_token'],
        responseTypes: ['code'],
        tokenEndpointAuthMethod: 'none',
        postLogoutRedirectUris: [],
        backchannelLogoutUri: null,
        backchannelLogoutSessionRequired: false,
      },
    });
  });

  it('reads the logout metadata: post_logout_redirect_uris like redirect_uris, backchannel_logout_uri https on its own host (RP-Initiated Logout 1.0 3.1, Back-Channel Logout 1.0 2.2)', () => {
    const result = validate({
      ...base,
      post_logout_redirect_uris: ['https://app.example.com/bye', 'http://127.0.0.1/bye'],
      backchannel_logout_uri: 'https://app.example.com/backchannel?x=1',
      backchannel_logout_session_required: true,
    });
    expect(result.ok && result.metadata).toMatchObject({
      postLogoutRedirectUris: ['https://app.example.com/bye', 'http://127.0.0.1/bye'],
      backchannelLogoutUri: 'https://app.example.com/backchannel?x=1',
      backchannelLogoutSessionRequired: true,
    });
    for (const bad of [
      { post_logout_redirect_uris: ['https://elsewhere.example/bye'] },
      { post_logout_redirect_uris: 'https://app.example.com/bye' },
      { backchannel_logout_uri: 'https://elsewhere.example/backchannel' },
      { backchannel_logout_uri: 'http://app.example.com/backchannel' },
      { backchannel_logout_uri: 'https://app.example.com/backchannel#f' },
    ])
      expect(validate({ ...base, ...bad }).ok, JSON.stringify(bad)).toBe(false);
  });

  it('keeps the optional members and ignores unknown ones (RFC 7591 2)', () => {
    const result = validate({
      ...base,
      client_uri: 'https://app.example.com/',
      logo_uri: 'https://cdn.example.net/logo.png',
      scope: 'openid profile courses:read',
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      software_id: 'whatever',
    });
    expect(result.ok && result.metadata).toMatchObject({
      clientUri: 'https://app.example.com/',
      logoUri: 'https://cdn.example.net/logo.png',
      scope: 'openid profile courses:read',
      grantTypes: ['authorization_code'],
    });
  });

  it('names a client without client_name after its host', () => {
    const { client_name: _unused, ...withoutName } = base;
    const result = validate(withoutName);
    expect(result.ok && result.metadata.clientName).toBe('app.example.com');
  });

  it('accepts loopback redirect URIs on any port (RFC 8252 7.3) and de-duplicates', () => {
    const uris = ['http://127.0.0.1:4000/cb', 'http://[::1]/cb', 'http://localhost:9/cb', 'http://127.0.0.1:4000/cb'];
    const result = validate({ ...base, redirect_uris: uris });
    expect(result.ok && result.metadata.redirectUris).toEqual(uris.slice(0, 3));
  });

  it.each<[string, unknown, string]>([
    ['client_id of another URL', { ...base, client_id: 'https://app.example.com/other.json' }, 'client_id'],
    [
      'client_id differing only in case',
      { ...base, client_id: 'https://APP.example.com/oauth/client.json' },
      'client_id',
    ],
    ['client_id with a trailing slash', { ...base, client_id: `${base.client_id}/` }, 'client_id'],
    ['missing client_id', { ...base, client_id: undefined }, 'client_id'],
    ['missing redirect_uris', { ...base, redirect_uris: undefined }, 'redirect_uris'],
    ['empty redirect_uris', { ...base, redirect_uris: [] }, 'redirect_uris'],
    ['redirect_uris not an array', { ...base, redirect_uris: 'https://app.example.com/cb' }, 'redirect_uris'],
    ['a redirect URI that is not a string', { ...base, redirect_uris: [42] }, 'redirect URI'],
    ['a relative redirect URI', { ...base, redirect_uris: ['/callback'] }, 'absolute'],
    ['a redirect URI with a fragment', { ...base, redirect_uris: ['https://app.example.com/cb#x'] }, 'fragment'],
    [
      'a redirect URI on another host',
      { ...base, redirect_uris: ['https://evil.example/cb'] },
      'https on app.example.com',
    ],
    ['a redirect URI on a subdomain', { ...base, redirect_uris: ['https://x.app.example.com/cb'] }, 'https on'],
    ['an http redirect URI on the same host', { ...base, redirect_uris: ['http://app.example.com/cb'] }, 'https on'],
    ['a private-use scheme redirect URI', { ...base, redirect_uris: ['com.example.app:/cb'] }, 'https on'],
    ['a redirect URI with credentials', { ...base, redirect_uris: ['https://u:p@app.example.com/cb'] }, 'credentials'],
    ['too many redirect URIs', { ...base, redirect_uris: Array(21).fill('https://app.example.com/cb') }, 'at most'],
    ['client_secret_basic', { ...base, token_endpoint_auth_method: 'client_secret_basic' }, 'shared secret'],
    ['client_secret_post', { ...base, token_endpoint_auth_method: 'client_secret_post' }, 'shared secret'],
    ['client_secret_jwt', { ...base, token_endpoint_auth_method: 'client_secret_jwt' }, 'shared secret'],
    ['private_key_jwt (unsupported)', { ...base, token_endpoint_auth_method: 'private_key_jwt' }, 'not supported'],
    ['an unknown auth method', { ...base, token_endpoint_auth_method: 'tls_client_auth' }, 'not supported'],
    ['a client_secret member', { ...base, client_secret: 's3cret' }, 'client_secret'],
    ['a client_secret_expires_at member', { ...base, client_secret_expires_at: 0 }, 'client_secret'],
    ['the implicit grant', { ...base, grant_types: ['authorization_code', 'implicit'] }, 'implicit'],
    ['client_credentials', { ...base, grant_types: ['client_credentials'] }, 'client_credentials'],
    ['refresh_token without authorization_code', { ...base, grant_types: ['refresh_token'] }, 'authorization_code'],
    ['empty grant_types', { ...base, grant_types: [] }, 'grant_types'],
    ['response type token', { ...base, response_types: ['code', 'token'] }, 'response type'],
    ['response_types not an array', { ...base, response_types: 'code' }, 'response_types'],
    ['a client_name that is not a string', { ...base, client_name: 7 }, 'client_name'],
    ['an empty client_name', { ...base, client_name: '  ' }, 'client_name'],
    ['an overlong client_name', { ...base, client_name: 'x'.repeat(201) }, 'client_name'],
    ['a client_name with a newline', { ...base, client_name: 'Safe\nApp' }, 'control'],
    ['a client_name with a bidi override', { ...base, client_name: 'App\u202Egnp.exe' }, 'control'],
    ['an http client_uri', { ...base, client_uri: 'http://app.example.com/' }, 'client_uri'],
    ['a javascript: logo_uri', { ...base, logo_uri: 'javascript:alert(1)' }, 'logo_uri'],
    ['a scope with a double quote', { ...base, scope: 'openid "x"' }, 'scope'],
    ['a scope with two spaces', { ...base, scope: 'openid  profile' }, 'scope'],
    ['a scope that is not a string', { ...base, scope: ['openid'] }, 'scope'],
  ])('refuses %s', (_title, document, reason) => {
    const result = validate(document);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });

  it.each([
    ['not JSON', '{"client_id":', 'not valid JSON'],
    ['a JSON array', '[]', 'not a JSON object'],
    ['JSON null', 'null', 'not a JSON object'],
    ['a JSON string', '"https://app.example.com/oauth/client.json"', 'not a JSON object'],
  ])('refuses a body that is %s', (_title, body, reason) => {
    expect(validateClientMetadataDocument(clientIdUrl, body)).toEqual({
      ok: false,
      reason: expect.stringContaining(reason),
    });
  });

  it('does not read members from the prototype (a "__proto__" key is just a key)', () => {
    const body = `{"__proto__":{"client_id":"${base.client_id}","redirect_uris":["https://app.example.com/cb"]}}`;
    expect(validateClientMetadataDocument(clientIdUrl, body).ok).toBe(false);
  });
});

describe('allRedirectsLoopback', () => {
  const metadataWith = (redirectUris: string[]) => {
    const result = validate({ ...base, redirect_uris: redirectUris });
    if (!result.ok) throw new Error(result.reason);
    return result.metadata;
  };

  it('is true when every redirect URI is a loopback one', () => {
    expect(allRedirectsLoopback(metadataWith(['http://127.0.0.1/cb', 'http://localhost:8/cb']))).toBe(true);
  });

  it('is false when any redirect URI is on the web', () => {
    expect(allRedirectsLoopback(metadataWith(['http://127.0.0.1/cb', 'https://app.example.com/cb']))).toBe(false);
  });
});
