// The precompiled request validators (generated/openapi/request-validators.cjs) are a speed path
// beside openapi-backend's own compiling (bench/FINDINGS.md "Start-up validators"): for every
// operation of the document, both give the same verdict, the same errors and the same coerced
// parameters, on the spec's own request examples and on inputs built to break each rule.
import type { ValidateFunction } from 'ajv';
import { OpenAPIBackend, OpenAPIValidator, type Document, type Operation } from 'openapi-backend';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundledOpenApiText, loadBundledOpenApi } from './openapi-document.ts';
import { documentHash, PrecompiledRequestValidator, precompiledFor } from './precompiled-request-validators.ts';
import { COERCE_TYPES, customizeAjv } from './request-validation-options.ts';

type RequestShape = Record<string, unknown>;
type Schema = { type?: string; properties?: Record<string, Schema>; example?: unknown; enum?: unknown[] };

/** Values of every JSON type and a few strings that trip formats, patterns and coercion. */
const ODD_VALUES: unknown[] = [
  ...[null, true, 0, -1, 2.5, 1e21, '', 'x', '12', 'true', 'not a uri', [], {}, ['a'], { a: 1 }],
  // Numbers, and strings, just past the document's usual limits.
  ...[11, 101, 201, 1_001, 10_001].flatMap((limit) => [limit, String(limit), 'x'.repeat(limit)]),
];

/** Request shapes for one operation: empty, the spec's examples, then each part and field given odd values. */
function inputsFor(operation: Operation): RequestShape[] {
  const inputs: RequestShape[] = [{}, { path: {}, query: {}, header: {}, cookie: {} }];
  const media = (
    operation.requestBody as
      | {
          content?: Record<
            string,
            { schema?: Schema; examples?: Record<string, { value?: unknown }>; example?: unknown }
          >;
        }
      | undefined
  )?.content;
  for (const content of Object.values(media ?? {})) {
    for (const example of Object.values(content.examples ?? {})) inputs.push({ requestBody: example.value });
    if (content.example !== undefined) inputs.push({ requestBody: content.example });
    const properties = content.schema?.properties ?? {};
    for (const value of ODD_VALUES) {
      inputs.push({ requestBody: value });
      for (const name of Object.keys(properties)) inputs.push({ requestBody: { [name]: value } });
      inputs.push({ requestBody: Object.fromEntries(Object.keys(properties).map((name) => [name, value])) });
      inputs.push({
        requestBody: Object.fromEntries(Object.entries(properties).map(([n, s]) => [n, s.example ?? value])),
      });
    }
  }
  const parameters = (operation.parameters ?? []) as Array<{
    in: string;
    name: string;
    schema?: Schema;
    example?: unknown;
  }>;
  for (const value of ODD_VALUES) {
    const request: Record<string, Record<string, unknown>> = { path: {}, query: {}, header: {}, cookie: {} };
    for (const parameter of parameters) {
      request[parameter.in]![parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name] = value;
      inputs.push({ [parameter.in]: { [parameter.name]: value } });
    }
    inputs.push(request);
  }
  const documented: Record<string, Record<string, unknown>> = { path: {}, query: {}, header: {}, cookie: {} };
  for (const parameter of parameters)
    documented[parameter.in]![parameter.name] =
      parameter.example ?? parameter.schema?.example ?? parameter.schema?.enum?.[0];
  inputs.push(documented, { ...documented, query: { ...documented.query, unknown_parameter: 'x' } });
  return inputs;
}

/** What a validator says of one input: verdict, errors, and the input as it left (coercion changes it). */
function verdict(validate: ValidateFunction, input: RequestShape) {
  const data = structuredClone(input);
  const valid = validate(data);
  return { valid, errors: validate.errors ?? null, data };
}

describe('precompiled request validators (bench/FINDINGS.md "Start-up validators")', () => {
  let api: OpenAPIBackend;
  let compiled: OpenAPIValidator;
  let precompiled: PrecompiledRequestValidator;

  beforeAll(async () => {
    api = new OpenAPIBackend({
      definition: loadBundledOpenApi() as unknown as Document,
      strict: true,
      validate: false,
      coerceTypes: COERCE_TYPES,
      ignoreTrailingSlashes: false,
    });
    await api.init();
    const options = { definition: api.definition, router: api.router, coerceTypes: COERCE_TYPES, customizeAjv };
    compiled = new OpenAPIValidator({ ...options, lazyCompileValidators: true });
    precompiled = new PrecompiledRequestValidator(options, precompiledFor(bundledOpenApiText()));
  }, 60_000);

  it('were made from the document the service serves (npm run generate after every spec change)', () => {
    expect(precompiled.precompiled).toBeDefined();
    expect(Object.keys(precompiled.precompiled!).sort()).toEqual(
      api.router
        .getOperations()
        .map((o) => o.operationId!)
        .sort(),
    );
  });

  it('are not used for another document: openapi-backend compiles instead', () => {
    expect(precompiledFor(`${bundledOpenApiText()} `)).toBeUndefined();
    expect(documentHash('a')).not.toBe(documentHash('b'));
  });

  it('give the verdict, errors and coerced parameters of the compiled validators for every operation', () => {
    let compared = 0;
    for (const operation of api.router.getOperations()) {
      const ours = precompiled.getRequestValidatorsForOperation(operation.operationId!) ?? [];
      const theirs = compiled.getRequestValidatorsForOperation(operation.operationId!) ?? [];
      expect(ours.length, operation.operationId).toBe(theirs.length);
      for (const input of inputsFor(operation))
        ours.forEach((validate, i) => {
          expect(verdict(validate, input), `${operation.operationId} ${JSON.stringify(input)}`).toEqual(
            verdict(theirs[i]!, input),
          );
          compared += 1;
        });
    }
    expect(compared).toBeGreaterThan(10_000);
  }, 120_000);
});
