// The options the request validators are compiled with, in one place: the running service
// (openapi-backend.ts) and the code generator of the precompiled validators
// (scripts/lib/request-validators-module.ts) use these, so the two compile the same functions.
import addFormats from 'ajv-formats';
import type { AjvCustomizer } from 'openapi-backend';

/** ajv-formats' full formats over openapi-backend's own (they replace its int32, byte, …). */
export const customizeAjv: AjvCustomizer = (ajv) => {
  addFormats.default(ajv);
  return ajv;
};

/** Path and query parameters arrive as strings and are coerced to their schema's types. */
export const COERCE_TYPES = true;
