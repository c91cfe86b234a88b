// One admin operation's arguments as one flat object: its path parameters (`course_id`), query
// parameters (`limit`, `cursor`) and JSON body properties (`title`, `price`) side by side, as an
// agent writes them, instead of a `{path, query, body}` envelope. Built once at start-up from the
// OpenAPI document; `split` turns a call's arguments back into the request the REST handler takes.
import type { JsonSchemaObject } from '../schema.ts';
import { ToolInputError } from '../tool-errors.ts';
import { toJsonSchema } from './openapi-schemas.ts';

type Json = Record<string, unknown>;
export type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: unknown };
export type OperationObject = {
  operationId: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Json };
  responses?: Json;
};

export type RestRequest = { path: Json; query: Json; body: unknown };

export type FlatArguments = {
  /** The faithful JSON Schema of the flat arguments (nullable kept): what a call is checked against. */
  schema: JsonSchemaObject;
  split(args: Json): RestRequest;
};

/** The name a body that is not an object is passed under (none of today's operations has one). */
const BODY_VALUE = 'value';

/**
 * The paging arguments every list shares, told once in MCP's words: the REST document's
 * description speaks of query pointers and HTTP statuses, and repeats in every list's schema.
 */
const PAGING: Record<string, string> = {
  cursor: 'next_cursor of the previous page, with the same other arguments; omit for the first page',
};

function described(document: Json, p: Parameter): object {
  const description = (p.in === 'query' && PAGING[p.name]) || p.description;
  return {
    ...(toJsonSchema(document, p.schema ?? { type: 'string' }) as Json),
    ...(description ? { description } : {}),
  };
}

/**
 * The flat arguments of one operation, or undefined when its body is not JSON (a multipart
 * upload cannot be tool arguments). Throws when two locations share a name: the call could not
 * be split back unambiguously, so the server must not start.
 */
export function flatArgumentsOf(
  document: Json,
  op: OperationObject,
  pathItemParameters: Parameter[] = [],
): FlatArguments | undefined {
  const parameters = [...pathItemParameters, ...(op.parameters ?? [])].map((p) =>
    (p as Json).$ref ? (toJsonSchema(document, p) as Parameter) : p,
  );
  const json = op.requestBody?.content?.['application/json'] as { schema?: unknown } | undefined;
  if (op.requestBody && !json) return undefined;
  const body = json?.schema === undefined ? undefined : (toJsonSchema(document, json.schema) as Json);
  const bodyIsObject = body?.type === 'object' && body.properties !== undefined;
  const bodyRequired = op.requestBody?.required === true;

  const properties: Record<string, object> = {};
  const required: string[] = [];
  const location = new Map<string, 'path' | 'query' | 'body'>();
  const claim = (name: string, where: 'path' | 'query' | 'body') => {
    const taken = location.get(name);
    if (taken)
      throw new Error(`${op.operationId}: the ${where} and ${taken} both have an argument named ${name}; rename one`);
    location.set(name, where);
  };
  for (const p of parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    claim(p.name, p.in);
    properties[p.name] = described(document, p);
    if (p.required || p.in === 'path') required.push(p.name);
  }
  if (body && bodyIsObject) {
    for (const [name, schema] of Object.entries(body.properties as Json)) {
      claim(name, 'body');
      properties[name] = schema as object;
    }
    // A body property is required when the body is (an optional body's properties are all optional).
    if (bodyRequired) required.push(...((body.required as string[] | undefined) ?? []));
  } else if (body) {
    claim(BODY_VALUE, 'body');
    properties[BODY_VALUE] = body;
    if (bodyRequired) required.push(BODY_VALUE);
  }
  const schema: JsonSchemaObject = {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
  const minBodyProperties = bodyIsObject && typeof body.minProperties === 'number' ? body.minProperties : 0;
  const bodyNames = [...location].filter(([, where]) => where === 'body').map(([name]) => name);

  return {
    schema,
    split(args) {
      const request: RestRequest = { path: {}, query: {}, body: undefined };
      const bodyPart: Json = {};
      for (const [name, value] of Object.entries(args)) {
        const where = location.get(name);
        if (where === 'path' || where === 'query') request[where][name] = value;
        else if (where === 'body') bodyPart[name] = value;
      }
      if (!bodyIsObject) request.body = bodyPart[BODY_VALUE];
      else if (Object.keys(bodyPart).length || bodyRequired) request.body = bodyPart;
      // The body's own rule the flat schema cannot say (a change needs at least one field).
      if (bodyIsObject && Object.keys(bodyPart).length < minBodyProperties)
        throw new ToolInputError(`give at least ${minBodyProperties} of: ${bodyNames.join(', ')}`, '(arguments)');
      return request;
    },
  };
}
