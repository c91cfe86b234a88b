// The discovery documents come from memory for a plain GET (src/http/precomputed-documents.ts,
// which says why) and from the OpenAPI dispatcher otherwise. Both must answer the same bytes and headers
// (RFC 8414 3.2, RFC 9728 3.2, OpenID Connect Discovery 4.2). That the copy follows a change of the
// school's settings is src/services/school/sites.test.ts: the documents are keyed by the cached school.
import { describe, expect, inject, it } from 'vitest';
import { rawRequest, type RawResponse } from '../support/http.ts';

const primary = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const DOCUMENTS = [
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/mcp',
  '/.well-known/oauth-protected-resource/account/graphql',
];
// Headers that differ per response by nature.
const PER_RESPONSE = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);

function comparable(response: RawResponse) {
  const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !PER_RESPONSE.has(name)));
  return { status: response.status, headers, body: JSON.parse(response.body) as unknown };
}

describe('precomputed discovery documents (the same bytes as the dispatcher)', () => {
  for (const path of DOCUMENTS) {
    it(`${path}: the precomputed answer equals the dispatched one, headers included (RFC 8414 3.2, RFC 9728 3.2)`, async () => {
      const fast = await rawRequest(`${primary}${path}`);
      // Any query string, even an empty one, takes the ordinary path: router, validation, handler.
      const dispatched = await rawRequest(`${primary}${path}?`);
      expect(comparable(fast)).toEqual(comparable(dispatched));
      expect(fast.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]{8,128}$/);
    });
  }

  // The same requests a client sends (good and bad), each answered by both paths: a cross-origin
  // browser fetch (CORS, RFC 8414 3), conditional and content-negotiating headers, another school
  // on the same deployment (its own issuer, RFC 8414 3.3), and a Host no school has (404).
  const VARIANTS: Array<[string, Record<string, string>]> = [
    ['a cross-origin browser fetch', { Origin: 'https://agent.example', 'Sec-Fetch-Mode': 'cors' }],
    ['an Accept that names other types first', { Accept: 'text/html, application/json;q=0.5' }],
    ['a conditional request', { 'If-None-Match': '"anything"', 'If-Modified-Since': 'Sat, 01 Jan 2000 00:00:00 GMT' }],
    ['compression offered', { 'Accept-Encoding': 'gzip, br' }],
  ];
  for (const [title, headers] of VARIANTS) {
    it(`${title}: both paths answer alike on every discovery document (RFC 8414 3.2, RFC 9728 3.2)`, async () => {
      for (const path of DOCUMENTS) {
        const fast = await rawRequest(`${primary}${path}`, { headers });
        const dispatched = await rawRequest(`${primary}${path}?`, { headers });
        expect({ path, ...comparable(fast) }).toEqual({ path, ...comparable(dispatched) });
      }
    });
  }

  it.skipIf(!secondary)(
    "another school's documents: both paths answer alike, each naming that school (RFC 8414 3.3)",
    async () => {
      for (const path of DOCUMENTS) {
        const fast = await rawRequest(`${secondary}${path}`);
        const dispatched = await rawRequest(`${secondary}${path}?`);
        expect({ path, ...comparable(fast) }).toEqual({ path, ...comparable(dispatched) });
        const primaryBody = JSON.parse((await rawRequest(`${primary}${path}`)).body) as unknown;
        expect(comparable(fast).body).not.toEqual(primaryBody);
      }
    },
  );

  it('a Host no school has: both paths answer the same 404 (README "Set up": one school per origin)', async () => {
    for (const path of DOCUMENTS) {
      const headers = { Host: 'unknown.example:1' };
      const fast = await rawRequest(`${primary}${path}`, { headers });
      const dispatched = await rawRequest(`${primary}${path}?`, { headers });
      expect(fast.status).toBe(404);
      expect({ path, ...comparable(fast) }).toEqual({ path, ...comparable(dispatched) });
    }
  });

  it('reuses a sane X-Request-Id of the caller, as every other response does', async () => {
    const response = await rawRequest(`${primary}/.well-known/oauth-authorization-server`, {
      headers: { 'X-Request-Id': 'trace-12345678' },
    });
    expect(response.headers['x-request-id']).toBe('trace-12345678');
  });

  it('an unknown origin still gets the JSON 404 of the dispatcher (README "Set up": one school per origin)', async () => {
    const response = await rawRequest(`${primary}/.well-known/oauth-authorization-server`, {
      headers: { Host: 'unknown.example:1' },
    });
    expect(response.status).toBe(404);
  });
});
