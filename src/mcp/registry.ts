// The scope-gated tool registry. Tools are plain data: a name, schemas, MCP annotations, the
// audience and scopes that may call them, and a handler over the shared services. The server
// never names a tool; it asks the registry what a caller may see and call. The admin API comes in
// through the same seam: admin-tools/operation-tools.ts turns each OpenAPI operation into one
// catalogue (admin-tools/operation-catalogue.ts), of which a core is registered as direct tools and
// the rest is reached through search_operations, describe_operation and call_operation. What
// tools/list shows is the portable form of each schema (portable-schema.ts); arguments are checked
// against the tool's own, faithful one.
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { Logger } from 'pino';
import type { AuthInfo } from '../http/bearer-guard.ts';
import type { SiteContext } from '../http/request-context.ts';
import type { McpServices } from './mcp-services.ts';
import type { Site } from '../services/school/sites.ts';
import { holdsScopes } from '../services/auth/scope-check.ts';
import { advertisedInput, advertisedOutput } from './portable-schema.ts';
import { compileSchema, type CompiledSchema, type JsonSchemaObject, type SchemaSource } from './schema.ts';

/** Who may call: anyone ('anonymous' = public), or a token of that audience. */
export type ToolAudience = 'anonymous' | 'member' | 'operator';

/**
 * MCP tool annotations. Tools act on this school's data (a closed world), except those that send
 * a webhook to a receiver the school chose (an open world: openWorldHint true).
 */
export type ToolAnnotations = {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
};

export type ToolContext = {
  site: Site;
  services: McpServices;
  /** Undefined for an anonymous caller. */
  auth: AuthInfo | undefined;
  log: Logger;
  now: Date;
  /** Names of the tools this caller may use (whoami reports them). */
  availableTools: readonly string[];
  /**
   * The HTTP request's context, without services, for tools that run a REST operation's handler: each run is given
   * the services of that operation's surface (admin-tools/operation-catalogue.ts).
   */
  requestContext: SiteContext;
};

/**
 * What a handler returns: data matching its outputSchema and a one-line summary the server
 * writes (counts, slugs, cursors; never school-written text). The text content a model reads is
 * built from both in one place, with the data fenced as untrusted (untrusted.ts).
 */
export type ToolOutput<Out> = { structuredContent: Out; summary: string };

export type ToolDefinition<Args = Record<string, unknown>, Out = Record<string, unknown>> = {
  name: string;
  title: string;
  description: string;
  inputSchema: SchemaSource<Args>;
  outputSchema: SchemaSource<Out>;
  annotations: ToolAnnotations;
  audience: ToolAudience;
  /** Every scope the token must hold; named in the step-up challenge (RFC 6750 3.1). */
  requiredScopes: readonly string[];
  /**
   * The scopes one call needs beyond requiredScopes, read from its arguments (call_operation: the
   * named operation's), so the HTTP layer can answer the same step-up challenge as for a direct tool.
   */
  scopesFor?(args: unknown): readonly string[] | undefined;
  /**
   * The question to confirm before this call runs, when it deletes, refunds, removes a person or
   * changes roles (call-tool.ts asks it on 2026-07-28 requests); undefined when none is needed.
   */
  confirmationFor?(args: Args, ctx: ToolContext): string | undefined;
  handler(args: Args, ctx: ToolContext): Promise<ToolOutput<Out>>;
};

/** The MCP `Tool` object of tools/list, built once at registration. */
export type ToolDescriptor = {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchemaObject;
  outputSchema: JsonSchemaObject;
  annotations: ToolAnnotations & { title: string };
};

export type RegisteredTool = {
  definition: ToolDefinition<unknown, unknown>;
  descriptor: ToolDescriptor;
  input: CompiledSchema<unknown>;
  output: CompiledSchema<unknown>;
};

export type ToolAccess = 'allowed' | 'token_required' | 'insufficient_scope';

/**
 * MCP 2025-11-25 tool names are 1-128 characters of A-Z a-z 0-9 _ - . ; this server uses one style
 * of them, snake_case (docs/agents.md "MCP"), so an agent never meets `getCourse` beside `get_course`.
 */
const TOOL_NAME = /^[a-z][a-z0-9_]{0,127}$/;

export function accessOf(tool: RegisteredTool, auth: AuthInfo | undefined): ToolAccess {
  const { audience, requiredScopes } = tool.definition;
  if (audience === 'anonymous') return 'allowed';
  if (!auth) return 'token_required';
  return holdsScopes(auth, requiredScopes, audience) ? 'allowed' : 'insufficient_scope';
}

export function createToolRegistry() {
  // One Ajv for every JSON-Schema tool and for the SDK's own validator: compiled at start-up.
  // verbose: an unknown-argument error can then name the arguments there are (schema.ts).
  const ajv = new Ajv({ strict: false, allErrors: true, useDefaults: true, verbose: true });
  addFormats.default(ajv);
  const tools = new Map<string, RegisteredTool>();

  return {
    ajv,

    /** Defines a tool with typed arguments; generic so handlers see their schema's types. */
    register<Args, Out>(definition: ToolDefinition<Args, Out>): void {
      if (!TOOL_NAME.test(definition.name)) throw new Error(`invalid MCP tool name ${definition.name}`);
      if (tools.has(definition.name)) throw new Error(`MCP tool ${definition.name} registered twice`);
      if (definition.audience === 'anonymous' && definition.requiredScopes.length)
        throw new Error(`public tool ${definition.name} cannot require scopes`);
      const input = compileSchema(definition.inputSchema, 'input', ajv) as CompiledSchema<unknown>;
      const output = compileSchema(definition.outputSchema, 'output', ajv) as CompiledSchema<unknown>;
      const { name, title, description, annotations } = definition;
      const descriptor: ToolDescriptor = {
        name,
        title,
        description,
        inputSchema: advertisedInput(input.jsonSchema),
        outputSchema: advertisedOutput(output.jsonSchema),
        annotations: { title, ...annotations },
      };
      tools.set(name, { definition, descriptor, input, output });
    },

    get(name: string): RegisteredTool | undefined {
      return tools.get(name);
    },

    /** The tools a caller may call, in registration order: what tools/list shows them. */
    visibleTo(auth: AuthInfo | undefined): RegisteredTool[] {
      return [...tools.values()].filter((tool) => accessOf(tool, auth) === 'allowed');
    },
  };
}

export type ToolRegistry = ReturnType<typeof createToolRegistry>;
