// The clients' default paths: an MCP host that runs the SDK's `auth()` against /mcp and names no
// scope of its own. The SDK then requests what /mcp's protected-resource metadata lists
// (`scopes_supported`, MCP Authorization "Scope selection strategy") and sends the metadata's
// `resource`. Given a member application's client_id, a student signs in and the member tools
// answer; given nothing, the host registers a loopback client and an owner signs in for the
// operator tools (/auth.md "Which scopes a client receives"). Consent is given over HTTP, so these
// run without a browser; sdk-auth-flow.test.ts walks the registering path in Chromium.
import * as v2 from '@modelcontextprotocol/client';
import { auth as authV1, type OAuthClientProvider as ProviderV1 } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { consentOverHttp } from '../support/consent.ts';
import { MemberAppOAuthProvider, RegisteringOAuthProvider } from '../support/memory-oauth-provider.ts';
import { finishAuthV2 } from '../support/mcp-v2-auth.ts';
import { oauthSteps, recordingFetch, type Recorded } from '../support/recording-fetch.ts';
import { textOf } from './mcp-client.ts';

const origin = inject('primaryOrigin');
const mcpUrl = new URL('/mcp', origin);
const redirectUri = 'http://127.0.0.1:43215/callback';
const MEMBER_GRANT = 'openid profile email account:read account:write';

type Page<T> = { data: T[] };

/** What /mcp's protected-resource metadata lists, which a client with no scope of its own requests. */
async function mcpMetadataScopes(): Promise<string> {
  const metadata = await fetch(`${origin}/.well-known/oauth-protected-resource/mcp`);
  return ((await metadata.json()) as { scopes_supported: string[] }).scopes_supported.join(' ');
}

/** The slugs my_enrolled_courses answers, through a v2 client holding the provider's token. */
async function enrolledSlugs(provider: MemberAppOAuthProvider): Promise<string[]> {
  const client = new v2.Client({ name: 'default-scope-member', version: '1.0.0' });
  await client.connect(new v2.StreamableHTTPClientTransport(mcpUrl, { authProvider: provider as never }));
  try {
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['my_enrolled_courses', 'my_orders', 'record_lecture_progress']));
    expect(names).not.toContain('list_courses');
    const result = await client.callTool({ name: 'my_enrolled_courses', arguments: { limit: 50 } });
    expect(result.isError, textOf(result as CallToolResult)).toBeFalsy();
    return (result.structuredContent as Page<{ slug: string }>).data.map((course) => course.slug);
  } finally {
    await client.close();
  }
}

describe("v2 auth() given a member application's client_id and no scope (MCP Authorization, scope selection; RFC 6749 3.3)", () => {
  const log: Recorded[] = [];
  const fetchFn = recordingFetch(log);
  const provider = new MemberAppOAuthProvider(redirectUri, CLIENTS.memberApp);
  const typed = provider as unknown as v2.OAuthClientProvider;

  beforeAll(async () => {
    expect(await v2.auth(typed, { serverUrl: mcpUrl, fetchFn })).toBe('REDIRECT');
  });

  it("asks for what /mcp's metadata lists, with the resource that document names (RFC 9728 3.3; RFC 8707 2)", async () => {
    expect(oauthSteps(log)[0]).toBe('GET /.well-known/oauth-protected-resource/mcp 200');
    expect(oauthSteps(log)).not.toContain('POST /api/oauth/register 201');
    const url = provider.authorizationUrl!;
    expect(url.searchParams.get('client_id')).toBe(CLIENTS.memberApp);
    expect(url.searchParams.get('scope')).toBe(await mcpMetadataScopes());
    expect(url.searchParams.get('scope')).toContain('courses:write');
    expect(url.searchParams.get('resource')).toBe(`${origin}/mcp`);
  });

  it('a student signs in; the token carries her identity and account scopes and no operator scope, as the token response says (RFC 6749 3.3, 5.1)', async () => {
    const callback = await consentOverHttp(provider.authorizationUrl!, { email: ACCOUNTS.student });
    expect(callback.searchParams.get('code'), callback.toString()).toBeTruthy();
    expect(await finishAuthV2(typed, mcpUrl, callback, fetchFn)).toBe('AUTHORIZED');
    const exchange = log.findLast((r) => r.url === `${origin}/api/oauth/token`)!;
    expect(exchange.status).toBe(200);
    expect(new URLSearchParams(exchange.body).get('resource')).toBe(`${origin}/mcp`);
    expect(provider.scope).toBe(MEMBER_GRANT);
  });

  it('the member tools answer with the token: my_enrolled_courses lists her courses; no operator tool is listed (/auth.md "5. Call the API")', async () => {
    expect(await enrolledSlugs(provider)).toContain('git-essentials');
  });

  it('the same token reads /account/graphql, and introspection reports it bound to the origin although the SDK sent the /mcp resource (spec Authentication 6; RFC 7662 2.2)', async () => {
    const response = await fetch(`${origin}/account/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${provider.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ viewer { email } }' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { viewer: { email: ACCOUNTS.student } } });
    const introspection = await fetch(`${origin}/api/oauth/introspect`, {
      method: 'POST',
      body: new URLSearchParams({ token: provider.accessToken!, client_id: CLIENTS.memberApp }),
    });
    expect(await introspection.json()).toMatchObject({ active: true, aud: origin, scope: MEMBER_GRANT });
  });

  it('a refresh keeps the scope and the member tools keep answering (RFC 6749 6)', async () => {
    const before = provider.accessToken;
    expect(await v2.auth(typed, { serverUrl: mcpUrl, fetchFn })).toBe('AUTHORIZED');
    const refresh = log.findLast((r) => r.url === `${origin}/api/oauth/token`)!;
    expect(refresh.status).toBe(200);
    expect(new URLSearchParams(refresh.body).get('grant_type')).toBe('refresh_token');
    expect(provider.accessToken).not.toBe(before);
    expect(provider.scope).toBe(MEMBER_GRANT);
    expect(await enrolledSlugs(provider)).toContain('git-essentials');
  });
});

describe('v2 auth() given nothing: it registers a loopback client and an owner signs in (RFC 7591; RFC 8252 7.3)', () => {
  it('registration accepts what /mcp lists, the owner receives operator scopes only, and an operator tool answers', async () => {
    const log: Recorded[] = [];
    const fetchFn = recordingFetch(log);
    const provider = new RegisteringOAuthProvider(redirectUri);
    const typed = provider as unknown as v2.OAuthClientProvider;
    expect(await v2.auth(typed, { serverUrl: mcpUrl, fetchFn })).toBe('REDIRECT');
    const registration = log.find((r) => r.url === `${origin}/api/oauth/register`)!;
    expect(registration.status).toBe(201);
    expect((JSON.parse(registration.body) as { scope?: string }).scope).toBe(await mcpMetadataScopes());
    expect(provider.authorizationUrl!.searchParams.get('client_id')).toBe(provider.registeredClientId);

    const callback = await consentOverHttp(provider.authorizationUrl!, { email: ACCOUNTS.owner });
    expect(await finishAuthV2(typed, mcpUrl, callback, fetchFn)).toBe('AUTHORIZED');
    const granted = provider.scope!.split(' ');
    expect(granted).toEqual(expect.arrayContaining(['openid', 'courses:read', 'courses:write']));
    expect(granted.filter((scope) => scope.startsWith('account:'))).toEqual([]);

    const client = new v2.Client({ name: 'default-scope-operator', version: '1.0.0' });
    await client.connect(new v2.StreamableHTTPClientTransport(mcpUrl, { authProvider: typed }));
    try {
      const courses = await client.callTool({ name: 'list_courses', arguments: { limit: 2 } });
      expect(courses.isError, textOf(courses as CallToolResult)).toBeFalsy();
      expect((courses.structuredContent as Page<unknown>).data.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });
});

describe("v1 auth() given a member application's client_id and no scope (MCP Authorization, scope selection)", () => {
  it('the same: a student signs in, the token carries her account scopes, and my_enrolled_courses answers', async () => {
    const provider = new MemberAppOAuthProvider(redirectUri, CLIENTS.memberApp);
    const typed = provider as unknown as ProviderV1;
    expect(await authV1(typed, { serverUrl: mcpUrl })).toBe('REDIRECT');
    expect(provider.authorizationUrl!.searchParams.get('scope')).toBe(await mcpMetadataScopes());
    const callback = await consentOverHttp(provider.authorizationUrl!, { email: ACCOUNTS.student });
    expect(await authV1(typed, { serverUrl: mcpUrl, authorizationCode: callback.searchParams.get('code')! })).toBe(
      'AUTHORIZED',
    );
    expect(provider.scope).toBe(MEMBER_GRANT);

    const client = new ClientV1({ name: 'default-scope-v1', version: '1.0.0' });
    await client.connect(new TransportV1(mcpUrl, { authProvider: typed }));
    try {
      const result = await client.callTool({ name: 'my_enrolled_courses', arguments: { limit: 50 } });
      expect(result.isError, textOf(result as CallToolResult)).toBeFalsy();
      const slugs = (result.structuredContent as Page<{ slug: string }>).data.map((course) => course.slug);
      expect(slugs).toContain('git-essentials');
    } finally {
      await client.close();
    }
  });
});
