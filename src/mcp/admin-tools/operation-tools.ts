// Every operation of the administrative REST API as an MCP tool for operator tokens (one per operationId),
// generated from the OpenAPI document: name = operationId, description = summary (and
// description), input schema = its path and query parameters and its JSON body, required scopes
// = its security requirement, executed by the very handler that serves the REST call. A tool is
// listed only when the token holds its scopes (registry.visibleTo).
import { operations, type OperationId } from '../../../generated/openapi/operations.ts';
import type { AnyOperationHandler } from '../../http/handler.ts';
import { loadBundledOpenApi } from '../../public/openapi-document.ts';
import type { JsonSchemaObject } from '../schema.ts';
import type { ToolAnnotations, ToolDefinition, ToolRegistry } from '../registry.ts';
import { toJsonSchema } from './openapi-schemas.ts';

type Json = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: unknown };
type Operation = {
  operationId: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Json };
  responses?: Json;
};

const EMPTY_OUTPUT: JsonSchemaObject = {
  type: 'object',
  properties: { ok: { type: 'boolean', const: true } },
  required: ['ok'],
};

/** Actions that end or take back something (operationIds are verb and noun, DESIGN Naming). */
const ENDING_VERBS = /^(cancel|expire|archive|unpublish)[A-Z]/;

/** Actions that send a request to an outside system: a webhook receiver the school registered. */
const OPEN_WORLD = new Set(['sendWebhookTestEvent', 'redeliverWebhookDelivery']);

/**
 * MCP 2025-11-25 ToolAnnotations, told truthfully from the operation: GET reads; DELETE and the
 * actions that end something are destructive; the spec's summary says "(idempotent)" of every
 * POST action that is (a retried cancel or publish changes nothing), besides PUT, PATCH, DELETE.
 */
function annotationsFor(operationId: string, method: string, summary: string): ToolAnnotations {
  if (method === 'get')
    return { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
  if (method === 'delete')
    return { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };
  const idempotent = method === 'put' || method === 'patch' || /\bidempotent\)/.test(summary);
  return {
    readOnlyHint: false,
    destructiveHint: ENDING_VERBS.test(operationId),
    idempotentHint: idempotent,
    openWorldHint: OPEN_WORLD.has(operationId),
  };
}

function parameterGroup(
  document: Json,
  parameters: Parameter[],
  location: 'path' | 'query',
): JsonSchemaObject | undefined {
  const own = parameters.filter((p) => p.in === location);
  if (!own.length) return undefined;
  const properties = Object.fromEntries(
    own.map((p) => [
      p.name,
      {
        ...(toJsonSchema(document, p.schema ?? { type: 'string' }) as Json),
        ...(p.description ? { description: p.description } : {}),
      },
    ]),
  );
  const required = own.filter((p) => p.required).map((p) => p.name);
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

function inputSchemaOf(document: Json, op: Operation, pathParameters: Parameter[]): JsonSchemaObject | undefined {
  const parameters = [...pathParameters, ...(op.parameters ?? [])].map((p) =>
    (p as Json).$ref ? (toJsonSchema(document, p) as Parameter) : p,
  );
  const body = op.requestBody?.content?.['application/json'] as { schema?: unknown } | undefined;
  // A body that is not JSON (a multipart upload) cannot be passed as tool arguments.
  if (op.requestBody && !body) return undefined;
  const properties: Record<string, object> = {};
  const required: string[] = [];
  const path = parameterGroup(document, parameters, 'path');
  const query = parameterGroup(document, parameters, 'query');
  if (path) {
    properties.path = path;
    required.push('path');
  }
  if (query) properties.query = query;
  if (body?.schema) {
    properties.body = toJsonSchema(document, body.schema) as object;
    if (op.requestBody?.required) required.push('body');
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

function outputSchemaOf(document: Json, op: Operation): JsonSchemaObject {
  const successes = Object.entries(op.responses ?? {})
    .filter(([status]) => /^2\d\d$/.test(status))
    .map(([, response]) => response as { content?: Json });
  const schemas = successes
    .map((success) => (success.content?.['application/json'] as { schema?: unknown } | undefined)?.schema)
    .filter((schema) => schema !== undefined);
  const distinct = [...new Map(schemas.map((schema) => [JSON.stringify(schema), schema])).values()];
  if (distinct.length === 0) return EMPTY_OUTPUT;
  // Several success shapes (inviteMember: a member, or an invitation) are each allowed.
  if (distinct.length > 1)
    return { type: 'object', anyOf: distinct.map((schema) => toJsonSchema(document, schema) as Json) };
  const converted = toJsonSchema(document, distinct[0]) as Json;
  // MCP output schemas describe objects; anything else is wrapped.
  return converted.type === 'object' || converted.allOf
    ? { type: 'object', ...converted }
    : { type: 'object', properties: { result: converted }, required: ['result'] };
}

/** The REST body as the tool's structured content: as is, wrapped in `result`, or `{ok: true}`. */
function shapeOutput(output: JsonSchemaObject, body: unknown): Json {
  if (output === EMPTY_OUTPUT) return { ok: true };
  if (output.properties?.result && output.required?.includes('result')) return { result: body };
  return (body ?? {}) as Json;
}

export function registerAdminOperationTools(
  registry: ToolRegistry,
  handlers: Record<OperationId, AnyOperationHandler>,
): string[] {
  const document = loadBundledOpenApi() as Json;
  const paths = document.paths as Record<string, Json>;
  const registered: string[] = [];
  for (const [operationId, meta] of Object.entries(operations) as Array<
    [OperationId, (typeof operations)[OperationId]]
  >) {
    if (!meta.path.startsWith('/api/v1/') || meta.public || (meta.scopes as readonly string[]).length === 0) continue;
    const item = paths[meta.path]!;
    const op = item[meta.method] as Operation;
    const input = inputSchemaOf(document, op, (item.parameters as Parameter[] | undefined) ?? []);
    if (!input) continue;
    const output = outputSchemaOf(document, op);
    const handler = handlers[operationId];
    const definition: ToolDefinition<{ path?: Json; query?: Json; body?: unknown }, Json> = {
      name: operationId,
      title: meta.summary,
      description:
        [op.summary, op.description].filter(Boolean).join('\n\n') +
        `\n\nRequires the scopes: ${meta.scopes.join(' ')}. REST: ${meta.method.toUpperCase()} ${meta.path}.`,
      inputSchema: input,
      outputSchema: output,
      annotations: annotationsFor(operationId, meta.method, meta.summary),
      audience: 'operator',
      requiredScopes: meta.scopes,
      async handler(args, ctx) {
        const result = await handler(
          { path: args.path ?? {}, query: args.query ?? {}, body: args.body, headers: {} },
          ctx.requestContext,
        );
        return {
          structuredContent: shapeOutput(output, result.body),
          summary: `${operationId}: HTTP ${result.status}.`,
        };
      },
    };
    registry.register(definition);
    registered.push(operationId);
  }
  return registered;
}
