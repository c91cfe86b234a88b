// Invalid input, answered in the shape its surface documents (DESIGN habit 6), from one place for
// every cause: a request that breaks the operation's schema, a text with U+0000, a body that does
// not parse or is too large. Problems carry `errors[]` of {pointer, detail} (RFC 9457); the OAuth
// JSON endpoints answer `invalid_request` (RFC 6749 5.2, also for registration: RFC 7591 3.2.2
// uses the same error response); the browser pages an HTML page.
import type { Request, RequestHandler, Response } from 'express';
import { InvalidRequest, InvalidRequestTooLarge } from '../services/auth/errors.ts';
import { renderErrorPage } from './pages/error-page.ts';
import { errorSurfaceAt, type ErrorSurface } from './error-surface.ts';
import { contentTooLarge, invalidRequest, type FieldError } from './problem.ts';
import { renderError, sendResult } from './render.ts';
import { requestContextOf } from './site-resolver.ts';

/** `/body/redirect_uris/0` → `redirect_uris/0`; a pointer at a whole part (`/body`) keeps its name. */
const fieldName = (pointer: string) => pointer.replace(/^\/(?:body|query|path|header)(?:\/|$)/, '') || pointer.slice(1);

/**
 * Sends the refusal of invalid input: 400, or 413 for a body over the size limit.
 * @throws the 404 of an unknown origin, for a page (which needs its school)
 */
export function refuseInput(
  req: Request,
  res: Response,
  surface: ErrorSurface,
  fields: FieldError[],
  status: 400 | 413 = 400,
): void {
  if (surface === 'page') {
    const text = fields.map((f) => `${f.pointer}: ${f.detail}`).join('; ');
    return sendResult(res, renderErrorPage(requestContextOf(req), 'invalid_request', { detail: text }, status));
  }
  if (surface === 'oauth') {
    const description = fields.map((f) => `${fieldName(f.pointer)}: ${f.detail}`).join('; ');
    return renderError(
      req,
      res,
      status === 413 ? new InvalidRequestTooLarge(description) : new InvalidRequest(description),
    );
  }
  renderError(req, res, status === 413 ? contentTooLarge(fields) : invalidRequest(fields));
}

/** A path that does not percent-decode to UTF-8 (RFC 3986 2.1, RFC 3629): `%zz`, a lone `%`, `%ff`, `%E0%A4%A`. */
function isMalformedPath(path: string): boolean {
  // Only a percent sign starts an escape; most paths have none and need no decoding.
  if (!path.includes('%')) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/**
 * No 500 from input: a request whose path is not valid percent-encoded UTF-8 is
 * refused here, before any router decodes it (openapi-backend's path matcher would throw a URIError,
 * a 500), with 400 in its surface's shape, on every path, whether an operation lives there or not.
 */
export const refuseMalformedPath: RequestHandler = (req, res, next) => {
  if (!isMalformedPath(req.path)) return next();
  try {
    refuseInput(req, res, errorSurfaceAt(req.method, req.path), [
      { pointer: '/path', detail: 'is not valid percent-encoded UTF-8 (RFC 3986 2.1)' },
    ]);
  } catch (refusal) {
    renderError(req, res, refusal);
  }
};
