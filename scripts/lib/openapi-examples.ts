// Every example of a bundled OpenAPI 3.0.3 document, and the check of each against its schema.
//
// Examples live in four places (OpenAPI 3.0.3 4.7.10 Media Type Object `example`/`examples`,
// 4.7.12 Parameter Object `example`/`examples`, 4.7.20 Example Object `value`, 4.7.24 Schema
// Object `example`); each "SHOULD match" its schema, and client generators, mock servers and the
// rendered reference show them as the truth. The schemas are OpenAPI 3.0 Schema Objects, not JSON
// Schema, so they are turned into JSON Schema 2019-09 for Ajv first:
//   - `nullable: true` adds null to the allowed values (4.7.24);
//   - `readOnly` properties are refused in requests and `writeOnly` ones in responses, and neither
//     is required on the side where it cannot appear (4.7.24);
//   - `discriminator` is Ajv's OpenAPI discriminator;
//   - a property the schema does not name is refused wherever the schema says nothing about
//     additional properties, as Redocly's `no-invalid-media-type-examples` does in its `recommended`
//     ruleset (`allowAdditionalProperties: false`): an example showing a field the API never sends
//     misleads, and YAML flow style turns an unquoted comma into exactly such a field.
// $refs are resolved into `components` (the bundle holds no other); a cycle stays a $ref.
import { Ajv2019, type ErrorObject } from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;
export type Direction = 'request' | 'response' | 'none';
export type FoundExample = {
  /** JSON Pointer of the example in the document. */
  pointer: string;
  /** The OpenAPI Schema Object (possibly a $ref) it must match. */
  schema: unknown;
  value: unknown;
  direction: Direction;
};
/** A media type the document gives no example: `<pointer> (<operationId>)`. */
export type MissingExample = string;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const OPENAPI_ONLY = new Set(['nullable', 'example', 'xml', 'externalDocs', 'deprecated', 'readOnly', 'writeOnly']);
const COMPOSITIONS = ['allOf', 'anyOf', 'oneOf'] as const;

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The node a local `$ref` points at, with its pointer; any other node as it is. */
export function resolve(document: Json, node: unknown, pointer: string): { node: unknown; pointer: string } {
  let current = node;
  let at = pointer;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/') || hops > 20) throw new Error(`${at}: cannot resolve $ref ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .map(unescape)
      .reduce<unknown>((parent, key) => (isObject(parent) ? parent[key] : undefined), document);
    if (current === undefined) throw new Error(`${at}: $ref ${ref} points at nothing`);
    at = ref.slice(1);
  }
  return { node: current, pointer: at };
}

type Walk = { examples: FoundExample[]; missing: MissingExample[]; seen: Set<string> };

function mediaExamples(document: Json, walk: Walk, content: unknown, at: string, direction: Direction, must: string) {
  if (!isObject(content)) return;
  for (const [type, media] of Object.entries(content)) {
    if (!isObject(media)) continue;
    const here = `${at}/content/${escape(type)}`;
    const hasExamples = isObject(media.examples) && Object.keys(media.examples).length > 0;
    if (media.example === undefined && !hasExamples && must) walk.missing.push(`${here} (${must})`);
    if (walk.seen.has(here)) continue;
    walk.seen.add(here);
    if (media.example !== undefined)
      walk.examples.push({ pointer: `${here}/example`, schema: media.schema, value: media.example, direction });
    for (const [name, example] of Object.entries(isObject(media.examples) ? media.examples : {})) {
      const resolved = resolve(document, example, `${here}/examples/${escape(name)}`);
      if (isObject(resolved.node) && 'value' in resolved.node)
        walk.examples.push({
          pointer: `${resolved.pointer}/value`,
          schema: media.schema,
          value: resolved.node.value,
          direction,
        });
    }
    schemaExamples(document, walk, media.schema, `${here}/schema`);
  }
}

function parameterExamples(document: Json, walk: Walk, parameters: unknown, at: string) {
  if (!Array.isArray(parameters)) return;
  parameters.forEach((parameter, i) => {
    const { node, pointer } = resolve(document, parameter, `${at}/${i}`);
    if (!isObject(node) || walk.seen.has(pointer)) return;
    walk.seen.add(pointer);
    if (node.example !== undefined)
      walk.examples.push({
        pointer: `${pointer}/example`,
        schema: node.schema,
        value: node.example,
        direction: 'request',
      });
    for (const [name, example] of Object.entries(isObject(node.examples) ? node.examples : {})) {
      const resolved = resolve(document, example, `${pointer}/examples/${escape(name)}`);
      if (isObject(resolved.node) && 'value' in resolved.node)
        walk.examples.push({
          pointer: `${resolved.pointer}/value`,
          schema: node.schema,
          value: resolved.node.value,
          direction: 'request',
        });
    }
    schemaExamples(document, walk, node.schema, `${pointer}/schema`);
  });
}

/** Schema Object `example`s, in the schema and every schema inside it. */
function schemaExamples(document: Json, walk: Walk, schema: unknown, at: string) {
  const { node, pointer } = resolve(document, schema, at);
  if (!isObject(node) || walk.seen.has(pointer)) return;
  walk.seen.add(pointer);
  if (node.example !== undefined)
    walk.examples.push({ pointer: `${pointer}/example`, schema: node, value: node.example, direction: 'none' });
  for (const [name, sub] of Object.entries(isObject(node.properties) ? node.properties : {}))
    schemaExamples(document, walk, sub, `${pointer}/properties/${escape(name)}`);
  for (const key of ['items', 'not', 'additionalProperties'])
    if (isObject(node[key])) schemaExamples(document, walk, node[key], `${pointer}/${key}`);
  for (const key of COMPOSITIONS)
    if (Array.isArray(node[key]))
      (node[key] as unknown[]).forEach((sub, i) => schemaExamples(document, walk, sub, `${pointer}/${key}/${i}`));
}

/**
 * Every example of the document, and every request body and 2xx response media type that has
 * none (OpenAPI 3.0.3 4.7.10: `example` or `examples` of the Media Type Object).
 */
export function examplesOf(document: Json): { examples: FoundExample[]; missing: MissingExample[] } {
  const walk: Walk = { examples: [], missing: [], seen: new Set() };
  for (const [path, rawItem] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    const itemAt = `#/paths/${escape(path)}`;
    const item = resolve(document, rawItem, itemAt).node;
    if (!isObject(item)) continue;
    parameterExamples(document, walk, item.parameters, `${itemAt}/parameters`);
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const opAt = `${itemAt}/${method}`;
      const name = typeof operation.operationId === 'string' ? operation.operationId : `${method} ${path}`;
      parameterExamples(document, walk, operation.parameters, `${opAt}/parameters`);
      if (operation.requestBody) {
        const body = resolve(document, operation.requestBody, `${opAt}/requestBody`);
        if (isObject(body.node))
          mediaExamples(document, walk, body.node.content, body.pointer, 'request', `${name} request body`);
      }
      for (const [status, rawResponse] of Object.entries(isObject(operation.responses) ? operation.responses : {})) {
        const response = resolve(document, rawResponse, `${opAt}/responses/${escape(status)}`);
        if (!isObject(response.node)) continue;
        const must = status.startsWith('2') ? `${name} ${status}` : '';
        mediaExamples(document, walk, response.node.content, response.pointer, 'response', must);
      }
    }
  }
  const components = isObject(document.components) ? document.components : {};
  for (const name of Object.keys(isObject(components.schemas) ? components.schemas : {}))
    schemaExamples(document, walk, { $ref: `#/components/schemas/${escape(name)}` }, `#/components/schemas/${name}`);
  return { examples: walk.examples, missing: walk.missing };
}

type Convert = { document: Json; direction: Direction; stack: string[] };

/** One OpenAPI 3.0 Schema Object as JSON Schema 2019-09 (see the head of this file). */
function convert(schema: unknown, cx: Convert, asAllOfMember = false): unknown {
  if (!isObject(schema)) return schema;
  if (typeof schema.$ref === 'string') {
    const { node, pointer } = resolve(cx.document, schema, '');
    if (cx.stack.includes(pointer)) return true; // a recursive schema: its inner levels go unchecked
    return convert(node, { ...cx, stack: [...cx.stack, pointer] }, asAllOfMember);
  }
  const out: Json = {};
  const hidden = cx.direction === 'request' ? 'readOnly' : cx.direction === 'response' ? 'writeOnly' : undefined;
  const hiddenNames: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (OPENAPI_ONLY.has(key)) continue;
    if (key === 'properties' && isObject(value)) {
      const properties: Json = {};
      for (const [name, sub] of Object.entries(value)) {
        const resolved = resolve(cx.document, sub, '').node;
        if (hidden && isObject(resolved) && resolved[hidden] === true) hiddenNames.push(name);
        properties[name] = convert(sub, cx);
      }
      out.properties = properties;
    } else if ((key === 'items' || key === 'not' || key === 'additionalProperties') && isObject(value)) {
      out[key] = convert(value, cx);
    } else if ((COMPOSITIONS as readonly string[]).includes(key) && Array.isArray(value)) {
      out[key] = value.map((sub) => convert(sub, cx, key === 'allOf'));
    } else {
      out[key] = value;
    }
  }
  if (hiddenNames.length) {
    if (Array.isArray(out.required)) out.required = out.required.filter((name) => !hiddenNames.includes(String(name)));
    out.not = { anyOf: hiddenNames.map((name) => ({ required: [name] })) };
  }
  // Only the outermost schema of an allOf may close it: a member sees only its own properties.
  if (!asAllOfMember && isObject(out.properties) && !('additionalProperties' in out)) out.unevaluatedProperties = false;
  if (schema.nullable !== true) return out;
  if (typeof out.type === 'string' && !COMPOSITIONS.some((key) => key in out)) {
    out.type = [out.type, 'null'];
    const values: unknown[] | undefined = Array.isArray(out.enum) ? out.enum : undefined;
    if (values && !values.includes(null)) out.enum = [...values, null];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
}

function createAjv(): Ajv2019 {
  const ajv = new Ajv2019({
    allErrors: true,
    strict: true,
    strictRequired: false,
    strictTypes: false,
    discriminator: true,
  });
  addFormats.default(ajv);
  // OpenAPI document, "Secrets": the mark on a secret property is an annotation, it constrains nothing.
  ajv.addKeyword({ keyword: 'x-secret', schemaType: 'boolean' });
  ajv.addFormat('binary', true); // OpenAPI 3.0.3 4.4: file content, any octets
  ajv.addFormat('byte', /^[A-Za-z0-9+/]*={0,2}$/); // OpenAPI 3.0.3 4.4: base64
  return ajv;
}

const ajv = createAjv();

/** Ajv's errors for one example against its OpenAPI 3.0 schema in `document` (none when it matches). */
export function exampleErrors(document: Json, schema: unknown, value: unknown, direction: Direction): ErrorObject[] {
  if (schema === undefined) return [];
  const jsonSchema = convert(schema, { document, direction, stack: [] });
  const validate = ajv.compile(isObject(jsonSchema) ? jsonSchema : {});
  return validate(value) ? [] : (validate.errors ?? []).slice();
}

/** One line per error: `<pointer>: <instance path> <message>`. */
export function describeExampleErrors(pointer: string, errors: readonly ErrorObject[]): string[] {
  return errors.map((e) => {
    const extra = e.keyword === 'unevaluatedProperties' ? ` (${String((e.params as Json).unevaluatedProperty)})` : '';
    return `${pointer}: ${e.instancePath || '/'} ${e.message ?? e.keyword}${extra}`;
  });
}
