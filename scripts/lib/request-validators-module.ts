// generated/openapi/request-validators.cjs: each operation's request validators (openapi-backend's
// body and parameter validators) as Ajv standalone code, so the service loads them instead of
// compiling 162 operations' schemas at every start (bench/FINDINGS.md "Start-up validators").
// They are compiled here by openapi-backend itself, with the service's options
// (src/http/request-validation-options.ts); src/http/precompiled-request-validators.test.ts holds
// them equal to the validators compiled at run time.
import { _, type Ajv } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { OpenAPIBackend, OpenAPIValidator, type Document } from 'openapi-backend';
import { documentHash } from '../../src/http/precompiled-request-validators.ts';
import { COERCE_TYPES, customizeAjv } from '../../src/http/request-validation-options.ts';

/** One standalone validator as an expression that builds it when called (its own scope). */
function validatorExpression(ajv: Ajv, validate: unknown): string {
  const code = standaloneCode.default(ajv, validate as never);
  const used = new Set([...code.matchAll(/\bformats(?:\.([\w$]+)|\["([^"]+)"\])/g)].map((m) => m[1] ?? m[2]!));
  for (const name of used) {
    // The generated code reads `formats` from ajv-formats: a format of another origin would differ.
    if ((ajv.formats as Record<string, unknown>)[name] !== (fullFormats as Record<string, unknown>)[name])
      throw new Error(`format ${name} is not ajv-formats' own: the standalone code cannot import it`);
  }
  return `() => { const module = { exports: {} }; ${code}\n return module.exports; }`;
}

export async function renderRequestValidatorsModule(
  bundled: Record<string, unknown>,
  bundledText: string,
  header: string,
): Promise<string> {
  const api = new OpenAPIBackend({
    definition: structuredClone(bundled) as unknown as Document,
    strict: true,
    validate: false,
    coerceTypes: COERCE_TYPES,
    ignoreTrailingSlashes: false,
  });
  await api.init();
  let instances: Ajv[] = [];
  const validator = new OpenAPIValidator({
    definition: api.definition,
    router: api.router,
    lazyCompileValidators: true,
    coerceTypes: COERCE_TYPES,
    ajvOpts: { code: { source: true, formats: _`formats` } },
    customizeAjv: (ajv, options, context) => {
      const customized = customizeAjv(ajv, options, context);
      instances.push(customized);
      return customized;
    },
  });
  const entries: string[] = [];
  for (const operation of api.router.getOperations()) {
    instances = [];
    const validators = validator.buildRequestValidatorsForOperation(operation) ?? [];
    const expressions = validators.map((validate, i) => validatorExpression(instances[i]!, validate));
    entries.push(`  ${JSON.stringify(operation.operationId)}: [\n${expressions.join(',\n')}\n  ]`);
  }
  return [
    `// ${header}`,
    "'use strict';",
    "const formats = require('ajv-formats/dist/formats').fullFormats;",
    `exports.documentHash = ${JSON.stringify(documentHash(bundledText))};`,
    `exports.validators = {\n${entries.join(',\n')}\n};`,
    '',
  ].join('\n');
}
