// POST /mcp: the MCP Streamable HTTP endpoint, stateless (DESIGN, "The path of a request"): a
// new Server per request, JSON responses, no session id, so any instance answers any request.
// The order of checks: Origin (DNS rebinding), method, bearer guard in anonymous-allowed mode (a
// bad token is 401, never anonymous), the batch bounds (lib/batch-limit.ts), the step-up challenge for
// a tool the caller may not use, the per-caller rate limit of tool calls, then the SDK v2: a
// request carrying the 2026-07-28 `_meta` envelope goes to its per-request handler (headers checked
// against the body, `resultType`, cache hints, server/discover, multi-round-trip requests); any
// other request is a 2025-era one, served as before by a stateless transport answering JSON.
import {
  createMcpHandler as createModernHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
  type McpHttpHandler,
} from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import type { Request, RequestHandler, Response } from 'express';
import { confirmationCodec } from './confirmation.ts';
import { webRequestOf, writeWebResponse } from './web-exchange.ts';
import { authenticateBearer, type AuthInfo } from '../http/bearer-guard.ts';
import { unreadableBodyOf } from '../http/body-errors.ts';
import { renderError } from '../http/render.ts';
import type { SiteContext } from '../http/request-context.ts';
import type { OperationRoutes } from '../http/openapi-dispatch.ts';
import { jsonRpcFacts, noteAuth, noteRequest } from '../http/request-facts.ts';
import { requestContextOf } from '../http/site-resolver.ts';
import { rateLimitHeaders } from '../services/rate-limiter.ts';
import type { McpServices } from './mcp-services.ts';
import { challengeForToolCalls, toolCallNames } from './challenge.ts';
import { isAllowedOrigin } from './origin.ts';
import { createToolRegistry, type ToolRegistry } from './registry.ts';
import { answerDirectCall, directCallOf } from './direct-rpc.ts';
import { batchRefusal } from '../lib/batch-limit.ts';
import { createMcpServer, type McpServerParts } from './server.ts';
import { registerBuiltInTools } from './tools/index.ts';
import { registerAdminOperationTools } from './admin-tools/operation-tools.ts';
import { ToolCallContext } from './tool-call-context.ts';
import { noStore } from '../lib/no-store.ts';

/** A JSON-RPC error outside any request (id null), as the SDK's own transport answers. */
function sendJsonRpcError(
  res: Response,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code = -32000,
): void {
  res.status(status).set({ ...noStore('personal-data'), ...headers });
  res.type('application/json').send(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/**
 * Per-caller limits on tool calls (/auth.md "Rate limits"): per token, or per address when anonymous.
 * One hit per tool call: batches left the protocol in 2025-06-18, but the SDK still answers them
 * for older revisions (at most MAX_BATCH_TOOL_CALLS calls, lib/batch-limit.ts), and one hit per request
 * would multiply the limit.
 */
async function toolCallsAllowed(
  services: Pick<McpServices, 'rateLimiter'>,
  ctx: SiteContext,
  auth: AuthInfo | undefined,
  calls: number,
  res: Response,
): Promise<boolean> {
  if (calls === 0) return true;
  // The policy in force, with this deployment's RATE_LIMIT_OVERRIDES (docs/operations.md "Configuration").
  const policy = services.rateLimiter.policy('mcpToolCallsPerToken');
  const bucket = auth ? `mcp-tools:token:${auth.tokenHash}` : `mcp-tools:address:${ctx.site.id}:${ctx.clientIp}`;
  // Concurrent hits on one bucket share one upsert (lib/group-commit.ts); any call over the limit refuses the
  // request.
  const decisions = await Promise.all(
    Array.from({ length: calls }, () => services.rateLimiter.consume(bucket, policy)),
  );
  const decision = decisions.find((d) => !d.allowed) ?? decisions[0]!;
  if (decision.allowed) return true;
  sendJsonRpcError(
    res,
    429,
    `Too many tool calls; retry after ${decision.resetSeconds} seconds.`,
    rateLimitHeaders(decision, policy),
  );
  return false;
}

type Shared = {
  services: McpServices;
  registry: ToolRegistry;
  parts: McpServerParts;
  /** The 2026-07-28 entry; its factory finds each request's tool context here. */
  modern: McpHttpHandler;
  contexts: WeakMap<globalThis.Request, ToolCallContext>;
};

async function serveRpc(
  { services, registry, parts, modern, contexts }: Shared,
  ctx: SiteContext,
  auth: AuthInfo | undefined,
  req: Request,
  res: Response,
): Promise<void> {
  const toolContext = new ToolCallContext(
    {
      site: ctx.site,
      services,
      auth,
      log: ctx.log,
      now: new Date(),
      requestContext: ctx,
    },
    registry,
  );
  // Answers may hold a member's own data: never stored by a shared cache (RFC 9111 5.2.2.5).
  res.set(noStore('personal-data'));
  const direct = directCallOf(req.headers, req.body);
  if (direct) {
    const answer = JSON.stringify(await answerDirectCall(direct, registry, toolContext));
    res.status(200).setHeader('Content-Type', 'application/json'); // exactly as the SDK's transport
    res.end(answer);
    return;
  }
  const request = webRequestOf(req, ctx.site.origin);
  if (!(await isLegacyRequest(request, req.body))) {
    contexts.set(request, toolContext);
    return writeWebResponse(res, await modern.fetch(request, { parsedBody: req.body }));
  }
  const server = createMcpServer(parts, toolContext, 'legacy');
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await writeWebResponse(res, await transport.handleRequest(request, { parsedBody: req.body }));
}

/**
 * `routes`: the route table (wiring/handler-map.ts), passed in by createApp: the operator tools run the admin
 * handlers, each with the admin API's services as the REST call would.
 */
export function createMcpHandler(services: McpServices, routes: OperationRoutes): RequestHandler {
  // Built once: tool descriptors, JSON Schemas and their validators (never per request).
  const registry = createToolRegistry();
  registerBuiltInTools(registry);
  registerAdminOperationTools(registry, routes);
  const parts: McpServerParts = {
    registry,
    validator: new AjvJsonSchemaValidator(registry.ajv),
    requestState: confirmationCodec(services.mcpRequestStateKey),
  };
  const contexts = new WeakMap<globalThis.Request, ToolCallContext>();
  const modern = createModernHandler(
    ({ requestInfo }) => {
      const context = requestInfo && contexts.get(requestInfo);
      if (!context) throw new Error('MCP request without its tool context');
      return createMcpServer(parts, context, 'modern');
    },
    // 2025-era requests never reach it (serveRpc routes them). Its answers are JSON: no tool here
    // sends a message before its result, which alone would open a stream.
    { legacy: 'reject' },
  );
  const shared: Shared = { services, registry, parts, modern, contexts };

  return async (req, res, next) => {
    // Mounted at /mcp: deeper paths are not this endpoint.
    if (req.path !== '/') return next();
    try {
      const ctx = requestContextOf(req);
      if (!isAllowedOrigin(req.headers.origin, ctx.site.origin))
        return sendJsonRpcError(res, 403, 'Forbidden: the Origin header is not allowed to call this server.');
      // Stateless: no server-initiated SSE stream (GET) and no session to end (DELETE).
      if (req.method !== 'POST') return sendJsonRpcError(res, 405, 'Method not allowed.', { Allow: 'POST' });
      noteRequest(req, { operation: 'mcp', ...jsonRpcFacts(req.body) }); // docs/operations.md "Reading the logs"
      const auth = await authenticateBearer(services.db, ctx.site, req.headers.authorization, {
        onAuthenticated: (a) => noteAuth(req, a),
      });
      // JSON-RPC 2.0 5.1: a body that is not JSON is a parse error (-32700), as the SDK's transport answers.
      const unreadable = unreadableBodyOf(req);
      if (unreadable)
        return sendJsonRpcError(
          res,
          unreadable.status,
          unreadable.status === 413 ? unreadable.detail : `Parse error: ${unreadable.detail}`,
          {},
          unreadable.status === 413 ? -32000 : -32700,
        );
      // /auth.md "Request bounds": bounded before anything loops over the batch's messages.
      const oversized = batchRefusal(req.body);
      if (oversized) return sendJsonRpcError(res, 400, oversized, {}, -32600);
      const challenge = challengeForToolCalls(registry, req.body, auth, ctx.site.origin);
      if (challenge) throw challenge;
      if (!(await toolCallsAllowed(services, ctx, auth, toolCallNames(req.body).length, res))) return;
      await serveRpc(shared, ctx, auth, req, res);
    } catch (error) {
      renderError(req, res, error);
    }
  };
}
