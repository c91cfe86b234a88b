// /openapi.json as each school serves it (OpenAPI info): servers[0].url is the school's origin, the
// oauth2 security scheme's authorization and token URLs are the school's own endpoints (the same
// as its RFC 8414 metadata), the OAuth endpoints are in it so that a generated client can call
// them, and every operation of the admin API has an operationId, a summary, an example and the
// scopes it needs (OpenAPI 3.0.3 4.7.10, 4.7.27 security requirement).
import { describe, expect, inject, it } from 'vitest';

const primary = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const schools: Array<[string, string]> = [
  ['Demo Academy', primary],
  ...(secondary ? [['Second School', secondary] as [string, string]] : []),
];
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

type Operation = {
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, string[]>>;
  requestBody?: unknown;
  responses?: Record<string, unknown>;
};
type Document = {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components: {
    securitySchemes: Record<
      string,
      {
        type: string;
        flows?: {
          authorizationCode?: {
            authorizationUrl: string;
            tokenUrl: string;
            refreshUrl?: string;
            scopes: Record<string, string>;
          };
        };
      }
    >;
  };
  security?: Array<Record<string, string[]>>;
};

/** Follows a local $ref (#/a/b) in the document. */
function resolve(document: unknown, value: unknown): any {
  let current = value as { $ref?: string } | undefined;
  for (let hops = 0; current?.$ref && hops < 10; hops++) {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<any>((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  }
  return current;
}

describe.each(schools)('%s: /openapi.json (servers[0].url is the school)', (_school, origin) => {
  let document: Document;
  const load = async () => (document ??= (await (await fetch(`${origin}/openapi.json`)).json()) as Document);

  it("names the school's origin as servers[0].url and its own authorization and token endpoints in the oauth2 scheme, as its RFC 8414 metadata does", async () => {
    const doc = await load();
    expect(doc.openapi).toMatch(/^3\.0\./);
    expect(doc.servers[0]!.url).toBe(origin);
    const metadata = await (await fetch(`${origin}/.well-known/oauth-authorization-server`)).json();
    const flow = Object.values(doc.components.securitySchemes).find((s) => s.type === 'oauth2')!.flows!
      .authorizationCode!;
    expect(flow.authorizationUrl).toBe(metadata.authorization_endpoint);
    expect(flow.tokenUrl).toBe(metadata.token_endpoint);
    if (flow.refreshUrl) expect(flow.refreshUrl).toBe(metadata.token_endpoint);
    expect(Object.keys(flow.scopes).sort()).toEqual([...metadata.scopes_supported].sort());
  });

  it('includes the OAuth endpoints of its metadata, so that a generated client can call them', async () => {
    const doc = await load();
    const metadata = await (await fetch(`${origin}/.well-known/oauth-authorization-server`)).json();
    const endpoints = [
      'authorization_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
      'revocation_endpoint',
      'introspection_endpoint',
      'registration_endpoint',
      'end_session_endpoint',
    ];
    for (const name of endpoints) {
      const path = new URL(
        metadata[name] ?? (await (await fetch(`${origin}/.well-known/openid-configuration`)).json())[name],
      ).pathname;
      expect(Object.keys(doc.paths), name).toContain(path);
    }
    for (const path of [
      '/.well-known/oauth-authorization-server',
      '/.well-known/openid-configuration',
      '/.well-known/oauth-protected-resource',
    ])
      expect(Object.keys(doc.paths)).toContain(path);
  });

  it('gives every admin operation an operationId, a summary, an example and its scopes (DESIGN habit 1: the spec is the route table)', async () => {
    const doc = await load();
    const scopes = Object.keys(
      Object.values(doc.components.securitySchemes).find((s) => s.type === 'oauth2')!.flows!.authorizationCode!.scopes,
    );
    const problems: string[] = [];
    let admin = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/v1/') || path.startsWith('/api/v1/catalog')) continue;
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        admin += 1;
        const name = `${method.toUpperCase()} ${path}`;
        if (!op.operationId) problems.push(`${name}: no operationId`);
        if (!op.summary) problems.push(`${name}: no summary`);
        const needed = (op.security ?? doc.security ?? []).flatMap((requirement) => Object.values(requirement).flat());
        if (needed.length === 0) problems.push(`${name}: no scopes`);
        for (const scope of needed) if (!scopes.includes(scope)) problems.push(`${name}: unknown scope ${scope}`);
        const media = [
          resolve(doc, op.requestBody),
          ...Object.values(op.responses ?? {}).map((r) => resolve(doc, r)),
        ].flatMap((part) => Object.values((part?.content ?? {}) as Record<string, object>));
        if (!media.some((m) => 'example' in m || 'examples' in m)) problems.push(`${name}: no example`);
      }
    }
    expect(admin).toBeGreaterThan(80);
    expect(problems).toEqual([]);
  });
});
