// Arbitraries of values that break a schema in one named way, as schemathesis' negative phase
// does: a required property missing, a wrong JSON type, a value out of range (bounds, lengths,
// item counts), outside the enum, against the pattern or format, or an unknown property where
// `additionalProperties` is false. Each mutation carries where it is (a JSON Pointer relative to
// the part of the request it belongs to) and what it broke, for the finding's message.
import fc from 'fast-check';
import { flatten, valueArbitrary } from './schema-arbitrary.ts';
import type { Schema } from './spec.ts';
import { isValid } from './validator.ts';

export type Mutation = { value: unknown; pointer: string; what: string };

/** Values of every JSON type; those the schema accepts are dropped per node. */
const OTHER_TYPES: readonly unknown[] = [12345, 1.5, true, 'fuzz', [], {}, null];

const MALFORMED: Record<string, readonly string[]> = {
  uuid: ['not-a-uuid', '12345', '00000000-0000-0000-0000-00000000000g', "' OR 1=1--"],
  'date-time': ['2024-13-45T25:61:00Z', 'yesterday', '2024-01-01T00:00:00'],
  date: ['2024-02-30', '31/12/2024', 'tomorrow'],
  uri: ['not a uri', 'http//missing-colon', '::'],
  email: ['no-at-sign', '@example.com', 'someone@'],
};

/** Candidates against a pattern: whitespace, case, separators, traversal and injection shapes. */
const PATTERN_BREAKERS: readonly string[] = [
  '',
  ' ',
  '\t',
  'has space',
  'UPPER',
  '-x-',
  'ü',
  '../etc/passwd',
  '<script>',
  "x'; DROP TABLE t;--",
  '#12345',
  'ab',
];

const num = (schema: Schema, key: string): number | undefined =>
  typeof schema[key] === 'number' ? schema[key] : undefined;

function constants(
  schema: Schema,
  pointer: string,
  what: string,
  values: readonly unknown[],
): fc.Arbitrary<Mutation> | undefined {
  const breaking = values.filter((value) => !isValid(schema, value));
  return breaking.length ? fc.constantFrom(...breaking).map((value) => ({ value, pointer, what })) : undefined;
}

function stringMutations(schema: Schema, pointer: string): Array<fc.Arbitrary<Mutation> | undefined> {
  const minLength = num(schema, 'minLength');
  const maxLength = num(schema, 'maxLength');
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  return [
    minLength
      ? constants(schema, pointer, `shorter than minLength ${minLength}`, ['a'.repeat(minLength - 1)])
      : undefined,
    maxLength !== undefined
      ? constants(schema, pointer, `longer than maxLength ${maxLength}`, ['a'.repeat(maxLength + 1)])
      : undefined,
    pattern
      ? constants(
          schema,
          pointer,
          `against pattern ${pattern?.source}`,
          PATTERN_BREAKERS.filter((s) => !pattern.test(s)),
        )
      : undefined,
    typeof schema.format === 'string'
      ? constants(schema, pointer, `malformed ${schema.format}`, MALFORMED[schema.format] ?? [])
      : undefined,
  ];
}

function numberMutations(schema: Schema, pointer: string): Array<fc.Arbitrary<Mutation> | undefined> {
  const minimum = num(schema, 'minimum');
  const maximum = num(schema, 'maximum');
  return [
    minimum !== undefined
      ? constants(schema, pointer, `below minimum ${minimum}`, [minimum - 1, minimum - 1e9])
      : undefined,
    maximum !== undefined
      ? constants(schema, pointer, `above maximum ${maximum}`, [maximum + 1, maximum + 1e15])
      : undefined,
    schema.type === 'integer'
      ? constants(schema, pointer, 'not an integer', [minimum !== undefined ? minimum + 0.5 : 0.5])
      : undefined,
  ];
}

function arrayMutations(schema: Schema, pointer: string): Array<fc.Arbitrary<Mutation> | undefined> {
  const items = schema.items ?? {};
  const maxItems = num(schema, 'maxItems');
  const minItems = num(schema, 'minItems');
  const badItem = invalidArbitrary(items, `${pointer}/0`);
  return [
    maxItems !== undefined
      ? fc
          .array(valueArbitrary(items), { minLength: maxItems + 1, maxLength: maxItems + 1 })
          .map((value) => ({ value, pointer, what: `more than maxItems ${maxItems}` }))
      : undefined,
    minItems ? constants(schema, pointer, `fewer than minItems ${minItems}`, [[]]) : undefined,
    badItem?.map((m) => ({ ...m, value: [m.value] })),
  ];
}

function objectMutations(schema: Schema, pointer: string): Array<fc.Arbitrary<Mutation> | undefined> {
  const properties = schema.properties ?? {};
  const valid = valueArbitrary(schema) as fc.Arbitrary<Record<string, unknown>>;
  // Required properties are built separately so a missing one is missing from a full object.
  const full = fc.tuple(
    valid,
    fc.record(
      Object.fromEntries(
        (schema.required ?? []).filter((k) => k in properties).map((k) => [k, valueArbitrary(properties[k]!)]),
      ),
    ),
  );
  const missing = (schema.required ?? []).map((key) =>
    full.map(([object, required]) => {
      const { [key]: _dropped, ...rest } = { ...object, ...required };
      return { value: rest, pointer: `${pointer}/${key}`, what: `required property ${key} missing` };
    }),
  );
  const unknown =
    schema.additionalProperties === false
      ? full.map(([object, required]) => ({
          value: { ...object, ...required, fuzz_unknown_property: 'x' },
          pointer: `${pointer}/fuzz_unknown_property`,
          what: 'unknown property (additionalProperties: false)',
        }))
      : undefined;
  const nested = Object.entries(properties).map(([key, sub]) =>
    invalidArbitrary(sub, `${pointer}/${key}`)?.chain((m) =>
      full.map(([object, required]) => ({ ...m, value: { ...object, ...required, [key]: m.value } })),
    ),
  );
  const tooFew =
    num(schema, 'minProperties') && !schema.required?.length
      ? constants(schema, pointer, `fewer than minProperties`, [{}])
      : undefined;
  return [...missing, unknown, tooFew, ...nested];
}

/** An arbitrary of values that break `input` in one way, or undefined when nothing can break it. */
export function invalidArbitrary(input: Schema, pointer = ''): fc.Arbitrary<Mutation> | undefined {
  const schema = flatten(input);
  const candidates: Array<fc.Arbitrary<Mutation> | undefined> = [
    constants(schema, pointer, 'wrong type', OTHER_TYPES),
    schema.enum
      ? constants(schema, pointer, 'outside the enum', ['fuzz-not-in-enum', String(schema.enum[0]).toUpperCase() + '!'])
      : undefined,
  ];
  if (!schema.enum && !schema.oneOf && !schema.anyOf) {
    if (schema.type === 'string') candidates.push(...stringMutations(schema, pointer));
    if (schema.type === 'integer' || schema.type === 'number') candidates.push(...numberMutations(schema, pointer));
    if (schema.type === 'array') candidates.push(...arrayMutations(schema, pointer));
    if (schema.type === 'object' || schema.properties) candidates.push(...objectMutations(schema, pointer));
  }
  const usable = candidates.filter((c): c is fc.Arbitrary<Mutation> => c !== undefined);
  return usable.length ? fc.oneof(...usable) : undefined;
}
