// Connects the official MCP SDK client to a school's /mcp, anonymously or with a bearer token,
// and sends raw JSON-RPC where a test needs to see the HTTP status and headers themselves.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The demo's unpublished rows (README): they must never leave through a public tool. */
export const DEMO_DRAFTS = {
  courses: ['intro-to-machine-learning', 'buchhaltung-kompakt'],
  events: ['ml-study-group-kickoff', 'yoga-retreat-allgaeu'],
} as const;

export async function connect(origin: string, token?: string): Promise<Client> {
  const client = new Client({ name: 'contract-tests', version: '1.0.0' });
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', origin), { requestInit: { headers } }));
  return client;
}

export async function call<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult & { structuredContent: T }> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent: T };
}

export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

/** A JSON-RPC POST as any HTTP client sends it, protocol version header included. */
export async function rpc(origin: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL('/mcp', origin), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

/**
 * A 2026-07-28 request as its clients send it: the `_meta` envelope in params, and the
 * MCP-Protocol-Version, Mcp-Method and (for a named tool or resource) Mcp-Name headers.
 */
export function modernRpc(
  origin: string,
  method: string,
  params: Record<string, unknown> = {},
  options: { token?: string; headers?: Record<string, string>; capabilities?: Record<string, unknown> } = {},
): Promise<Response> {
  const name = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
  const envelope = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'contract-tests', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': options.capabilities ?? {},
  };
  return fetch(new URL('/mcp', origin), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(name ? { 'mcp-name': name } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params: { ...params, _meta: envelope } }),
  });
}

export const toolsCall = (name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name, arguments: args },
});
