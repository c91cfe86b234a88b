// The admin API's one mapping from what a service refuses to RFC 9457 problem details (DESIGN
// habit 6): each kind keeps the status, type, title and `errors` the API documents for it.
// render.ts calls this for every error it renders as a problem; MCP's operation tools phrase the
// same problem, since they are the admin operations run as tools.
import type { InvalidCursor } from '../db/pagination/cursor.ts';
import type { Conflict, Forbidden, RateLimited, ServiceError } from '../services/errors.ts';
import { conflict, invalidRequest, ProblemError } from './problem.ts';

export function problemOfServiceError(error: ServiceError): ProblemError {
  const detail = error.detail;
  const errors = error.errors ? { errors: error.errors } : {};
  switch (error.kind) {
    case 'not-found':
      return new ProblemError({ status: 404, title: 'Not Found', detail, ...errors });
    case 'conflict':
      return conflict(detail, error.errors, (error as Conflict).reason);
    case 'rule-violation':
      return new ProblemError({
        status: 422,
        type: 'unprocessable',
        title: 'Unprocessable Content',
        detail,
        ...errors,
      });
    case 'invalid-input':
      return invalidRequest(error.errors ?? []);
    case 'forbidden':
      return new ProblemError({
        status: 403,
        type: (error as Forbidden).reason,
        title: 'Forbidden',
        detail,
        ...errors,
      });
    case 'upload-too-large':
      // RFC 9112 9.6: the rest of the upload is left unread, so the connection cannot carry another request.
      return new ProblemError({ status: 413, title: 'Content Too Large', detail, headers: { Connection: 'close' } });
    case 'unsupported-file-type':
      return new ProblemError({ status: 415, type: 'unsupported-media-type', title: 'Unsupported Media Type', detail });
    case 'limit-reached':
      return new ProblemError({ status: 409, type: 'limit-reached', title: 'Limit reached', detail, ...errors });
    // RFC 6585 4: the status says it all; Retry-After and the RateLimit fields say when to try again.
    case 'rate-limited':
      return new ProblemError({
        status: 429,
        title: 'Too Many Requests',
        detail,
        headers: (error as RateLimited).headers,
      });
  }
}

/** A cursor this API did not issue is a 400 pointing at the parameter that carried it. */
export function problemOfInvalidCursor(error: InvalidCursor): ProblemError {
  return invalidRequest([{ pointer: '/query/cursor', detail: `${error.message}; start again without it` }]);
}
