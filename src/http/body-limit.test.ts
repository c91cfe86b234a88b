// The body limit holds every body the spec allows (fuzz finding bodyLimit): for each operation,
// the largest body its request schema permits is computed from the bundled document and must fit
// in BODY_LIMIT_BYTES, and every text in a request body must have a bound.
import { describe, expect, it } from 'vitest';
import { loadBundledOpenApi } from './openapi-document.ts';
import { BODY_LIMIT_BYTES } from '../lib/body-limit.ts';

type Schema = Record<string, unknown>;
type Bound = { bytes: number; unbounded: string[] };

const document = loadBundledOpenApi();
/** One character on the wire: outside the BMP as two \u escapes (12 bytes), or 4 UTF-8 bytes percent-encoded in a form (12). */
const BYTES_PER_CHARACTER = 12;
const NUMBER_BYTES = 24; // -1.2345678901234567e+308
const FORMATTED: Record<string, number> = { uuid: 36, date: 10, 'date-time': 35 };

function deref(schema: Schema): Schema {
  let current = schema;
  while (typeof current.$ref === 'string')
    current = current.$ref
      .split('/')
      .slice(1)
      .reduce<Schema>((node, key) => node[key.replaceAll('~1', '/').replaceAll('~0', '~')] as Schema, document);
  return current;
}

/** The most bytes a JSON value of this schema can take (a form field takes no more than its JSON member). */
function largest(raw: Schema, at: string): Bound {
  const schema = deref(raw);
  const parts = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (parts) {
    const bounds = parts.map((part) => largest(part, at));
    return { bytes: Math.max(...bounds.map((b) => b.bytes)), unbounded: bounds.flatMap((b) => b.unbounded) };
  }
  if (schema.allOf) return sum((schema.allOf as Schema[]).map((part) => largest(part, at)));
  if (schema.enum)
    return {
      bytes: Math.max(...(schema.enum as unknown[]).map((value) => JSON.stringify(value).length)),
      unbounded: [],
    };
  if (schema.type === 'string') {
    const length = (schema.maxLength as number | undefined) ?? FORMATTED[schema.format as string];
    return length === undefined
      ? { bytes: 0, unbounded: [at] }
      : { bytes: 2 + length * BYTES_PER_CHARACTER, unbounded: [] };
  }
  if (schema.type === 'integer' || schema.type === 'number') return { bytes: NUMBER_BYTES, unbounded: [] };
  if (schema.type === 'boolean') return { bytes: 5, unbounded: [] };
  if (schema.type === 'array') {
    const item = largest(schema.items as Schema, `${at}/*`);
    const count = schema.maxItems as number | undefined;
    return count === undefined
      ? { bytes: 0, unbounded: [at, ...item.unbounded] }
      : { bytes: 2 + count * (item.bytes + 1), unbounded: item.unbounded };
  }
  const members = Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([name, property]) => {
    const value = largest(property, `${at}/${name}`);
    return { bytes: JSON.stringify(name).length + 2 + value.bytes, unbounded: value.unbounded };
  });
  // OpenAPI 3.0 cannot bound the names of free-form members (no propertyNames).
  const free = schema.additionalProperties && typeof schema.additionalProperties === 'object' ? [`${at}/{name}`] : [];
  const total = sum(members);
  return { bytes: 2 + total.bytes, unbounded: [...total.unbounded, ...free] };
}

function sum(bounds: Bound[]): Bound {
  return { bytes: bounds.reduce((n, b) => n + b.bytes, 0), unbounded: bounds.flatMap((b) => b.unbounded) };
}

type Operation = { operationId: string; requestBody?: Schema };
const bodies = Object.values(document.paths as Record<string, Record<string, Operation>>)
  .flatMap((item) => Object.values(item))
  .flatMap((op) => {
    const content = (op.requestBody ? deref(op.requestBody).content : {}) as Record<string, { schema: Schema }>;
    return Object.entries(content)
      .filter(([type]) => type === 'application/json' || type === 'application/x-www-form-urlencoded')
      .map(([type, { schema }]) => ({ id: op.operationId, type, ...largest(schema, `${op.operationId}:/body`) }));
  });

describe('the body limit (src/lib/body-limit.ts) against the spec', () => {
  it('reads every JSON and form body the spec allows, at 12 bytes a character', () => {
    expect(bodies.length).toBeGreaterThan(40);
    const tooLarge = bodies
      .filter((body) => body.bytes > BODY_LIMIT_BYTES)
      .map((body) => `${body.id} (${body.type}): up to ${body.bytes} bytes`);
    expect(tooLarge).toEqual([]);
  });

  it('bounds every text of a request body, but the free flag names of beta_features', () => {
    // A body of many long flag names can exceed the limit; that is the documented 413.
    expect(bodies.flatMap((body) => body.unbounded)).toEqual(['updateSchool:/body/beta_features/{name}']);
  });
});
