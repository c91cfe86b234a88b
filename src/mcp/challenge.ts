// The MCP step-up challenge (MCP 2025-11-25 Authorization, "Scope challenge handling"): a call
// of a tool the caller may not use is answered at the HTTP layer, before the SDK sees it, so the
// client gets a status and WWW-Authenticate it can act on instead of a JSON-RPC error. Anonymous:
// 401 naming the scopes and no error code, since the request carried no credentials (RFC 6750
// 3.1); a token without them: 403 insufficient_scope. A bad token never reaches here: the bearer
// guard answers it 401 invalid_token. Unknown tool names pass through; the SDK answers those itself.
import { BearerChallenge, type AuthInfo } from '../http/bearer-guard.ts';
import { accessOf, type ToolRegistry } from './registry.ts';
import { holdsScopes, InsufficientScope } from '../services/auth/scope-check.ts';

/** Every tools/call in a JSON-RPC message or batch: the tool's name and its arguments. */
function toolCalls(body: unknown): Array<{ name: string; args: unknown }> {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  const calls: Array<{ name: string; args: unknown }> = [];
  for (const message of messages) {
    if (typeof message !== 'object' || message === null) continue;
    const { method, params } = message as { method?: unknown; params?: unknown };
    if (method !== 'tools/call' || typeof params !== 'object' || params === null) continue;
    const { name, arguments: args } = params as { name?: unknown; arguments?: unknown };
    if (typeof name === 'string') calls.push({ name, args });
  }
  return calls;
}

/** The tool names of every tools/call in a JSON-RPC message or batch. */
export function toolCallNames(body: unknown): string[] {
  return toolCalls(body).map((call) => call.name);
}

export function challengeForToolCalls(
  registry: ToolRegistry,
  body: unknown,
  auth: AuthInfo | undefined,
  origin: string,
): BearerChallenge | undefined {
  for (const { name, args } of toolCalls(body)) {
    const tool = registry.get(name);
    if (!tool) continue;
    // call_operation: the named operation's scopes, so its step-up reads as a direct tool's would.
    const extra = tool.definition.scopesFor?.(args) ?? [];
    const scopes = [...new Set([...tool.definition.requiredScopes, ...extra])];
    const access =
      accessOf(tool, auth) === 'allowed' && auth && !holdsScopes(auth, extra)
        ? 'insufficient_scope'
        : accessOf(tool, auth);
    if (access === 'token_required') {
      return new BearerChallenge(
        'missing',
        origin,
        `The tool ${name} needs an access token with the scope ${scopes.join(' ')}.`,
        scopes,
      );
    }
    if (access === 'insufficient_scope') {
      return BearerChallenge.insufficientScope(
        origin,
        new InsufficientScope(scopes),
        `The tool ${name} needs a ${tool.definition.audience} token with the scope ${scopes.join(' ')}.`,
      );
    }
  }
  return undefined;
}
