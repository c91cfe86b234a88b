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
import { contextWith, servesSchool, siteFreeContextWith } from './request-context-store.ts';
import { secretBearingResponses } from './secret-responses.ts';
import { loadBundledOpenApi } from './openapi-document.ts';
import { nulFieldErrors, validationErrorsToFieldErrors } from './validation-errors.ts';
import { noStore } from '../lib/no-store.ts';
import type { Logger } from 'pino';
import { createResponseConformance } from './response-conformance.ts';
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

type Conformance = ReturnType<typeof createResponseConformance>;

export async function createOpenApiDispatcher(options: DispatchOptions) {
  // Every answer of an operation is checked against the spec as it leaves (response-conformance.ts).
  const conformance = options.validateResponses ? createResponseConformance() : undefined;
  const api = await createOpenApiBackend((api) => registerHandlers(api, options, conformance));
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

function registerHandlers(api: OpenAPIBackend, options: DispatchOptions, conformance: Conformance | undefined): void {
  const noteOperation = (req: Request, res: Response, c: Context) => noteOperationOf(req, res, c, conformance);
  // OpenAPI "Secrets": a response whose schema carries an `x-secret` property is never stored by a cache.
  const secretResponses = secretBearingResponses(loadBundledOpenApi());
  for (const operationId of operationIds) {
    const { handler, services } = options.routes[operationId];
    const siteFree = SITE_FREE_OPERATIONS.has(operationId);
    api.register(
      operationId,
      async (c: Context<unknown, Record<string, unknown>, Record<string, unknown>>, req: Request, res: Response) => {
        noteOperation(req, res, c);
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
        const secret = secretResponses.has(`${operationId} ${result.status}`);
        sendResult(res, secret ? { ...result, headers: { ...result.headers, ...noStore('secret') } } : result);
      },
    );
  }

  // Each surface answers invalid input in its own documented shape (habit 6).
  api.register('validationFail', async (c: Context, req: Request, res: Response) => {
    noteOperation(req, res, c);
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
  api.register('unauthorizedHandler', async (c: Context, req: Request, res: Response) => {
    noteOperation(req, res, c);
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
function noteOperationOf(req: Request, res: Response, c: Context, conformance: Conformance | undefined): void {
  noteRequest(req, { operation: c.operation?.operationId });
  // An origin that is no school answers 404 before any operation of a school's spec (site-resolver.ts).
  const operationId = c.operation?.operationId as OperationId | undefined;
  if (conformance && c.operation && (servesSchool(req) || (operationId && SITE_FREE_OPERATIONS.has(operationId)))) {
    conformance.watch(res, req.method, c.operation, (breach) =>
      (req as Request & { log?: Logger }).log?.error({ breach }, 'response breaks the spec'),
    );
  }
  // A token's own client (noted by the bearer guard) wins over this one (request-facts.ts clientIdOf).
  noteNamedClient(req, () => namedClientId(req.query, req.body, req.headers.authorization));
}

function requiredScopesOf(c: Context): string[] {
  return (c.operation?.security ?? []).flatMap((requirement) => (requirement as Record<string, string[]>).oauth2 ?? []);
}

/** RFC 9110 10.2.1: each method the resource supports, once (every operation of a method matches it). */
function allowedMethods(api: OpenAPIBackend, path: string): string[] {
  const methods = api.router
    .getOperations()
    .filter((op) => api.router.matchOperation({ method: op.method, path, headers: {} }, false) !== undefined)
    .map((op) => op.method);
  return [...new Set(methods)];
}
