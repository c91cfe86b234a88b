// Turns ajv's errors, as openapi-backend reports them, into RFC 9457 field errors whose pointer
// names the offending part of the request (`/query/limit`, `/body/redirect_uris/0`).
import type { ErrorObject } from 'ajv';
import { NUL_DETAIL, pathsWithNul } from '../lib/nul-text.ts';
import type { FieldError } from './problem.ts';

const LOCATIONS: Record<string, string> = {
  requestBody: 'body',
  query: 'query',
  params: 'path',
  path: 'path',
  headers: 'header',
  header: 'header',
};

export function validationErrorsToFieldErrors(errors: ErrorObject[]): FieldError[] {
  const fields = errors.map((error) => {
    const segments = error.instancePath.split('/').filter(Boolean);
    const location = LOCATIONS[segments[0] ?? ''] ?? 'body';
    const rest = segments.slice(1);
    if (error.keyword === 'required' && typeof error.params.missingProperty === 'string')
      rest.push(error.params.missingProperty);
    if (error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string')
      rest.push(error.params.additionalProperty);
    const pointer = `/${[location, ...rest].join('/')}`;
    return { pointer, detail: describe(error) };
  });
  // ajv may report one field several times (e.g. each branch of a oneOf); keep the first.
  const seen = new Set<string>();
  return fields.filter((f) => (seen.has(f.pointer) ? false : (seen.add(f.pointer), true)));
}

function describe(error: ErrorObject): string {
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'additionalProperties') return 'is not a known field';
  if (error.keyword === 'enum')
    return `must be one of ${(error.params.allowedValues as unknown[]).map(String).join(', ')}`;
  return error.message ?? 'is invalid';
}

/** RFC 6901 3: `~` and `/` inside a name are escaped. */
const pointerSegment = (segment: string | number) => String(segment).replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Path, query and body values holding U+0000, which the database cannot store (lib/nul-text.ts):
 * one field error per value, refused like any other invalid input (fuzz finding nulInText).
 */
export function nulFieldErrors(request: { path: unknown; query: unknown; body: unknown }): FieldError[] {
  return (['path', 'query', 'body'] as const).flatMap((location) =>
    pathsWithNul(request[location]).map((path) => ({
      pointer: `/${[location, ...path].map(pointerSegment).join('/')}`,
      detail: NUL_DETAIL,
    })),
  );
}
