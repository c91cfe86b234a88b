// The one OpenAPIBackend of the service, built from the bundled document with the options every
// request relies on (strict, coerced, validated). openapi-dispatch.ts registers the service's
// handlers on it; operation-pipeline.test.ts registers recording handlers on an identical one.
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { bundledOpenApiText, loadBundledOpenApi } from './openapi-document.ts';
import { PrecompiledRequestValidator, precompiledFor } from './precompiled-request-validators.ts';
import { COERCE_TYPES, customizeAjv } from './request-validation-options.ts';
import { precompileRouter } from './precompiled-router.ts';

/** `register` adds the handlers; the backend is then initialised, its request validators compiled. */
export async function createOpenApiBackend(register: (api: OpenAPIBackend) => void): Promise<OpenAPIBackend> {
  // validate: false here, and the validator set up after init() below: openapi-backend's own
  // compiles request, response and response-header validators for every operation at start-up,
  // 4.5 s of CPU and 130 MB of transient heap that V8 then kept committed (bench/FINDINGS.md
  // "Start-up validators"). (Its `quick` option would make them lazy, but its synchronous dereferencing does
  // not decode JSON-pointer escapes and fails on this document's references into paths.)
  const api = new OpenAPIBackend({
    definition: loadBundledOpenApi() as unknown as Document,
    strict: true,
    validate: false,
    coerceTypes: COERCE_TYPES,
    ignoreTrailingSlashes: false,
    customizeAjv,
  });
  register(api);
  await api.init();
  // Request validators, needed on every request, are loaded now from the code `npm run generate`
  // wrote (precompiled-request-validators.ts); response validators (development and tests) are
  // compiled on first use.
  api.validator = new PrecompiledRequestValidator(
    { definition: api.definition, router: api.router, coerceTypes: COERCE_TYPES, customizeAjv },
    precompiledFor(bundledOpenApiText()),
  );
  api.validator.preCompileRequestValidators();
  api.validate = true;
  precompileRouter(api.router);
  return api;
}
