// The member API's SDL published at /account/graphql/schema.graphql (OpenAPI
// getAccountGraphQLSchema): on every school's origin, without a token, byte for byte the SDL under
// spec/ that the server runs; the API itself still needs a member token (RFC 6750 3).
import { readFileSync } from 'node:fs';
import { buildSchema, GraphQLScalarType } from 'graphql';
import { describe, expect, inject, it } from 'vitest';

const origins = [inject('primaryOrigin'), inject('secondaryOrigin')];
const specSdl = readFileSync(new URL('../../spec/graphql/account.graphql', import.meta.url));

describe('the published GraphQL schema (OpenAPI getAccountGraphQLSchema)', () => {
  it.each(origins)('serves the bytes of spec/graphql/account.graphql at %s without a token', async (origin) => {
    const response = await fetch(`${origin}/account/graphql/schema.graphql`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(Buffer.from(await response.arrayBuffer()).equals(specSdl)).toBe(true);
  });

  it('is a schema graphql-js builds, DateTime specified by its scalar URL (GraphQL spec 3.13.4 @specifiedBy)', async () => {
    const schema = buildSchema(await (await fetch(`${origins[0]}/account/graphql/schema.graphql`)).text());
    const dateTime = schema.getType('DateTime');
    expect(dateTime).toBeInstanceOf(GraphQLScalarType);
    expect((dateTime as GraphQLScalarType).specifiedByURL).toBe('https://scalars.graphql.org/andimarek/date-time');
  });

  it('leaves the API itself behind its token: a query without one is 401 with a Bearer challenge (RFC 6750 3)', async () => {
    const response = await fetch(`${origins[0]}/account/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ viewer { id } }' }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });

  it('answers 404 for other paths below the endpoint (the OpenAPI route table has none)', async () => {
    expect((await fetch(`${origins[0]}/account/graphql/schema.json`)).status).toBe(404);
  });

  it('is linked from /llms.txt and /auth.md', async () => {
    for (const document of ['llms.txt', 'auth.md']) {
      const text = await (await fetch(`${origins[0]}/${document}`)).text();
      expect(text, document).toContain(`${origins[0]}/account/graphql/schema.graphql`);
    }
  });
});
