// The one OpenAPIBackend of the service, built from the bundled document with the options every
// request relies on (strict, coerced, validated). openapi-dispatch.ts registers the service's
// handlers on it; operation-pipeline.test.ts registers recording handlers on an identical one.
import { OpenAPIBackend, OpenAPIValidator, type AjvCustomizer, type Document } from 'openapi-backend';
import addFormats from 'ajv-formats';
import { loadBundledOpenApi } from './openapi-document.ts';
import { precompileRouter } from './precompiled-router.ts';

const customizeAjv: AjvCustomizer = (ajv) => {
  addFormats.default(ajv);
  return ajv;
};

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
    coerceTypes: true,
    ignoreTrailingSlashes: false,
    customizeAjv,
  });
  register(api);
  await api.init();
  // Request validators, needed on every request, are compiled now; response validators
  // (development and tests) on first use.
  api.validator = new OpenAPIValidator({
    definition: api.definition,
    router: api.router,
    lazyCompileValidators: true,
    coerceTypes: true,
    customizeAjv,
  });
  api.validator.preCompileRequestValidators();
  api.validate = true;
  precompileRouter(api.router);
  return api;
}
