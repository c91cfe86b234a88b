// docs/operations.md "Metrics": when a response finishes, its request is counted and timed under its operation
// and status, a 429 is counted as a rate-limit refusal, and a grant whose access token the request
// used is noted for "last used" (services/auth/grant-use.ts). Mounted before the request logger, so the
// page route it names is in the log line too (both read http/request-facts.ts).
import { performance } from 'node:perf_hooks';
import type { Request, RequestHandler } from 'express';
import { factsOf, noteOperationIfUnknown } from './request-facts.ts';
import type { GrantUseRecorder } from '../services/auth/grant-use.ts';
import type { Metrics } from '../metrics/metrics.ts';

/**
 * The operation of a request no surface named: a page route of the admin or account area (its
 * pattern, never the raw path), a static asset, a CORS preflight, or `unmatched`. A bounded set, fit for a label.
 */
export function fallbackOperation(req: Request): string {
  const route = (req as { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `page ${req.method} ${req.baseUrl}${route.path}`;
  if (req.originalUrl.startsWith('/assets/')) return 'static';
  // The cors package answers preflights itself (http/cors.ts), before any operation is matched.
  if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) return 'cors-preflight';
  return 'unmatched';
}

/** Methods as labels: the standard ones, anything else as `other` (a client may send any token). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function observeRequests(metrics: Metrics, grantUses: GrantUseRecorder): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    let done = false;
    const finished = () => {
      if (done) return;
      done = true;
      noteOperationIfUnknown(req, fallbackOperation(req));
      const facts = factsOf(req);
      const operation = facts.operation!;
      const status = String(res.statusCode);
      metrics.requests.inc({ operation, method: METHODS.has(req.method) ? req.method : 'other', status });
      metrics.requestDuration.observe({ operation, status }, (performance.now() - started) / 1000);
      if (res.statusCode === 429) metrics.rateLimitRefusals.inc({ operation });
      if (facts.grantId) grantUses.note(facts.grantId);
    };
    res.once('finish', finished);
    res.once('close', finished);
    next();
  };
}
