// JSON Schema (the OAS 3.0 subset the bundled document uses) to fast-check arbitraries of VALID
// values. No maintained converter installs from the registry (json-schema-fast-check 0.0.6 pins
// fast-check 1 and faker 4), so this covers: type, enum, nullable, formats uuid/date/date-time/
// uri/email, min/max, minLength/maxLength, pattern (fc.stringMatching), items/minItems/maxItems/
// uniqueItems, properties/required/min/maxProperties, allOf/oneOf/anyOf.
import fc from 'fast-check';
import type { Schema } from './spec.ts';

/** Long strings cost time and prove little beyond their boundary: lengths stay near the minimum. */
const SPAN = 40;

/** Folds `allOf` into one schema: properties and `required` are united, other words taken as given. */
export function flatten(schema: Schema): Schema {
  if (!schema.allOf) return schema;
  const { allOf, ...rest } = schema;
  return allOf.map(flatten).reduce<Schema>(
    (merged, part) => ({
      ...merged,
      ...part,
      ...(merged.properties || part.properties ? { properties: { ...merged.properties, ...part.properties } } : {}),
      ...(merged.required || part.required
        ? { required: [...new Set([...(merged.required ?? []), ...(part.required ?? [])])] }
        : {}),
    }),
    rest,
  );
}

// Mostly ASCII, sometimes any code point, sometimes characters that break naive SQL, HTML or
// text handling (NUL is valid JSON text but PostgreSQL refuses it in `text`).
const unit = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom('\u0000', "'", '"', '\\', '%', '<', '\n', '\u202e', 'é', '😀') },
);

const num = (schema: Schema, key: string): number | undefined =>
  typeof schema[key] === 'number' ? schema[key] : undefined;

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = num(schema, 'minLength') ?? 0;
  const maxLength = Math.min(num(schema, 'maxLength') ?? Infinity, minLength + SPAN);
  const fitsLength = (s: string) =>
    [...s].length >= minLength && [...s].length <= (num(schema, 'maxLength') ?? Infinity);
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  const formatted = formatArbitrary(schema.format);
  const longest =
    schema.format === 'email' && num(schema, 'maxLength') ? longestEmail(num(schema, 'maxLength')!) : undefined;
  if (formatted && longest)
    return fc.oneof(
      { weight: 5, arbitrary: formatted.filter(fitsLength) },
      { weight: 1, arbitrary: fc.constant(longest) },
    );
  if (formatted) return formatted.filter((s) => fitsLength(s) && (!pattern || pattern.test(s)));
  if (pattern) return fc.stringMatching(pattern, { size: 'xsmall' }).filter(fitsLength);
  const short = fc.string({ unit, minLength, maxLength });
  const limit = num(schema, 'maxLength');
  if (limit === undefined || limit <= maxLength) return short;
  // Now and then exactly the longest valid value, in one-byte and in two-byte characters: a limit
  // the spec promises must hold on the wire too.
  return fc.oneof(
    { weight: 5, arbitrary: short },
    { weight: 1, arbitrary: fc.constantFrom('a'.repeat(limit), 'é'.repeat(limit)) },
  );
}

/** The longest address the limit allows: a 64-character local part, 63-character labels, `.test`. */
function longestEmail(maxLength: number): string | undefined {
  let domain = 'test';
  while (65 + domain.length + 1 + 63 <= maxLength) domain = `${'d'.repeat(63)}.${domain}`;
  const rest = maxLength - 65 - domain.length - 1;
  const full = rest > 0 ? `${'a'.repeat(64)}@${'c'.repeat(rest)}.${domain}` : undefined;
  return full && full.length === maxLength ? full : undefined;
}

function formatArbitrary(format: unknown): fc.Arbitrary<string> | undefined {
  const date = fc.date({
    min: new Date('1970-01-01T00:00:00Z'),
    max: new Date('2100-12-31T23:59:59Z'),
    noInvalidDate: true,
  });
  switch (format) {
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return date.map((d) => d.toISOString());
    case 'date':
      return date.map((d) => d.toISOString().slice(0, 10));
    case 'uri':
      return fc.webUrl({ size: 'small' });
    case 'email':
      return fc.emailAddress({ size: 'small' });
    default:
      return undefined;
  }
}

function integerArbitrary(schema: Schema): fc.Arbitrary<number> {
  const min = num(schema, 'minimum') ?? Number.MIN_SAFE_INTEGER;
  const max = num(schema, 'maximum') ?? Number.MAX_SAFE_INTEGER;
  // fc.integer is 32-bit; unbounded schemas also get their extreme (still valid) values.
  const small = fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
  return min >= -(2 ** 31) && max <= 2 ** 31 - 1
    ? small
    : fc.oneof({ weight: 5, arbitrary: small }, { weight: 1, arbitrary: fc.constantFrom(min, max) });
}

function arrayArbitrary(schema: Schema): fc.Arbitrary<unknown[]> {
  const items = valueArbitrary(schema.items ?? {});
  const minLength = num(schema, 'minItems') ?? 0;
  const maxLength = Math.min(num(schema, 'maxItems') ?? Infinity, minLength + 4);
  return schema.uniqueItems
    ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
    : fc.array(items, { minLength, maxLength });
}

function objectArbitrary(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(Object.entries(properties).map(([key, sub]) => [key, valueArbitrary(sub)]));
  const requiredKeys = (schema.required ?? []).filter((key) => key in properties);
  const minProperties = num(schema, 'minProperties') ?? 0;
  const maxProperties = num(schema, 'maxProperties') ?? Infinity;
  // A plain prototype, so that the object serialises and compares like parsed JSON.
  return fc
    .record(model, { requiredKeys })
    .map((value) => ({ ...value }))
    .filter((value) => Object.keys(value).length >= minProperties && Object.keys(value).length <= maxProperties);
}

/** An arbitrary of values that `schema` accepts (Ajv has the last word; see validator.ts). */
export function valueArbitrary(input: Schema): fc.Arbitrary<unknown> {
  const schema = flatten(input);
  const base = baseArbitrary(schema);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function baseArbitrary(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.oneOf ?? schema.anyOf) return fc.oneof(...(schema.oneOf ?? schema.anyOf ?? []).map(valueArbitrary));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.double({
        min: num(schema, 'minimum') ?? -1e12,
        max: num(schema, 'maximum') ?? 1e12,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return arrayArbitrary(schema);
    case 'object':
      return objectArbitrary(schema);
    default:
      return schema.properties ? objectArbitrary(schema) : fc.jsonValue({ maxDepth: 2 });
  }
}
