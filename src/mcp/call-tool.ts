// One tools/call: check access again (the HTTP layer already challenged, this is defence in
// depth), validate the arguments, run the handler, check its output against the declared
// outputSchema, and shape the MCP result. Every failure is an isError result or, for a tool the
// caller cannot see, the JSON-RPC error of an unknown tool (MCP 2025-11-25 Tools, Error Handling).
// On a 2026-07-28 request, a tool that deletes, refunds, removes a person or changes roles first asks
// for a confirmation round (confirmation.ts).
import {
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type InputRequiredResult,
} from '@modelcontextprotocol/server';
import { confirmationOf, type ConfirmationRound } from './confirmation.ts';
import { NUL_DETAIL, pathsWithNul } from '../lib/nul-text.ts';
import { accessOf, type ToolContext, type ToolRegistry } from './registry.ts';
import { toolError, toolErrorFrom } from './tool-errors.ts';
import { textWithUntrusted } from './untrusted.ts';

export function callTool(
  registry: ToolRegistry,
  name: string,
  args: unknown,
  ctx: ToolContext,
): Promise<CallToolResult>;
export function callTool(
  registry: ToolRegistry,
  name: string,
  args: unknown,
  ctx: ToolContext,
  round: ConfirmationRound | undefined,
): Promise<CallToolResult | InputRequiredResult>;
export async function callTool(
  registry: ToolRegistry,
  name: string,
  args: unknown,
  ctx: ToolContext,
  /** Present on a 2026-07-28 request: the confirmation round's codec and what the retry carried. */
  round?: ConfirmationRound,
): Promise<CallToolResult | InputRequiredResult> {
  const tool = registry.get(name);
  // A tool the caller may not use is as unknown as one that does not exist.
  if (!tool || accessOf(tool, ctx.auth) !== 'allowed')
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);

  const input = tool.input.validate(args ?? {});
  if (!input.ok) return toolError(`Invalid arguments for ${name}: ${input.message}`);
  // Valid by the schema, but text with U+0000 cannot be stored (lib/nul-text.ts): invalid too.
  const nul = pathsWithNul(input.data);
  if (nul.length)
    return toolError(
      `Invalid arguments for ${name}: ${nul.map((path) => `${path.join('.')}: ${NUL_DETAIL}`).join('; ')}`,
    );

  const question = round && tool.definition.confirmationFor?.(input.data, ctx);
  if (question) {
    const decision = await confirmationOf(round, name, ctx.auth, input.data, question);
    if (decision === 'declined') return toolError(`Not run: ${name} was not confirmed.`);
    if (decision !== 'run') return decision;
  }

  let output;
  try {
    output = await tool.definition.handler(input.data, ctx);
  } catch (error) {
    return toolErrorFrom(error, ctx.log, name);
  }

  // A result that breaks its own schema is a bug here; the client would reject it anyway.
  const checked = tool.output.validate(output.structuredContent);
  if (!checked.ok) {
    ctx.log.error({ tool: name, problem: checked.message }, 'MCP tool output does not match its outputSchema');
    return toolError(`The tool ${name} failed unexpectedly; the error has been logged. Try again later.`);
  }
  // The checked value, not the handler's: a zod output schema drops any field it does not declare.
  const data = checked.data as Record<string, unknown>;
  return { content: [{ type: 'text', text: textWithUntrusted(output.summary, data) }], structuredContent: data };
}
