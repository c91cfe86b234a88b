// The fuzzer's oracle: Ajv with ajv-formats, set up the way openapi-backend sets up the server's
// validator (OAS `nullable`, full formats; path and query parameters coerced from strings, bodies
// and responses not). Whether a generated request is valid is decided here, never by the
// generator's intent, so an imperfect generator cannot produce a false finding.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Schema } from './spec.ts';

function createAjv(coerceTypes: boolean): Ajv {
  // strict: false because OAS schemas carry `example`, `nullable` and other non-JSON-Schema words.
  const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes });
  addFormats.default(ajv);
  ajv.addFormat('binary', true);
  return ajv;
}

const exact = createAjv(false);
const coercing = createAjv(true);
const compiled = new WeakMap<object, ValidateFunction>();
const compiledCoercing = new WeakMap<object, ValidateFunction>();

function validatorOf(schema: Schema, coerce: boolean): ValidateFunction {
  const cache = coerce ? compiledCoercing : compiled;
  let validate = cache.get(schema);
  if (!validate) {
    validate = (coerce ? coercing : exact).compile(schema);
    cache.set(schema, validate);
  }
  return validate;
}

/** Ajv's errors for `value` (an empty list when it is valid). Coercion works on a copy. */
export function schemaErrors(schema: Schema, value: unknown, options: { coerce?: boolean } = {}): ErrorObject[] {
  const validate = validatorOf(schema, options.coerce ?? false);
  const subject = options.coerce ? structuredClone(value) : value;
  return validate(subject) ? [] : [...(validate.errors ?? [])];
}

export function isValid(schema: Schema, value: unknown, options: { coerce?: boolean } = {}): boolean {
  return schemaErrors(schema, value, options).length === 0;
}

/** One line per error, for a finding's message. */
export function describeErrors(errors: readonly ErrorObject[]): string {
  return errors
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`)
    .join('; ');
}
