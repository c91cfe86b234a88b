// The discovery documents are the same bytes for every request to a school until its settings
// change, and clients fetch them before every flow. They should cost what an express
// hello-world costs, so they are computed once per school (by the very handlers the OpenAPI
// dispatcher registers for them: one source of each document) and written from memory, ahead of
// logging and routing. Only a plain GET without a query string takes this path; anything else
// goes through the dispatcher, which validates and answers it as before. A school's documents are
// rebuilt whenever the site cache hands out a new copy of the school (services/sites.ts).
import type { PageTexts } from './pages/i18n/page-text.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { operations, type OperationId } from '../../generated/openapi/operations.ts';
import type { EdgeServices } from './edge-services.ts';
import type { Site } from '../services/school/sites.ts';
import type { OperationRoutes } from './openapi-dispatch.ts';
import { CORS_EXPOSED_HEADERS } from './cors.ts';
import { requestIdOf } from './logging.ts';
import { SECURITY_HEADERS } from './security-headers.ts';
import { requestOrigin } from './site-resolver.ts';

/** Operations whose answer depends on the school alone: no input, no token, no database. */
export const PRECOMPUTED_OPERATIONS = [
  'getAuthorizationServerMetadata',
  'getOpenIdConfiguration',
  'getProtectedResourceMetadata',
  'getMcpProtectedResourceMetadata',
  'getAccountProtectedResourceMetadata',
] as const satisfies readonly OperationId[];

type Prepared = { body: Buffer; headers: Array<[string, string]> };

/** `routes`: each document's handler with its surface's services, as the dispatcher runs it. */
export function precomputedDocuments(
  services: Pick<EdgeServices, 'config' | 'sites' | 'metrics'>,
  routes: OperationRoutes,
  log: Logger,
  pageTexts: PageTexts,
): RequestHandler {
  const byPath = new Map<string, OperationId>(PRECOMPUTED_OPERATIONS.map((id) => [operations[id].path, id]));
  const prepared = new WeakMap<Site, Map<OperationId, Promise<Prepared>>>();

  async function prepare(site: Site, operationId: OperationId): Promise<Prepared> {
    const route = routes[operationId];
    const context = { site, services: route.services, requestId: 'precomputed', clientIp: '', log, pageTexts };
    const result = await route.handler({ path: {}, query: {}, body: undefined, headers: {} }, context);
    const body = Buffer.from(JSON.stringify(result.body));
    const headers: Array<[string, string]> = [
      ...Object.entries(SECURITY_HEADERS),
      ['Access-Control-Allow-Origin', '*'],
      ['Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS.join(',')],
      ...Object.entries(result.headers ?? {}).map(([name, value]): [string, string] => [name, String(value)]),
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Length', String(body.length)],
    ];
    return { body, headers };
  }

  function preparedFor(site: Site, operationId: OperationId): Promise<Prepared> {
    let documents = prepared.get(site);
    if (!documents) prepared.set(site, (documents = new Map<OperationId, Promise<Prepared>>()));
    let document = documents.get(operationId);
    if (!document) {
      document = prepare(site, operationId);
      documents.set(operationId, document);
      document.catch(() => documents.delete(operationId));
    }
    return document;
  }

  return async (req, res, next) => {
    const operationId = req.method === 'GET' && !req.url.includes('?') ? byPath.get(req.url) : undefined;
    if (!operationId) return next();
    try {
      const origin = requestOrigin(req, services.config.trustProxy);
      const site = origin ? await services.sites.findByOrigin(origin) : undefined;
      if (!site) return next(); // the dispatcher answers an unknown school with its 404
      send(req, res, await preparedFor(site, operationId), log, {
        school: site.slug,
        school_id: site.id,
        operation: operationId,
      });
      // docs/operations.md "Metrics": counted like every request (a counter costs nanoseconds; these are not logged).
      services.metrics.requests.inc({ operation: operationId, method: 'GET', status: '200' });
    } catch {
      next(); // e.g. the database is down: the ordinary path renders its 503
    }
  };
}

/** `fields`: the school and operation every request line carries (docs/operations.md "Reading the logs"; http/logging.ts). */
function send(
  req: IncomingMessage,
  res: ServerResponse,
  document: Prepared,
  log: Logger,
  fields: Record<string, string>,
): void {
  const requestId = requestIdOf(req);
  res.statusCode = 200;
  res.setHeader('X-Request-Id', requestId);
  for (const [name, value] of document.headers) res.setHeader(name, value);
  res.end(document.body);
  if (log.isLevelEnabled('info'))
    log.info(
      {
        req: { id: requestId, method: req.method, url: req.url, host: req.headers.host },
        res: { statusCode: 200 },
        ...fields,
      },
      'request completed',
    );
}
