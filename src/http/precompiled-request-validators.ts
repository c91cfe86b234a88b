// The request validators of every operation, loaded from the Ajv standalone code `npm run generate`
// writes (generated/openapi/request-validators.cjs) rather than compiled at each start: compiling them
// was most of the start-up's CPU (bench/FINDINGS.md "Start-up validators"). The module names the
// document it was made from; for any other document, or an operation it lacks, openapi-backend
// compiles as before. precompiled-request-validators.test.ts holds both paths equal.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { OpenAPIValidator, type Operation } from 'openapi-backend';

type PrecompiledModule = { documentHash: string; validators: Record<string, Array<() => ValidateFunction>> };

/** The sha256 of the bundled document's text, which the generated module records. */
export function documentHash(bundledText: string): string {
  return createHash('sha256').update(bundledText).digest('hex');
}

/** The generated validators when they were made from this document's text; otherwise none. */
export function precompiledFor(bundledText: string): PrecompiledModule['validators'] | undefined {
  const loaded = createRequire(import.meta.url)('../../generated/openapi/request-validators.cjs') as PrecompiledModule;
  return loaded.documentHash === documentHash(bundledText) ? loaded.validators : undefined;
}

/** openapi-backend's validator, taking each operation's request validators from the generated code. */
export class PrecompiledRequestValidator extends OpenAPIValidator {
  readonly precompiled: PrecompiledModule['validators'] | undefined;

  /** Always lazy: openapi-backend's eager compiling would run before `precompiled` is set. */
  constructor(
    options: Omit<ConstructorParameters<typeof OpenAPIValidator>[0], 'lazyCompileValidators'>,
    precompiled: PrecompiledModule['validators'] | undefined,
  ) {
    super({ ...options, lazyCompileValidators: true });
    this.precompiled = precompiled;
  }

  override buildRequestValidatorsForOperation(operation: Operation): ValidateFunction[] | null {
    const made = operation?.operationId ? this.precompiled?.[operation.operationId] : undefined;
    return made ? made.map((make) => make()) : super.buildRequestValidatorsForOperation(operation);
  }
}
