// JSON Schemas of the admin operations, read from the bundled OpenAPI document: internal $refs
// resolved, and OpenAPI 3.0's `nullable` turned into JSON Schema's `type: [t, "null"]`, which MCP
// clients understand. Runs once at start-up.
type Json = Record<string, unknown>;

export function resolvePointer(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only internal references are expected in the bundle: ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], document);
}

/** Dereferences and converts one schema (depth-bounded: the document has no cycles). */
export function toJsonSchema(document: Json, schema: unknown, depth = 0): unknown {
  if (depth > 40) throw new Error('schema nesting too deep (a reference cycle?)');
  if (Array.isArray(schema)) return schema.map((item) => toJsonSchema(document, item, depth + 1));
  if (!schema || typeof schema !== 'object') return schema;
  const node = schema as Json;
  if (typeof node.$ref === 'string') return toJsonSchema(document, resolvePointer(document, node.$ref), depth + 1);
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key === 'examples' || key === 'nullable' || key === 'xml' || key === 'externalDocs')
      continue;
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, toJsonSchema(document, v, depth + 1)]))
        : toJsonSchema(document, value, depth + 1);
  }
  if (node.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (out.enum) out.enum = [...(out.enum as unknown[]), null];
    else return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}
