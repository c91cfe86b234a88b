// The context the site resolver found for each request, kept beside the request object. Apart
// from the resolver (site-resolver.ts) so that the error renderer (render.ts), which the resolver
// calls, can read a request's school without importing the resolver back (no cycles).
import type { Request } from 'express';
import type { AuthInfo } from './bearer-guard.ts';
import { ProblemError } from './problem.ts';
import type { RequestContext, RequestFacts, SiteContext, SiteFreeContext } from './request-context.ts';

/**
 * One record per request. `services` and `auth` are empty until the surface that serves the request
 * fills them (contextWith): declared from the start, so every record keeps one shape in V8.
 */
export type RememberedContext = RequestFacts & {
  site: SiteContext['site'] | null;
  services: unknown;
  auth: AuthInfo | undefined;
};

// A property of the request under a symbol only this module holds, not a WeakMap keyed by the request:
// every request would add a short-lived weak entry, which V8's young-generation collector must process
// as an ephemeron (bench/FINDINGS.md "Request context under symbols": GC was a fifth of a request's CPU).
const CONTEXT = Symbol('request context');
type Carrier = { [CONTEXT]?: RememberedContext };
const contextOf = (req: Request): RememberedContext | undefined => (req as unknown as Carrier)[CONTEXT];

export function rememberRequestContext(req: Request, context: RememberedContext): void {
  (req as unknown as Carrier)[CONTEXT] = context;
}

/** The context of a request whose origin is a known school; a 404 problem otherwise. */
export function requestContextOf(req: Request): SiteContext {
  return siteBound(req);
}

function siteBound(req: Request): RememberedContext & SiteContext {
  const context = contextOf(req);
  if (!context) throw new Error('requestContextOf called before the site resolver');
  if (!context.site)
    throw new ProblemError({ status: 404, title: 'Not Found', detail: 'No school is served at this origin.' });
  return context as RememberedContext & SiteContext;
}

/** Whether the request's origin is a school (its operations then answer as the spec documents). */
export function servesSchool(req: Request): boolean {
  return Boolean(contextOf(req)?.site);
}

/** For the few operations that answer on any origin (health and readiness probes). */
export function siteFreeContextOf(req: Request): RequestFacts {
  return anyOrigin(req);
}

function anyOrigin(req: Request): RememberedContext {
  const context = contextOf(req);
  if (!context) throw new Error('siteFreeContextOf called before the site resolver');
  return context;
}

/**
 * The context an operation runs with: this request's record given the services of the operation's
 * surface (a bundle built once at start) and the caller, two assignments rather than a copy per request.
 */
export function contextWith<S>(req: Request, services: S, auth: AuthInfo | undefined): RequestContext<S> {
  const context = siteBound(req);
  context.services = services;
  context.auth = auth;
  return context as RequestContext<S>;
}

/** The same for an operation that answers on any origin. */
export function siteFreeContextWith<S>(req: Request, services: S): SiteFreeContext<S> {
  const context = anyOrigin(req);
  context.services = services;
  return context as SiteFreeContext<S>;
}

/**
 * A context of its own for one operation run inside another surface's request (the MCP operator tools run admin
 * handlers, several at once in a batch): a new object, so concurrent runs never share its services.
 */
export function operationContextOf<S>(
  request: SiteContext,
  services: S,
  auth: AuthInfo | undefined,
): RequestContext<S> {
  const { requestId, clientIp, log, pageTexts, site } = request;
  return { requestId, clientIp, log, pageTexts, site, services, auth };
}
