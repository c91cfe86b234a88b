// The spec is the route table (DESIGN habit 1): openapi-backend matches each request to an
// operation of the bundled document, validates it against the operation's schemas, and calls the
// hand-written handler registered under its operationId. This file registers the handlers and
// renders what they return; openapi-backend.ts builds the backend, operation-pipeline.ts runs its
// steps once per request.
import type { NextFunction, Request, Response } from 'express';
import type { Context, OpenAPIBackend } from 'openapi-backend';
import { operationIds, type OperationId } from '../../generated/openapi/operations.ts';
import type { AnyOperationHandler } from './handler.ts';
import { BearerChallenge, guardBearer, type AuthInfo } from './bearer-guard.ts';
import { createOpenApiBackend } from './openapi-backend.ts';
import { prepareOperationPipeline, type PipelineRequest } from './operation-pipeline.ts';
import { errorSurfaceOf } from './error-surface.ts';
import { refuseInput } from './invalid-input.ts';
import { ProblemError } from './problem.ts';
import { FORM_MEDIA_TYPE, formArrayFields, withFormArrays, type DocumentLike } from './form-arrays.ts';
import { namedClientId, noteAuth, noteNamedClient, noteRequest } from './request-facts.ts';
import { renderError, sendResult } from './render.ts';
import { SITE_FREE_OPERATIONS } from './site-free-operations.ts';
import { requestContextOf } from './site-resolver.ts';
import { contextWith, siteFreeContextWith } from './request-context-store.ts';
import { secretBearingResponses } from './secret-responses.ts';
import { loadBundledOpenApi } from './openapi-document.ts';
import { nulFieldErrors, validationErrorsToFieldErrors } from './validation-errors.ts';
import { noStore } from '../lib/no-store.ts';
import type { Db } from '../db/database.ts';

export type HandlerMap = Record<OperationId, AnyOperationHandler>;

/**
 * An operation's handler and the services of its surface (admin, OAuth or public), paired once at start
 * (wiring/handler-map.ts): a handler receives its surface's bundle, never every service.
 */
export type OperationRoute = { handler: AnyOperationHandler; services: unknown };

export type OperationRoutes = Record<OperationId, OperationRoute>;

export type DispatchOptions = {
  routes: OperationRoutes;
  /** What the bearer guard reads tokens with. */
  db: Db;
  /** Validate every response against the spec: on in development and tests (habit 8). */
  validateResponses: boolean;
};

export async function createOpenApiDispatcher(options: DispatchOptions) {
  const api = await createOpenApiBackend((api) => registerHandlers(api, options));
  const handleRequest = prepareOperationPipeline(api);
  const formArrays = formArrayFields(api.definition as unknown as DocumentLike);

  return async function dispatch(req: Request, res: Response, _next: NextFunction): Promise<void> {
    try {
      // RFC 9110 9.1, 9.3.2: HEAD is GET without the content (node leaves the body of a HEAD answer out).
      const request: PipelineRequest = {
        method: req.method === 'HEAD' ? 'GET' : req.method,
        path: req.path,
        query: req.query as Record<string, string | string[]>,
        headers: req.headers as Record<string, string | string[]>,
        body: req.body as unknown,
      };
      // A form's array field sent once is its one-item array (form-arrays.ts); other bodies pass as parsed.
      if (formArrays.size && req.is(FORM_MEDIA_TYPE)) {
        const operationId = api.router.matchOperation(request)?.operationId;
        request.body = withFormArrays(request.body, operationId ? formArrays.get(operationId) : undefined);
      }
      await handleRequest(request, req, res);
    } catch (error) {
      renderError(req, res, error);
    }
  };
}

function registerHandlers(api: OpenAPIBackend, options: DispatchOptions): void {
  // OpenAPI "Secrets": a response whose schema carries an `x-secret` property is never stored by a cache.
  const secretResponses = secretBearingResponses(loadBundledOpenApi());
  for (const operationId of operationIds) {
    const { handler, services } = options.routes[operationId];
    const siteFree = SITE_FREE_OPERATIONS.has(operationId);
    api.register(
      operationId,
      async (c: Context<unknown, Record<string, unknown>, Record<string, unknown>>, req: Request, res: Response) => {
        noteOperation(req, c);
        const auth = (c.security as Record<string, unknown> | undefined)?.oauth2 as AuthInfo | undefined;
        // The request's own record given the bundle of the operation's surface, built once at start: no copy.
        const context = siteFree ? siteFreeContextWith(req, services) : contextWith(req, services, auth);
        // Valid by the schema, but text with U+0000 cannot be stored (lib/nul-text.ts): invalid input too.
        const nul = nulFieldErrors({ path: c.request.params, query: c.request.query, body: c.request.requestBody });
        if (nul.length) return refuseInput(req, res, errorSurfaceOf(operationId), nul);
        const result = await handler(
          {
            path: c.request.params ?? {},
            query: c.request.query ?? {},
            body: c.request.requestBody,
            headers: req.headers,
          },
          context,
        );
        if (options.validateResponses && isJson(result.contentType)) {
          // A response without content is validated as null, which is how openapi-backend models it.
          const check = api.validateResponse(result.body ?? null, c.operation, result.status);
          if (check.errors?.length) {
            throw new Error(
              `Response of ${operationId} (${result.status}) breaks the spec: ${JSON.stringify(check.errors)}`,
            );
          }
        }
        const secret = secretResponses.has(`${operationId} ${result.status}`);
        sendResult(res, secret ? { ...result, headers: { ...result.headers, ...noStore('secret') } } : result);
      },
    );
  }

  // Each surface answers invalid input in its own documented shape (habit 6).
  api.register('validationFail', async (c: Context, req: Request, res: Response) => {
    noteOperation(req, c);
    refuseInput(
      req,
      res,
      errorSurfaceOf(c.operation?.operationId),
      validationErrorsToFieldErrors(c.validation.errors ?? []),
    );
  });

  // The bearer guard runs before validation, so an unauthenticated caller learns nothing else.
  api.registerSecurityHandler('oauth2', async (c: Context, req: Request) => {
    const { site } = requestContextOf(req);
    return guardBearer(options.db, site, req.headers.authorization, {
      requiredScopes: requiredScopesOf(c),
      onAuthenticated: (auth) => noteAuth(req, auth),
    });
  });
  api.register('unauthorizedHandler', async (c: Context, req: Request) => {
    noteOperation(req, c);
    const failure = (c.security as Record<string, { error?: Error } | undefined> | undefined)?.oauth2;
    const error = failure?.error ?? new Error('security handler failed without an error');
    // The operation's one error shape (habit 6): a problem on the admin API, RFC 6750 JSON on UserInfo.
    if (error instanceof BearerChallenge && errorSurfaceOf(c.operation?.operationId) === 'problem') {
      throw error.toProblem();
    }
    throw error;
  });
  api.register('notFound', async (_c: Context, req: Request) => {
    requestContextOf(req); // an unknown origin is a 404 for that reason first
    throw new ProblemError({
      status: 404,
      title: 'Not Found',
      detail: 'No operation at this path; see /openapi.json.',
    });
  });
  api.register('methodNotAllowed', async (c: Context, _req: Request, res: Response) => {
    const allowed = allowedMethods(api, c.request.path);
    if (allowed.length) res.setHeader('Allow', allowed.join(', ').toUpperCase());
    throw new ProblemError({
      status: 405,
      title: 'Method Not Allowed',
      detail: `${c.request.method.toUpperCase()} is not allowed here.`,
    });
  });
}

/** docs/operations.md "Reading the logs": the request log and metrics name the operation, and the client it names. */
function noteOperation(req: Request, c: Context): void {
  noteRequest(req, { operation: c.operation?.operationId });
  // A token's own client (noted by the bearer guard) wins over this one (request-facts.ts clientIdOf).
  noteNamedClient(req, () => namedClientId(req.query, req.body, req.headers.authorization));
}

function requiredScopesOf(c: Context): string[] {
  return (c.operation?.security ?? []).flatMap((requirement) => (requirement as Record<string, string[]>).oauth2 ?? []);
}

function isJson(contentType: string | undefined): boolean {
  return contentType === undefined || contentType.includes('json');
}

/** RFC 9110 10.2.1: each method the resource supports, once (every operation of a method matches it). */
function allowedMethods(api: OpenAPIBackend, path: string): string[] {
  const methods = api.router
    .getOperations()
    .filter((op) => api.router.matchOperation({ method: op.method, path, headers: {} }, false) !== undefined)
    .map((op) => op.method);
  return [...new Set(methods)];
}
