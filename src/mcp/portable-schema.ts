// What tools/list advertises: schemas every major tool-calling client accepts. A tool validates
// its arguments with its own faithful schema (zod, or the OpenAPI document's, nullable and all);
// the advertised one is a conservative subset of it, computed once at registration:
// - inputs keep only the keywords of INPUT_KEYWORDS, a single `type` string, `additionalProperties:
//   false` on every object with properties, and the formats of INPUT_FORMATS. A `null` branch is
//   dropped (a client that may send null still can; one whose dialect has no null never needs to),
//   a default is told in the description.
// - outputs keep their meaning, but a nullable `type: [t, "null"]` becomes `anyOf` branches of one
//   type each, the spelling the MCP Inspector's schema-portability check asks for.
import type { JsonSchemaObject } from './schema.ts';

type Json = Record<string, unknown>;

/**
 * The keywords of an input schema: those all three strict tool-calling dialects take.
 * - OpenAI function calling, strict mode (Structured Outputs "Supported schemas"): type, properties,
 *   required, additionalProperties false, items, enum, description, pattern, format, minimum,
 *   maximum, minItems, maxItems; string lengths are accepted.
 * - Gemini function declarations (the OpenAPI 3.0 subset Schema object): type (one string), format,
 *   description, enum, items, properties, required, minimum, maximum, minLength, maxLength,
 *   pattern, minItems, maxItems; no type arrays, no $ref, no oneOf/allOf/not/const.
 * - Anthropic tool input_schema: any JSON Schema object; the subset above is common to all.
 */
export const INPUT_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'description',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
]);

/** String formats the three dialects above all name (OpenAI strict's list is the narrowest). */
export const INPUT_FORMATS: ReadonlySet<string> = new Set(['date-time', 'date', 'email', 'uri', 'uuid']);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `allOf` of objects (a $ref with a description beside it, a mix-in) read as the one schema they make. */
function mergeAllOf(node: Json): Json {
  if (!Array.isArray(node.allOf)) return node;
  const { allOf, ...rest } = node;
  const merged: Json = { ...rest };
  for (const part of allOf as Json[]) {
    for (const [key, value] of Object.entries(mergeAllOf(part))) {
      if (key === 'properties') merged.properties = { ...(merged.properties as Json), ...(value as Json) };
      else if (key === 'required')
        merged.required = [...new Set([...((merged.required as string[]) ?? []), ...(value as string[])])];
      else if (!(key in merged)) merged[key] = value;
    }
  }
  return merged;
}

/** The one non-null branch of `anyOf`/`oneOf: [X, {type: null}]`, or of `type: [t, "null"]`. */
function withoutNull(node: Json): Json {
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = node[key];
    if (!Array.isArray(branches)) continue;
    const real = (branches as Json[]).filter((b) => b.type !== 'null');
    if (real.length === 1) {
      const { [key]: _branches, ...rest } = node;
      return { ...rest, ...real[0] };
    }
  }
  if (Array.isArray(node.type)) {
    const types = (node.type as string[]).filter((t) => t !== 'null');
    const enumValues = Array.isArray(node.enum) ? node.enum.filter((v) => v !== null) : undefined;
    return { ...node, type: types[0], ...(enumValues ? { enum: enumValues } : {}) };
  }
  return node;
}

function describedDefault(node: Json): string | undefined {
  const text = typeof node.description === 'string' ? node.description : undefined;
  if (node.default === undefined) return text;
  const note = `Default: ${JSON.stringify(node.default)}.`;
  return text ? `${text.replace(/\.?\s*$/, '.')} ${note}` : note;
}

/** The advertised input schema of one (faithful, dereferenced) schema node. */
export function portableInput(schema: unknown): Json {
  if (!isObject(schema)) return {};
  const node = withoutNull(mergeAllOf(schema));
  const out: Json = {};
  for (const key of INPUT_KEYWORDS) {
    if (!(key in node)) continue;
    const value = node[key];
    if (key === 'properties')
      out.properties = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, portableInput(v)]));
    else if (key === 'items') out.items = portableInput(value);
    else if (key === 'format') {
      if (INPUT_FORMATS.has(String(value))) out.format = value;
    } else if (key === 'additionalProperties') continue;
    else out[key] = value;
  }
  const description = describedDefault(node);
  if (description) out.description = description;
  if (out.type === 'object') {
    // Strict modes require closed objects; an open map (additionalProperties: schema) stays open.
    if (out.properties) out.additionalProperties = false;
  }
  return out;
}

/**
 * What an output schema keeps in tools/list: its shape and meaning. Length, pattern and range
 * limits are the server's promises about values it writes; a client has no use for them, and a
 * tool list pays for every byte in every conversation (docs/agents.md "MCP": the 40 KB budget).
 */
const OUTPUT_KEYWORDS = new Set([
  'type',
  'description',
  'properties',
  'required',
  'items',
  'enum',
  'anyOf',
  'oneOf',
  'allOf',
  'const',
  'additionalProperties',
]);

/**
 * How many levels of objects an output schema shows in tools/list: the result and the items of
 * its lists, field by field; objects deeper than that (an order's money amounts, a lecture inside
 * a section) are shown as objects, and describe_operation gives them in full.
 */
export const LISTED_OUTPUT_DEPTH = 2;

/**
 * The advertised output schema: its shape down to `maxDepth` levels of objects, with every
 * nullable type spelled as anyOf branches.
 */
export function portableOutput(schema: unknown, maxDepth = Infinity, depth = 0): unknown {
  if (Array.isArray(schema)) return schema.map((s) => portableOutput(s, maxDepth, depth));
  if (!isObject(schema)) return schema;
  const node = mergeAllOf(schema);
  if (node.properties && depth >= maxDepth) {
    const shallow: Json = { type: node.type ?? 'object' };
    if (typeof node.description === 'string') shallow.description = node.description;
    return portableOutput(shallow);
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (!OUTPUT_KEYWORDS.has(key)) continue;
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, portableOutput(v, maxDepth, depth + 1)]))
        : key === 'enum' || key === 'required' || key === 'const'
          ? value
          : portableOutput(value, maxDepth, depth);
  }
  if (Array.isArray(out.type)) {
    const { type, description, ...rest } = out;
    const branches = (type as string[]).map((t) =>
      t === 'null' ? { type: 'null' } : { type: t, ...withoutNullEnum(rest) },
    );
    return { ...(description ? { description } : {}), anyOf: branches };
  }
  return out;
}

function withoutNullEnum(node: Json): Json {
  return Array.isArray(node.enum) ? { ...node, enum: node.enum.filter((v) => v !== null) } : node;
}

/** Both sides of a tool's schemas, as tools/list shows them. */
export function advertisedInput(schema: JsonSchemaObject): JsonSchemaObject {
  const out = portableInput(schema);
  return { ...out, type: 'object', properties: (out.properties as JsonSchemaObject['properties']) ?? {} };
}

export function advertisedOutput(schema: JsonSchemaObject, maxDepth = LISTED_OUTPUT_DEPTH): JsonSchemaObject {
  return { ...(portableOutput(schema, maxDepth) as Json), type: 'object' };
}

/** Every way an advertised input schema would be refused by a strict dialect (empty when none). */
export function strictnessProblems(schema: unknown, at = 'inputSchema'): string[] {
  if (!isObject(schema)) return [`${at}: not a schema object`];
  const problems: string[] = [];
  for (const key of Object.keys(schema))
    if (!INPUT_KEYWORDS.has(key)) problems.push(`${at}: keyword ${key} is outside the allowlist`);
  if (typeof schema.type !== 'string') problems.push(`${at}: type must be one string`);
  if (schema.format !== undefined && !(typeof schema.format === 'string' && INPUT_FORMATS.has(schema.format)))
    problems.push(`${at}: format ${JSON.stringify(schema.format)} is not widely accepted`);
  if (schema.type === 'object' && schema.properties && schema.additionalProperties !== false)
    problems.push(`${at}: an object with properties must set additionalProperties: false`);
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false)
    problems.push(`${at}: additionalProperties may only be false`);
  for (const [name, property] of Object.entries((schema.properties as Json | undefined) ?? {}))
    problems.push(...strictnessProblems(property, `${at}.properties.${name}`));
  if (schema.items !== undefined) problems.push(...strictnessProblems(schema.items, `${at}.items`));
  for (const name of (schema.required as string[] | undefined) ?? [])
    if (!(schema.properties as Json | undefined)?.[name]) problems.push(`${at}: required ${name} is not a property`);
  return problems;
}
