// createApp(deps) builds the whole HTTP service from explicit dependencies (DESIGN habit 10):
// tests build it on a fresh PGlite and a random port; main.ts alone listens and handles signals.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type ErrorRequestHandler, type Express } from 'express';
import type { Logger } from 'pino';
import type { Config } from './config/config.ts';
import type { Db } from './db/database.ts';
import { operationRoutes } from './wiring/handler-map.ts';
import { surfaceServicesOf } from './wiring/surface-services.ts';
import { oauthCors } from './http/cors.ts';
import { createAccountGraphQLHandler } from './graphql/server.ts';
import { createHttpLogger } from './http/logging.ts';
import { createMcpHandler } from './mcp/http.ts';
import { observeRequests } from './http/request-observer.ts';
import { attachUploadStream } from './admin/upload-stream.ts';
import { refuseUnreadableBody } from './http/body-errors.ts';
import { refuseMalformedPath } from './http/invalid-input.ts';
import { BODY_LIMIT_BYTES } from './lib/body-limit.ts';
import { createOpenApiDispatcher } from './http/openapi-dispatch.ts';
import { precomputedDocuments } from './http/precomputed-documents.ts';
import { renderError } from './http/render.ts';
import { securityHeaders } from './http/security-headers.ts';
import { requireSite, siteResolver } from './http/site-resolver.ts';
import { createServices, type Services } from './services/create-services.ts';
import { createAccountArea } from './web/account/index.ts';
import { createAdminArea } from './web/admin/index.ts';
import { PageTexts } from './http/pages/i18n/page-text.ts';

const require = createRequire(import.meta.url);

export type AppDeps = { config: Config; db: Db; log: Logger; keyEncryptionKey: Buffer };

/** Bodies larger than this are refused with 413 before any handler runs (OpenAPI "Input"; body-limit.ts: why 2 MB). */
const BODY_LIMIT = BODY_LIMIT_BYTES;

export async function createApp(deps: AppDeps): Promise<{ app: Express; services: Services; pageTexts: PageTexts }> {
  const services = createServices(deps);
  // docs/layout.md "Which services each surface receives": each surface is given its own few, built once here.
  const surfaces = surfaceServicesOf(services);
  const routes = operationRoutes(surfaces);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  app.set('etag', false);
  // Page languages: a page text missing from a catalogue throws in development and tests; in production it is logged
  // and English shown.
  const pageTexts = new PageTexts(
    deps.config.env === 'production'
      ? { reportMissing: (key, language) => deps.log.warn({ key, language }, 'page text missing from its catalogue') }
      : {},
  );

  // Discovery documents from memory, before logging and routing (precomputed-documents.ts says why).
  app.use(precomputedDocuments(surfaces.edge, routes, deps.log, pageTexts));
  // docs/operations.md "Metrics": counted, timed and "last used" first, so its finish runs before the log line's.
  app.use(observeRequests(surfaces.edge.metrics, surfaces.edge.grantUses));
  app.use(createHttpLogger(deps.log));
  app.use(securityHeaders);
  app.use(oauthCors);
  // Redoc's standalone bundle for /docs, served from this origin (no CDN: the CSP allows 'self' only).
  app.use(
    '/assets/redoc',
    express.static(path.dirname(require.resolve('redoc/bundles/redoc.standalone.js')), {
      maxAge: '1d',
      fallthrough: false,
    }),
  );
  app.use(
    '/assets',
    express.static(fileURLToPath(new URL('./web/assets', import.meta.url)), { maxAge: '1h', fallthrough: false }),
  );
  app.use(siteResolver(surfaces.edge, pageTexts));
  // No 500 from input: a path that does not percent-decode is a 400 in its surface's shape (http/invalid-input.ts).
  app.use(refuseMalformedPath);
  app.use(express.json({ limit: BODY_LIMIT, type: ['application/json', 'application/*+json'] }));
  app.use(express.urlencoded({ limit: BODY_LIMIT, extended: false, parameterLimit: 100 }));
  app.use(refuseUnreadableBody);
  // Uploads stay unread until the upload handler streams them, after the bearer guard (admin/upload-stream.ts).
  app.post('/api/v1/files', attachUploadStream);

  app.use('/mcp', requireSite, createMcpHandler(surfaces.mcp, routes));
  app.use('/account/graphql', requireSite, createAccountGraphQLHandler(surfaces.graphql));
  app.use('/admin', requireSite, createAdminArea(surfaces.adminArea));
  app.use('/account', requireSite, createAccountArea(surfaces.accountArea));
  app.use(
    await createOpenApiDispatcher({
      routes,
      db: surfaces.edge.db,
      validateResponses: deps.config.env !== 'production',
    }),
  );

  const errorHandler: ErrorRequestHandler = (error, req, res, _next) => renderError(req, res, error);
  app.use(errorHandler);
  return { app, services, pageTexts };
}
