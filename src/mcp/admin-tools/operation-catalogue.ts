// Every admin operation of the OpenAPI document as one catalogue entry, built once at start-up:
// a snake_case name from its operationId, flat arguments (flat-arguments.ts), faithful and
// portable schemas, truthful annotations, an example from the document, the scopes it needs, and
// `run`, which executes the very handler that serves the REST call and summarises the result.
// The core operations become direct tools (core-operations.ts); every entry, core or not, is
// found, described and called through search_operations, describe_operation and call_operation.
import { operations, type OperationId } from '../../../generated/openapi/operations.ts';
import type { OperationRoute, OperationRoutes } from '../../http/openapi-dispatch.ts';
import { operationContextOf } from '../../http/request-context-store.ts';
import { holdsScopes } from '../../services/auth/scope-check.ts';
import { loadBundledOpenApi } from '../../http/openapi-document.ts';
import { advertisedInput, advertisedOutput } from '../portable-schema.ts';
import type { ToolAnnotations, ToolContext, ToolOutput } from '../registry.ts';
import type { JsonSchemaObject } from '../schema.ts';
import { flatArgumentsOf, type FlatArguments, type OperationObject, type Parameter } from './flat-arguments.ts';
import { resolvePointer, toJsonSchema } from './openapi-schemas.ts';
import { summarise, type NextPageHint } from './summarise.ts';

type Json = Record<string, unknown>;

export type OperationEntry = {
  /** snake_case of the operationId: the direct tool's name, and the `operation` of call_operation. */
  name: string;
  operationId: OperationId;
  summary: string;
  description: string;
  method: string;
  path: string;
  tags: readonly string[];
  scopes: readonly string[];
  annotations: ToolAnnotations;
  /** Whether a call is confirmed first (MCP 2026-07-28 multi-round-trip requests; confirmation.ts). */
  needsConfirmation: boolean;
  /** Faithful: what arguments are checked against. */
  input: JsonSchemaObject;
  output: JsonSchemaObject;
  /** Portable: what describe_operation and tools/list show. */
  advertisedInput: JsonSchemaObject;
  advertisedOutput: JsonSchemaObject;
  example: Json;
  /** Lower-case words search_operations matches a query against. */
  searchText: string;
  run(args: Json, ctx: ToolContext, nextPage: NextPageHint): Promise<ToolOutput<Json>>;
};

const EMPTY_OUTPUT: JsonSchemaObject = {
  type: 'object',
  properties: { ok: { type: 'boolean', const: true } },
  required: ['ok'],
};

/** Actions that end or take back something, a refund included (operationIds are verb and noun, DESIGN Naming). */
const ENDING_VERBS = /^(cancel|expire|archive|unpublish|refund)[A-Z]/;

/**
 * What an agent must confirm before it runs: every deletion (a person removed from the school or a
 * course included), a refund, and a change of someone's roles. The other ending actions (cancel,
 * archive, unpublish, expire) can be undone or redone and are not asked about.
 */
const CONFIRMED: ReadonlySet<string> = new Set(['refundOrder', 'setMemberRoles']);
const needsConfirmation = (operationId: string, method: string) => method === 'delete' || CONFIRMED.has(operationId);

/** Actions that send a request to an outside system: a webhook receiver the school registered. */
const OPEN_WORLD: ReadonlySet<string> = new Set([
  'sendWebhookTestEvent',
  'redeliverWebhookDelivery',
  'recoverWebhookEndpoint',
]);

/** `listCourseEnrollments` → `list_course_enrollments`. */
export function snakeCase(operationId: string): string {
  return operationId.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

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

function outputSchemaOf(document: Json, op: OperationObject): JsonSchemaObject {
  const schemas = Object.entries(op.responses ?? {})
    .filter(([status]) => /^2\d\d$/.test(status))
    .map(([, response]) => ((response as { content?: Json }).content?.['application/json'] as Json | undefined)?.schema)
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

/** The REST body as structured content: as is, wrapped in `result`, or `{ok: true}`. */
function shapeOutput(output: JsonSchemaObject, body: unknown): Json {
  if (output === EMPTY_OUTPUT) return { ok: true };
  if (output.properties?.result && output.required?.includes('result')) return { result: body };
  return (body ?? {}) as Json;
}

/** Example arguments from the document: parameter examples and the request body's example, flat. */
function exampleOf(document: Json, op: OperationObject, parameters: Parameter[]): Json {
  const example: Json = {};
  for (const raw of parameters) {
    const p = ((raw as Json).$ref ? resolvePointer(document, (raw as Json).$ref as string) : raw) as Json;
    const value = p.example ?? (p.schema as Json | undefined)?.example;
    if (value !== undefined && p.in !== 'header') example[p.name as string] = value;
  }
  const body = (op.requestBody?.content?.['application/json'] as Json | undefined)?.example;
  if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(example, body);
  else if (body !== undefined) example.value = body;
  return example;
}

type Meta = (typeof operations)[OperationId];

function entryOf(
  document: Json,
  operationId: OperationId,
  meta: Meta,
  { handler, services }: OperationRoute,
): OperationEntry | undefined {
  const item = (document.paths as Record<string, Json>)[meta.path]!;
  const op = item[meta.method] as OperationObject;
  const pathItemParameters = (item.parameters as Parameter[] | undefined) ?? [];
  const flat: FlatArguments | undefined = flatArgumentsOf(document, op, pathItemParameters);
  if (!flat) return undefined;
  const output = outputSchemaOf(document, op);
  const name = snakeCase(operationId);
  const pathNames = new Set(
    [...pathItemParameters, ...(op.parameters ?? [])]
      .map((p) => ((p as Json).$ref ? resolvePointer(document, (p as Json).$ref as string) : p) as Parameter)
      .filter((p) => p.in === 'path')
      .map((p) => p.name),
  );
  const summary = meta.summary;
  const description = [op.summary, op.description].filter(Boolean).join('\n\n');
  return {
    name,
    operationId,
    summary,
    description,
    method: meta.method.toUpperCase(),
    path: meta.path,
    tags: meta.tags,
    scopes: meta.scopes,
    annotations: annotationsFor(operationId, meta.method, summary),
    needsConfirmation: needsConfirmation(operationId, meta.method),
    input: flat.schema,
    output,
    advertisedInput: advertisedInput(flat.schema),
    advertisedOutput: advertisedOutput(output, Infinity),
    example: exampleOf(document, op, [...pathItemParameters, ...(op.parameters ?? [])]),
    searchText: [name, operationId, summary, op.description ?? '', ...meta.tags, ...meta.scopes, meta.path]
      .join(' ')
      .toLowerCase(),
    async run(args, ctx, nextPage) {
      const request = flat.split(args);
      // The operation's own surface's services (the admin API's), as its REST call is given.
      const context = operationContextOf(ctx.requestContext, services, ctx.auth);
      const result = await handler({ ...request, headers: {} }, context);
      const pathIds = Object.fromEntries(Object.entries(request.path).filter(([key]) => pathNames.has(key)));
      return {
        structuredContent: shapeOutput(output, result.body),
        summary: summarise(operationId, { summary, status: Number(result.status), pathIds }, result.body, nextPage),
      };
    },
  };
}

/** The catalogue: every admin operation that needs scopes and takes JSON, in operationId order. */
export function buildOperationCatalogue(routes: OperationRoutes): OperationEntry[] {
  const document = loadBundledOpenApi() as Json;
  const entries: OperationEntry[] = [];
  for (const [operationId, meta] of Object.entries(operations) as Array<[OperationId, Meta]>) {
    if (!meta.path.startsWith('/api/v1/') || meta.public || (meta.scopes as readonly string[]).length === 0) continue;
    const entry = entryOf(document, operationId, meta, routes[operationId]);
    if (entry) entries.push(entry);
  }
  return entries;
}

/** The question an agent's user answers before the operation runs (confirmation.ts), if any. */
export function confirmationQuestion(entry: OperationEntry, args: Json): string | undefined {
  if (!entry.needsConfirmation) return undefined;
  const shown = JSON.stringify(args);
  // The arguments are the agent's; a question stays short enough to read.
  const brief = shown.length > 400 ? `${shown.slice(0, 400)}…` : shown;
  return `${entry.summary} (${entry.method} ${entry.path}) with ${brief}? This cannot be undone.`;
}

/** Whether a token may call the operation: an operator token holding every scope it needs. */
export function mayCall(entry: OperationEntry, auth: ToolContext['auth']): boolean {
  return auth !== undefined && holdsScopes(auth, entry.scopes, 'operator');
}
