// The MCP flows with the v2 client (@modelcontextprotocol/client) besides the v1 SDK client the
// other MCP suites use (an independent client): anonymous use, a member who authorizes
// when the server challenges a tool call (MCP 2025-11-25 Authorization, protected resource metadata
// discovery from WWW-Authenticate), the step-up for a scope the token lacks, and a forged token.
import {
  Client,
  IssuerMismatchError,
  SdkHttpError,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { consentOverHttp } from '../support/consent.ts';
import { MemberAppOAuthProvider } from '../support/memory-oauth-provider.ts';

const origin = inject('primaryOrigin');
const mcpUrl = new URL('/mcp', origin);
const redirectUri = 'http://127.0.0.1:43192/callback';
const PUBLIC_TOOLS = [
  'get_school_info',
  'search_catalog',
  'get_catalog_course',
  'list_upcoming_events',
  'list_catalog_membership_plans',
  'whoami',
];

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('v2 client, anonymous (/auth.md "Errors": /mcp without a token is anonymous, public tools only)', () => {
  it('negotiates 2025-11-25, lists the public tools only and calls search_catalog (MCP 2025-11-25 Lifecycle)', async () => {
    const client = new Client({ name: 'v2-anonymous', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl));
    try {
      expect(client.getServerCapabilities()?.tools).toBeDefined();
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([...PUBLIC_TOOLS].sort());
      const found = await client.callTool({ name: 'search_catalog', arguments: { query: 'git' } });
      expect(found.isError).toBeFalsy();
      expect(JSON.stringify(found.structuredContent)).toContain('git-essentials');
    } finally {
      await client.close();
    }
  });

  it('a forged bearer token is 401 at connect, never anonymous (/auth.md "Errors": /mcp with an invalid token)', async () => {
    const client = new Client({ name: 'v2-forged', version: '1.0.0' });
    const error = await rejection(
      client.connect(
        new StreamableHTTPClientTransport(mcpUrl, {
          requestInit: { headers: { Authorization: 'Bearer forged-token' } },
        }),
      ),
    );
    expect(error).toBeInstanceOf(SdkHttpError);
    expect((error as SdkHttpError).data?.status).toBe(401);
  });
});

describe('v2 client, a member authorizing on the challenge of a tool call (MCP 2025-11-25 Authorization)', () => {
  const provider = new MemberAppOAuthProvider(redirectUri, CLIENTS.memberApp);
  const typed = provider as unknown as OAuthClientProvider;

  beforeAll(async () => {
    // Anonymous connect succeeds; the member tool call is challenged with 401 and the transport
    // runs auth(): resource metadata from the challenge, then the redirect to the consent page.
    const client = new Client({ name: 'v2-member', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: typed }));
    const error = await rejection(client.callTool({ name: 'my_orders', arguments: {} }));
    await client.close();
    expect(error).toBeInstanceOf(UnauthorizedError);
  });

  it('the challenge leads the client to an authorization request for account:read bound to the origin (RFC 6750 3; RFC 9728 5.1; RFC 8707 2)', () => {
    const url = provider.authorizationUrl!;
    expect(url.origin + url.pathname).toBe(`${origin}/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe(CLIENTS.memberApp);
    expect(url.searchParams.get('scope')).toBe('account:read');
    expect(url.searchParams.get('resource')).toBe(origin);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('finishAuth checks iss (RFC 9207 2.4) and exchanges the code; the member tools then answer with her data (/auth.md "5. Call the API": the same token as /account/graphql)', async () => {
    const callback = await consentOverHttp(provider.authorizationUrl!, { email: ACCOUNTS.student });
    expect(callback.searchParams.get('state')).toBe(provider.lastState);
    const mixedUp = new URLSearchParams(callback.searchParams);
    mixedUp.set('iss', 'https://attacker.example');
    await expect(
      new StreamableHTTPClientTransport(mcpUrl, { authProvider: typed }).finishAuth(mixedUp),
    ).rejects.toBeInstanceOf(IssuerMismatchError);

    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: typed });
    await transport.finishAuth(callback.searchParams);
    expect(provider.scope).toBe('account:read');
    const client = new Client({ name: 'v2-member', version: '1.0.0' });
    await client.connect(transport);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['my_enrolled_courses', 'my_orders', 'my_event_registrations']));
      const orders = await client.callTool({ name: 'my_orders', arguments: {} });
      expect(orders.isError).toBeFalsy();
      expect(JSON.stringify(orders.structuredContent)).toContain('DA-10001');
    } finally {
      await client.close();
    }
  });

  it('a write tool without account:write is 403 insufficient_scope, and the client steps up asking for account:write (MCP 2025-11-25 Authorization, scope challenge handling; RFC 6750 3.1)', async () => {
    provider.authorizationUrl = undefined;
    const client = new Client({ name: 'v2-member', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: typed }));
    try {
      const error = await rejection(
        client.callTool({
          name: 'record_lecture_progress',
          arguments: { lectureId: '00000000-0000-7000-8000-000000000000', positionSeconds: 1 },
        }),
      );
      expect(error).toBeDefined();
      const stepUp = provider.authorizationUrl as URL | undefined;
      expect(stepUp, `no step-up authorization request; the call ended with ${String(error)}`).toBeDefined();
      expect(stepUp!.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['account:write']));
    } finally {
      await client.close();
    }
  });
});
