// The context the site resolver found for each request, kept beside the request object. Apart
// from the resolver (site-resolver.ts) so that the error renderer (render.ts), which the resolver
// calls, can read a request's school without importing the resolver back (no cycles).
import type { Request } from 'express';
import { ProblemError } from './problem.ts';
import type { RequestContext, SiteFreeContext } from './request-context.ts';

type Remembered = SiteFreeContext & { site: RequestContext['site'] | null };

// A property of the request under a symbol only this module holds, not a WeakMap keyed by the request:
// every request would add a short-lived weak entry, which V8's young-generation collector must process
// as an ephemeron (bench/FINDINGS.md "Request context under symbols": GC was a fifth of a request's CPU).
const CONTEXT = Symbol('request context');
type Carrier = { [CONTEXT]?: Remembered };
const contextOf = (req: Request): Remembered | undefined => (req as unknown as Carrier)[CONTEXT];

export function rememberRequestContext(req: Request, context: Remembered): void {
  (req as unknown as Carrier)[CONTEXT] = context;
}

/** The context of a request whose origin is a known school; a 404 problem otherwise. */
export function requestContextOf(req: Request): RequestContext {
  const context = contextOf(req);
  if (!context) throw new Error('requestContextOf called before the site resolver');
  const { site } = context;
  if (!site) throw new ProblemError({ status: 404, title: 'Not Found', detail: 'No school is served at this origin.' });
  return { ...context, site };
}

/** Whether the request's origin is a school (its operations then answer as the spec documents). */
export function servesSchool(req: Request): boolean {
  return Boolean(contextOf(req)?.site);
}

/** For the few operations that answer on any origin (health and readiness probes). */
export function siteFreeContextOf(req: Request): SiteFreeContext {
  const context = contextOf(req);
  if (!context) throw new Error('siteFreeContextOf called before the site resolver');
  return context;
}
