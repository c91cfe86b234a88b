// Every request belongs to one school, found by the origin it was sent to (README "Set up").
// The origin comes from Host (and X-Forwarded-Host/-Proto only when TRUST_PROXY says a proxy
// sets them); an unknown origin gets a JSON 404 before any handler runs.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { EdgeServices } from './edge-services.ts';
import type { PageTexts } from './pages/i18n/page-text.ts';
import { renderError } from './render.ts';
import { rememberRequestContext, requestContextOf } from './request-context-store.ts';
import { noteRequest } from './request-facts.ts';
import { SITE_FREE_PATHS } from './site-free-operations.ts';

export { requestContextOf, siteFreeContextOf } from './request-context-store.ts';

/** Express guard for surfaces mounted outside the OpenAPI dispatcher (GraphQL, MCP, pages). */
export const requireSite: RequestHandler = (req, res, next) => {
  try {
    requestContextOf(req);
    next();
  } catch (error) {
    renderError(req, res, error);
  }
};

export function requestOrigin(req: Request, trustProxy: boolean): string | null {
  const forwardedHost = trustProxy ? firstValue(req.headers['x-forwarded-host']) : undefined;
  const forwardedProto = trustProxy ? firstValue(req.headers['x-forwarded-proto']) : undefined;
  const host = forwardedHost ?? req.headers.host;
  const protocol = forwardedProto ?? ((req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http');
  if (!host || (protocol !== 'http' && protocol !== 'https')) return null;
  // A Host header with a path, credentials or junk is not an origin (RFC 9110 7.2: uri-host [":" port]).
  if (!/^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host)) return null;
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return null;
  }
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0]?.trim() || undefined;
}

/** Finds each request's school and keeps its context, without services: each surface adds its own bundle. */
export function siteResolver(services: Pick<EdgeServices, 'config' | 'sites'>, pageTexts: PageTexts): RequestHandler {
  const { trustProxy } = services.config;
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      // The probes answer on any origin without a school: never waiting for the database (docs/operations.md "Behind a load balancer").
      const origin = SITE_FREE_PATHS.has(req.path) ? null : requestOrigin(req, trustProxy);
      const site = origin ? ((await services.sites.findByOrigin(origin)) ?? null) : null;
      rememberRequestContext(req, {
        site,
        requestId: req.id as string,
        clientIp: req.ip ?? req.socket.remoteAddress ?? '',
        log: req.log,
        pageTexts,
        services: undefined,
        auth: undefined,
      });
      if (site) noteRequest(req, { school: site.slug, schoolId: site.id }); // docs/operations.md "Reading the logs"
      next();
    } catch (error) {
      renderError(req, res, error);
    }
  };
}
