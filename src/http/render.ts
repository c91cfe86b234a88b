// Turns handler results and thrown errors into bytes: one renderer per surface (habit 6).
// An unexpected error is logged with its stack and answered with a bare 500 that leaks nothing.
import type { Request, Response } from 'express';
import { InvalidCursor } from '../db/pagination/cursor.ts';
import { TemporarilyUnavailable } from '../services/auth/errors.ts';
import { oauthErrorOfServiceError } from '../services/auth/errors-from-service.ts';
import { ServiceError } from '../services/errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, unavailableAnswerAt } from './database-unavailable.ts';
import { errorSurfaceAt } from './error-surface.ts';
import { problemOfInvalidCursor, problemOfServiceError } from './problem-of.ts';
import { internalError, ProblemError, serviceUnavailable } from './problem.ts';
import { requestContextOf } from './request-context-store.ts';
import { isWireError, type WireError } from '../lib/wire-error.ts';

type Result = { status: number; body: unknown; headers?: Record<string, string | string[]>; contentType?: string };

export function sendResult(res: Response, result: Result): void {
  res.status(result.status);
  for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
  if (result.contentType && !result.contentType.includes('json')) {
    res.type(result.contentType).send(result.body);
    return;
  }
  if (result.body === undefined) {
    res.end();
    return;
  }
  const text = JSON.stringify(result.body);
  if (result.contentType === undefined || result.contentType === 'application/json') return sendJsonText(res, text);
  res.type(result.contentType).send(text);
}

/**
 * A JSON text as express's `res.type('application/json').send(text)` sends it (same headers: no ETag,
 * as the app disables them, so no freshness check either), without its per-call type lookup and checks:
 * most responses of the API take this path. Node leaves the body of a HEAD answer out.
 */
function sendJsonText(res: Response, text: string): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

export function renderProblem(res: Response, problem: ProblemError): void {
  res.status(problem.status);
  for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
  res.type('application/problem+json').send(JSON.stringify(problem.toJSON(schoolOriginOf(res.req))));
}

/** The origin of the school that answers, whose /problems/<name> pages resolve the type URIs. */
function schoolOriginOf(req: Request): string | undefined {
  try {
    return requestContextOf(req).site.origin;
  } catch {
    return undefined; // no school at this origin (its 404 is about:blank)
  }
}

/** Errors that carry their own wire format (OAuth, bearer challenges) render themselves. */
function renderWireError(res: Response, error: WireError): void {
  const wire = error.toWire();
  res.status(wire.status);
  for (const [name, value] of Object.entries(wire.headers)) res.setHeader(name, value);
  res.type('application/json').send(JSON.stringify(wire.body));
}

export function renderError(req: Request, res: Response, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (isWireError(error)) return renderWireError(res, error);
  if (error instanceof ProblemError) return renderProblem(res, error);
  // A service's refusal, in the shape of the operation that reached it (error-surface.ts).
  if (error instanceof ServiceError) {
    if (errorSurfaceAt(req.method, req.path) === 'oauth') return renderWireError(res, oauthErrorOfServiceError(error));
    return renderProblem(res, problemOfServiceError(error));
  }
  // OpenAPI `cursor`: a cursor not issued for this list and sort is a 400 pointing at it.
  if (error instanceof InvalidCursor) return renderProblem(res, problemOfInvalidCursor(error));
  // express.static and other middleware signal "not found" or "bad request" with http-errors.
  // (Bodies the parsers refused are answered by http/body-errors.ts, in the operation's shape.)
  if (isClientHttpError(error)) {
    return renderProblem(
      res,
      new ProblemError({
        status: error.status,
        title: error.status === 404 ? 'Not Found' : 'Bad Request',
        detail: error.status === 404 ? 'No such file.' : 'The request could not be served.',
      }),
    );
  }
  if (isDatabaseUnavailable(error)) return renderDatabaseUnavailable(req, res, error);
  req.log?.error({ err: error }, 'unhandled error');
  renderProblem(res, internalError());
}

/** A lost or refused database connection: 503 with Retry-After in the surface's own shape, never a 500. */
function renderDatabaseUnavailable(req: Request, res: Response, error: unknown): void {
  req.log?.warn({ err: error }, 'database unavailable');
  const answer = unavailableAnswerAt(req.originalUrl.split('?')[0]!);
  if (answer) {
    res.status(answer.status).set(answer.headers).type(answer.contentType).send(answer.body);
    return;
  }
  if (req.path.startsWith('/api/oauth/'))
    return renderWireError(
      res,
      new TemporarilyUnavailable('The service is briefly unavailable; retry after Retry-After seconds.'),
    );
  renderProblem(
    res,
    serviceUnavailable('The database is unavailable; retry after Retry-After seconds.', DATABASE_RETRY_AFTER_SECONDS),
  );
}

function isClientHttpError(error: unknown): error is { status: number } {
  // The message is never shown (express.static marks ENOENT as not exposable), only the status.
  const e = error as { status?: unknown } | null;
  return typeof e === 'object' && e !== null && typeof e.status === 'number' && e.status >= 400 && e.status < 500;
}
