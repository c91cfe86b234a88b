// Bodies the parsers could not read, refused right after them in the shape of the operation they
// were sent to (http/error-surface.ts): a problem with `errors[].pointer` "/body" for the admin
// API (fuzz finding unparsableBody), `invalid_request` for the OAuth endpoints, registration
// included (registerUnparsable), an HTML page for the browser forms. A body over the size limit
// is 413 in the same shapes (bodyLimit); src/lib/body-limit.ts holds the limit.
import type { ErrorRequestHandler, Request } from 'express';
import { errorSurfaceAt } from './error-surface.ts';
import { refuseInput } from './invalid-input.ts';
import { renderError } from './render.ts';

/** What body-parser attaches to its errors (http-errors with a `type`). */
type BodyParserError = { status: number; type: string; limit?: number };

function isBodyParserError(error: unknown): error is BodyParserError {
  const e = error as Partial<BodyParserError> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.status === 'number' &&
    e.status >= 400 &&
    e.status < 500 &&
    typeof e.type === 'string'
  );
}

/** Why the body was refused, said of the body itself: the detail of its `/body` field error. */
function detailOf(error: BodyParserError, isJson: boolean): string {
  if (error.type === 'entity.too.large')
    return `is larger than the ${error.limit ?? 'allowed'} bytes this endpoint accepts`;
  if (error.type === 'parameters.too.many') return 'has more form fields than this endpoint accepts';
  if (error.type === 'entity.parse.failed')
    return isJson ? 'could not be parsed as a JSON object or array' : 'could not be parsed as a form';
  if (error.type === 'charset.unsupported' || error.type === 'encoding.unsupported')
    return 'is in a character set or content encoding this endpoint does not read (send UTF-8, uncompressed)';
  return 'could not be read';
}

/**
 * /mcp and /account/graphql are no OpenAPI operations: they answer in their own protocol (a JSON-RPC
 * parse error, a GraphQL error) and only after their own checks, the bearer guard first, so that an
 * unauthenticated caller learns nothing about the body. Their refusal waits for them here.
 */
const OWN_PROTOCOL_PATHS = new Set(['/mcp', '/mcp/', '/account/graphql', '/account/graphql/']);
const deferred = new WeakMap<Request, { status: 400 | 413; detail: string }>();

/** The body these surfaces could not read, if any: its status (400, or 413 when too large) and why. */
export function unreadableBodyOf(req: Request): { status: 400 | 413; detail: string } | undefined {
  return deferred.get(req);
}

export const refuseUnreadableBody: ErrorRequestHandler = (error, req, res, next) => {
  if (!isBodyParserError(error)) return next(error);
  if (OWN_PROTOCOL_PATHS.has(req.path)) {
    deferred.set(req, {
      status: error.status === 413 ? 413 : 400,
      detail: `The request body ${detailOf(error, true)}.`,
    });
    return next();
  }
  const status = error.status === 413 ? 413 : 400;
  try {
    refuseInput(
      req,
      res,
      errorSurfaceAt(req.method, req.path),
      [{ pointer: '/body', detail: detailOf(error, req.is(['json', '+json']) !== false) }],
      status,
    );
  } catch (refusal) {
    renderError(req, res, refusal);
  }
};
