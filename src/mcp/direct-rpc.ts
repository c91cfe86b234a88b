// tools/list and tools/call, the two requests an agent repeats, answered without building the SDK's
// Server and Streamable HTTP transport for each one (bench/FINDINGS.md "Direct MCP calls": the conversion to web
// streams, zod parsing of the envelope, and an McpError with a stack trace built on every close
// cost more than the tool itself). Only a request the SDK would take exactly as it is comes here:
// one 2025-era JSON-RPC request, no batch, no `_meta` (so never a 2026-07-28 one) or `task`, no
// session, an Accept header naming both media types, a supported 2025-era protocol version. Its answer comes from the same functions the SDK
// server calls (server.ts: the registry's descriptors and callTool), in the SDK's own envelope;
// contract-tests/mcp/direct-rpc.test.ts compares the two paths. Everything else goes to the SDK.
import { ProtocolErrorCode, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import type { IncomingHttpHeaders } from 'node:http';
import { callTool } from './call-tool.ts';
import type { ToolContext, ToolRegistry } from './registry.ts';

type RequestId = string | number;
export type DirectCall =
  | { id: RequestId; method: 'tools/list' }
  | { id: RequestId; method: 'tools/call'; name: string; arguments: Record<string, unknown> | undefined };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The request, when this path may answer it exactly as the SDK would; undefined otherwise. */
export function directCallOf(headers: IncomingHttpHeaders, body: unknown): DirectCall | undefined {
  const accept = headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  if ((headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() !== 'application/json') return undefined;
  const version = headers['mcp-protocol-version'];
  if (version !== undefined && !(typeof version === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(version)))
    return undefined;
  if (headers['mcp-session-id'] !== undefined) return undefined;
  if (!isPlainObject(body) || body.jsonrpc !== '2.0') return undefined;
  const { id, method, params } = body;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)))) return undefined;
  if (params !== undefined && (!isPlainObject(params) || '_meta' in params || 'task' in params)) return undefined;
  if (method === 'tools/list')
    return params === undefined || Object.keys(params).length === 0 ? { id, method } : undefined;
  if (method !== 'tools/call' || !params || typeof params.name !== 'string') return undefined;
  if (params.arguments !== undefined && !isPlainObject(params.arguments)) return undefined;
  if (Object.keys(params).some((key) => key !== 'name' && key !== 'arguments')) return undefined;
  return { id, method, name: params.name, arguments: params.arguments };
}

/** The JSON-RPC response the SDK would send (shared/protocol.js: result, or error with code and message). */
export async function answerDirectCall(call: DirectCall, registry: ToolRegistry, ctx: ToolContext): Promise<unknown> {
  try {
    const result =
      call.method === 'tools/list'
        ? { tools: registry.visibleTo(ctx.auth).map((tool) => tool.descriptor) }
        : await callTool(registry, call.name, call.arguments, ctx);
    return { result, jsonrpc: '2.0', id: call.id };
  } catch (error) {
    const e = error as { code?: unknown; message?: string; data?: unknown };
    return {
      jsonrpc: '2.0',
      id: call.id,
      error: {
        code: Number.isSafeInteger(e.code) ? e.code : ProtocolErrorCode.InternalError,
        message: e.message ?? 'Internal error',
        ...(e.data !== undefined ? { data: e.data } : {}),
      },
    };
  }
}
