// OpenAPI 3.0 Schema Objects as JSON Schema draft-07, for gavel (dredd's validator). dredd 14's
// OpenAPI 3 parser compiles no body schema at all (api-elements openapi3-parser 0.16 leaves a
// "FIXME: We should generate a JSON Schema from the schema"), so without this the hooks would
// check status codes and header names only. The differences handled are those of OpenAPI 3.0.3
// 4.7.24: `nullable`, and keywords JSON Schema does not have.
'use strict';

// Formats ajv 6 (inside gavel) knows; any other one would make it refuse the whole schema.
const KNOWN_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'uuid',
  'regex',
  'json-pointer',
]);
const OPENAPI_ONLY = new Set([
  'nullable',
  'example',
  'discriminator',
  'xml',
  'externalDocs',
  'deprecated',
  'readOnly',
  'writeOnly',
]);
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];

function convert(schema, seen) {
  if (!schema || typeof schema !== 'object') return schema;
  if (seen.has(schema)) return seen.get(schema);
  const out = {};
  seen.set(schema, out);
  for (const [key, value] of Object.entries(schema)) {
    if (OPENAPI_ONLY.has(key)) continue;
    if (key === 'format' && !KNOWN_FORMATS.has(value)) continue;
    if (key === 'properties')
      out.properties = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, convert(sub, seen)]));
    else if (key === 'items' || key === 'not' || (key === 'additionalProperties' && typeof value === 'object'))
      out[key] = convert(value, seen);
    else if (SUBSCHEMA_LISTS.includes(key)) out[key] = value.map((sub) => convert(sub, seen));
    else out[key] = value;
  }
  if (schema.nullable !== true) return out;
  // OpenAPI 3.0.3: nullable adds null to the allowed values, whatever else the schema says.
  if (typeof out.type === 'string' && !SUBSCHEMA_LISTS.some((k) => out[k])) {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  const copy = { ...out };
  for (const key of Object.keys(out)) delete out[key];
  out.anyOf = [copy, { type: 'null' }];
  return out;
}

/** A draft-07 JSON Schema for one OpenAPI 3.0 Schema Object (already dereferenced). */
function toJsonSchema(schema) {
  return { $schema: 'http://json-schema.org/draft-07/schema#', ...convert(schema, new Map()) };
}

module.exports = { toJsonSchema };
