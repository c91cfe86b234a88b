// Endpoints › Discovery and "What the service does": the three well-known documents with the
// fields they are named with, the machine-readable resources at the origin, and the Scopes table.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSchema, getNamedType, type GraphQLObjectType } from 'graphql';
import { SCOPES_TABLE } from './words.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
// Every origin of the deployment serves the member API (a deployment without a second school checks one).
const schools = [origin, secondary].filter(Boolean).map((school) => [school, school] as const);

type Json = Record<string, unknown>;
const getJson = async (path: string): Promise<{ status: number; type: string; body: Json }> => {
  const response = await fetch(`${origin}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: (await response.json()) as Json,
  };
};

describe('Endpoints › Discovery (GET, no authentication, JSON)', () => {
  let resource: Json;
  let server: Json;
  let openid: Json;
  beforeAll(async () => {
    const documents = await Promise.all(
      ['oauth-protected-resource', 'oauth-authorization-server', 'openid-configuration'].map((name) =>
        getJson(`/.well-known/${name}`),
      ),
    );
    for (const document of documents) {
      expect(document.status).toBe(200);
      expect(document.type).toMatch(/^application\/json/);
    }
    [resource, server, openid] = documents.map((document) => document.body) as [Json, Json, Json];
  });

  it('Endpoints › Discovery: /.well-known/oauth-protected-resource advertises the resource value tokens are bound to, the origin (RFC 9728 2)', () => {
    expect(resource.resource).toBe(origin);
    expect(resource.authorization_servers).toContain(origin);
  });

  it('Endpoints › Discovery: /.well-known/oauth-authorization-server lists the OAuth endpoints at their paths, grant types and scopes (RFC 8414 2)', () => {
    expect(server).toMatchObject({
      issuer: origin,
      authorization_endpoint: `${origin}/oauth/authorize`,
      token_endpoint: `${origin}/api/oauth/token`,
      userinfo_endpoint: `${origin}/api/oauth/userinfo`,
      revocation_endpoint: `${origin}/api/oauth/revoke`,
      registration_endpoint: `${origin}/api/oauth/register`,
    });
    expect(server.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    expect(server.scopes_supported).toEqual(expect.any(Array));
  });

  it('Endpoints › Discovery: authorization-server metadata also carries registration_endpoint and client_id_metadata_document_supported', () => {
    expect(server.registration_endpoint).toBe(`${origin}/api/oauth/register`);
    expect(server.client_id_metadata_document_supported).toBe(true);
  });

  it('Endpoints › Discovery: /.well-known/openid-configuration may list id_token_signing_alg_values_supported and jwks_uri (OpenID Connect Discovery 3)', async () => {
    expect(openid.issuer).toBe(origin);
    // Authentication 7: the ID token is signed ES256, so a school that signs lists it.
    expect(openid.id_token_signing_alg_values_supported).toContain('ES256');
    expect(typeof openid.jwks_uri).toBe('string');
    const jwks = await fetch(openid.jwks_uri as string);
    expect(jwks.status).toBe(200);
    expect(((await jwks.json()) as { keys: unknown[] }).keys.length).toBeGreaterThan(0);
  });

  it('Authentication 1 and Limits: code_challenge_method S256 only, response_type code, both grants', () => {
    expect(server.code_challenge_methods_supported).toEqual(['S256']);
    expect(server.response_types_supported).toEqual(['code']);
    expect(server.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
  });

  it('Authentication 2: token-endpoint auth methods none (public) and client_secret_post (confidential)', () => {
    expect(server.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['none', 'client_secret_post']),
    );
  });

  it('Endpoints › Authorization request: the iss of the redirect is advertised (RFC 9207 3)', () => {
    expect(server.authorization_response_iss_parameter_supported).toBe(true);
  });

  it('Scopes: every scope of the table is advertised by the authorization-server metadata, the source of truth', () => {
    expect(server.scopes_supported).toEqual(expect.arrayContaining([...SCOPES_TABLE]));
  });
});

describe('What the service does: machine-readable resources at the origin', () => {
  it('What the service does: /openapi.json is an OpenAPI 3.0 document', async () => {
    const { status, body } = await getJson('/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\.0\.\d+$/);
  });

  it.each(['/auth.md', '/llms.txt', '/pricing.md'])('What the service does: %s is served as text', async (path) => {
    const response = await fetch(`${origin}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/(markdown|plain)/);
    expect((await response.text()).trim().length).toBeGreaterThan(0);
  });

  it.each(schools)(
    'Resources and their fields: the published SDL of %s names expireDate and lastWatchedLecture { lectureId positionSeconds }, not deprecated',
    async (_school, school) => {
      const response = await fetch(`${school}/account/graphql/schema.graphql`);
      expect(response.status).toBe(200);
      const schema = buildSchema(await response.text());
      const fields = (schema.getType('EnrolledCourse') as GraphQLObjectType).getFields();
      for (const name of ['slug', 'expireDate', 'hasLifetimeAccess', 'lastWatchedLecture'])
        expect(fields[name]?.deprecationReason, name).toBeUndefined();
      expect(Object.keys(fields)).toEqual(expect.arrayContaining(['expireDate', 'lastWatchedLecture']));
      const lecture = (getNamedType(fields.lastWatchedLecture!.type) as GraphQLObjectType).getFields();
      expect(Object.keys(lecture)).toEqual(expect.arrayContaining(['lectureId', 'positionSeconds']));
      const viewer = (schema.getType('Viewer') as GraphQLObjectType).getFields();
      expect(Object.keys(viewer)).toEqual(expect.arrayContaining(['id', 'email', 'enrolledCourses']));
      expect(viewer.enrolledCourses!.args.map((arg) => arg.name)).toContain('first');
    },
  );

  it('Resources and their fields: /auth.md shows the viewer query with expireDate and lastWatchedLecture', async () => {
    const text = await (await fetch(`${origin}/auth.md`)).text();
    expect(text).toContain(
      '{ viewer { id email enrolledCourses(first: 10) { nodes { slug expireDate hasLifetimeAccess lastWatchedLecture { lectureId positionSeconds } } } } }',
    );
  });
});
