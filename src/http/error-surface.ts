// Which error shape an operation answers in (DESIGN habit 6): the OAuth JSON endpoints RFC 6749
// 5.2 errors, the browser pages of the authorization server HTML, every other operation RFC 9457
// problems. Decided here alone, by the operation's tag and path in the spec, both for requests the
// dispatcher has matched and for those refused before it (an unreadable body).
import { operations, type OperationId } from '../../generated/openapi/operations.ts';
import { pathTemplateToRegExp } from './precompiled-router.ts';

export type ErrorSurface = 'problem' | 'oauth' | 'page';

/** OAuth JSON endpoints answer RFC 6749 errors, the browser pages HTML, the rest problems. */
export function errorSurfaceOf(operationId: string | undefined): ErrorSurface {
  const op = operationId ? operations[operationId as OperationId] : undefined;
  if (!op || !(op.tags as readonly string[]).includes('OAuth')) return 'problem';
  return op.path.startsWith('/oauth/') ? 'page' : 'oauth';
}

// Path templates match as the dispatcher's router matches them (one rule, precompiled-router.ts).
const matchers = Object.entries(operations).map(([id, op]) => ({
  id,
  method: op.method,
  path: pathTemplateToRegExp(op.path),
}));

/** The surface of the operation at this method and path (or at this path), before it is matched. */
export function errorSurfaceAt(method: string, path: string): ErrorSurface {
  const atPath = matchers.filter((m) => m.path.test(path));
  return errorSurfaceOf((atPath.find((m) => m.method === method.toLowerCase()) ?? atPath[0])?.id);
}
