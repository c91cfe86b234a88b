// The Streamable HTTP transport of /mcp as any client meets it: stateless JSON responses, every
// protocol revision the SDK speaks, DNS-rebinding protection, POST only, and a bad token that is
// a 401 challenge, never a quiet downgrade to anonymous.
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, inject, it } from 'vitest';
import { connect, rpc } from './mcp-client.ts';

const origin = inject('primaryOrigin');
const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

describe('/mcp transport (MCP 2025-11-25 Transports, Streamable HTTP)', () => {
  it.each(SUPPORTED_PROTOCOL_VERSIONS)(
    'answers initialize at protocol revision %s with that revision (MCP Lifecycle, version negotiation)',
    async (version) => {
      const response = await rpc(origin, initialize(version), { 'mcp-protocol-version': version });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/json');
      // Stateless: no session to carry between requests, so any instance can answer the next one.
      expect(response.headers.get('mcp-session-id')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = (await response.json()) as { result: { protocolVersion: string; capabilities: { tools?: object } } };
      expect(body.result.protocolVersion).toBe(version);
      expect(body.result.capabilities.tools).toBeDefined();
    },
  );

  it('serves tools/list without a prior initialize on the same connection (stateless server)', async () => {
    const response = await rpc(origin, { jsonrpc: '2.0', id: 7, method: 'tools/list' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: number; result: { tools: unknown[] } };
    expect(body.id).toBe(7);
    expect(body.result.tools.length).toBeGreaterThan(0);
  });

  it('refuses a foreign Origin with 403 (MCP Transports, Security Warning: validate Origin against DNS rebinding)', async () => {
    const response = await rpc(origin, initialize('2025-11-25'), { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32000);
    expect((await rpc(origin, initialize('2025-11-25'), { origin: 'null' })).status).toBe(403);
  });

  it("accepts the school's own origin and loopback origins (local tools such as the MCP Inspector)", async () => {
    expect((await rpc(origin, initialize('2025-11-25'), { origin })).status).toBe(200);
    expect((await rpc(origin, initialize('2025-11-25'), { origin: 'http://localhost:6274' })).status).toBe(200);
  });

  it.each(['GET', 'DELETE'])(
    'answers %s with 405 and a JSON-RPC error body: POST only, no SSE stream or session (MCP Transports 2.2, 2.5)',
    async (method) => {
      const response = await fetch(`${origin}/mcp`, { method, headers: { accept: 'text/event-stream' } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed.' },
        id: null,
      });
    },
  );

  it('rejects an unsupported protocol version header with 400 (MCP Transports 2.7)', async () => {
    const response = await rpc(
      origin,
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { 'mcp-protocol-version': '1999-01-01' },
    );
    expect(response.status).toBe(400);
  });

  it('answers a forged bearer token with 401 invalid_token at connect, never as anonymous (RFC 6750 3.1; /auth.md "Errors")', async () => {
    const error = await connect(origin, 'sca_forged').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect((error as StreamableHTTPError).code).toBe(401);
    const raw = await rpc(origin, initialize('2025-11-25'), { authorization: 'Bearer sca_forged' });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toMatch(
      /^Bearer error="invalid_token".*resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource"/,
    );
  });

  it('answers a malformed Authorization header with 401, not as anonymous (RFC 6750 2.1)', async () => {
    const raw = await rpc(origin, initialize('2025-11-25'), { authorization: 'Basic dXNlcjpwYXNz' });
    expect(raw.status).toBe(401);
  });
});
