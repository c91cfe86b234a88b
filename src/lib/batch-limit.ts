// /auth.md "Request bounds" ("no request can stall an instance"): one POST /mcp may carry a JSON-RPC batch
// (JSON-RPC 2.0 section 6; batches left MCP in 2025-06-18 but the SDK still answers them for older
// revisions). Before this check a 2 MB body of tiny tools/call messages fanned out into tens of
// thousands of rate-limit writes and step-up checks before the SDK's own cap (100) refused it.
// The bound is checked first, in linear time, and answered as the SDK answers its own cap:
// HTTP 400 with JSON-RPC error -32600 (Invalid Request), id null. Documented in /auth.md (MCP).

/** Messages in one batch; an agent sends one message per request, so this only bounds abuse. */
export const MAX_BATCH_MESSAGES = 20;
/** tools/call messages in one batch: each runs a tool and spends one unit of the per-caller rate limit. */
export const MAX_BATCH_TOOL_CALLS = 10;

/** The refusal message when the body is a batch over a bound; undefined when it is within them (or no batch). */
export function batchRefusal(body: unknown): string | undefined {
  if (!Array.isArray(body)) return undefined;
  if (body.length > MAX_BATCH_MESSAGES)
    return `Invalid Request: a batch may hold at most ${MAX_BATCH_MESSAGES} messages; this one holds ${body.length}.`;
  const toolCalls = body.filter(
    (message: unknown) =>
      typeof message === 'object' && message !== null && (message as { method?: unknown }).method === 'tools/call',
  ).length;
  if (toolCalls > MAX_BATCH_TOOL_CALLS)
    return `Invalid Request: a batch may hold at most ${MAX_BATCH_TOOL_CALLS} tools/call messages; this one holds ${toolCalls}.`;
  return undefined;
}
