// A form's values checked against the request body schema of the admin API operation it stands
// for (components.schemas of the bundled OpenAPI document), with ajv and its formats as the API's
// validator has them: a page refuses exactly what the API refuses, by the same rule, and says which
// field and which rule, so the page can say it in its own language (docs/development.md "Page languages").
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { loadBundledOpenApi } from '../../http/openapi-document.ts';

/** A broken rule: the field (`price.amount` inside an object), the schema keyword and its limit (maxLength's 200). */
export type FieldRule = { field: string; keyword: string; limit?: number };

const DOCUMENT_ID = 'openapi';
// Memoised functions of the spec, the same for every app (docs/layout.md): compiled on first use only.
let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

function validatorOf(schemaName: string): ValidateFunction {
  const known = compiled.get(schemaName);
  if (known) return known;
  if (!ajv) {
    // strict: false because OpenAPI adds keywords of its own (example, discriminator) beside JSON Schema's.
    ajv = new Ajv({ allErrors: true, strict: false, discriminator: true });
    addFormats.default(ajv);
    ajv.addSchema({ ...loadBundledOpenApi(), $id: DOCUMENT_ID });
  }
  const validate = ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/${schemaName}`);
  if (!validate) throw new Error(`No schema ${schemaName} in the OpenAPI document`);
  compiled.set(schemaName, validate);
  return validate;
}

function ruleOf(error: ErrorObject): FieldRule {
  const path = error.instancePath.split('/').filter(Boolean);
  if (typeof error.params.missingProperty === 'string') path.push(error.params.missingProperty);
  if (typeof error.params.additionalProperty === 'string') path.push(error.params.additionalProperty);
  const field = path.join('.');
  const limit = typeof error.params.limit === 'number' ? error.params.limit : undefined;
  // An empty required text is "required" to a person, however the schema words it (minLength 1).
  if (error.keyword === 'minLength' && limit === 1) return { field, keyword: 'required' };
  return { field, keyword: error.keyword, ...(limit === undefined ? {} : { limit }) };
}

/** The rules `body` breaks, the first per field; empty when the API would accept it. */
export function checkRequestBody(schemaName: string, body: unknown): FieldRule[] {
  const validate = validatorOf(schemaName);
  if (validate(body)) return [];
  const seen = new Set<string>();
  return (validate.errors ?? [])
    .filter((e) => e.keyword !== 'allOf' && e.keyword !== 'if')
    .map(ruleOf)
    .filter((r) => (seen.has(r.field) ? false : (seen.add(r.field), true)));
}
