// POST /account/graphql: the member data API over GraphQL over HTTP (graphql-http). In order:
// POST only; the shared bearer guard (RFC 6750: 401/403 challenges, introspection included);
// a JSON body; then parse within a byte and token budget, validate (the depth, cost and mutation
// limits of limits.ts first, then graphql-js's rules: document-cache.ts) and execute (compiled by
// graphql-jit: compiled-execution.ts) with a context built from the token alone. errors.ts shapes every error that leaves. Execution is bounded by
// those limits and by page sizes (at most 50, checked in the resolvers); graphql-js 16 offers no
// abort signal for a running execution, so there is no wall-clock cut on top (/auth.md "Request bounds").
import type { Request, RequestHandler, Response } from 'express';
import { getOperationAST, type ExecutionResult } from 'graphql';
import type { Response as GraphQLHttpResponse } from 'graphql-http';
import { createHandler } from 'graphql-http/lib/use/express';
import { guardBearer } from '../http/bearer-guard.ts';
import { isDatabaseUnavailable, unavailableAnswerAt } from '../http/database-unavailable.ts';
import { unreadableBodyOf } from '../http/body-errors.ts';
import { renderError } from '../http/render.ts';
import { noteAuth, noteRequest } from '../http/request-facts.ts';
import { requestContextOf } from '../http/site-resolver.ts';
import type { GraphQLServices } from './graphql-services.ts';
import type { GraphQLContext } from './context.ts';
import { isUnexpected, labelExecutionError, toPublicError, type ErrorCode } from './errors.ts';
import { createCompiledExecutor } from './compiled-execution.ts';
import { createDocumentCache } from './document-cache.ts';
import { queryLimits } from './limits.ts';
import { nulFreeInput } from './nul-input.ts';
import { buildAccountSchema } from './schema.ts';
import { noStore } from '../lib/no-store.ts';

/** /auth.md "5. Call the API": a token bound to this origin carrying account:read; no anonymous mode. */
const READ_SCOPE = 'account:read';

function sendErrors(
  res: Response,
  status: number,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
): void {
  res
    .status(status)
    .set(headers)
    .type('application/json')
    .send(JSON.stringify({ errors: [{ message, extensions: { code } }] }));
}

/** The request's HTTP-level problem, if any, once the token is known to be good. */
function bodyProblem(req: Request): { status: number; message: string } | undefined {
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json')
    return { status: 415, message: 'Send the GraphQL request as Content-Type: application/json.' };
  // express.json has parsed the body already, or left its refusal for this surface (http/body-errors.ts).
  const unreadable = unreadableBodyOf(req);
  if (unreadable)
    return {
      status: unreadable.status,
      message: `${unreadable.detail} Send a JSON object with a string field \`query\`.`,
    };
  if (req.body === undefined)
    return { status: 400, message: 'The body must be a JSON object with a string field `query`.' };
  return undefined;
}

function logUnexpected(req: Request, result: ExecutionResult): void {
  for (const error of result.errors ?? []) {
    if (isUnexpected(error)) req.log?.error({ err: error.originalError, path: error.path }, 'graphql resolver failed');
  }
}

function unavailableResponse(req: Request): GraphQLHttpResponse {
  req.log?.warn('database unavailable');
  const answer = unavailableAnswerAt('/account/graphql')!;
  const headers = { ...answer.headers, 'content-type': `${answer.contentType}; charset=utf-8` };
  return [answer.body, { status: answer.status, statusText: 'Service Unavailable', headers }];
}

export function createAccountGraphQLHandler(services: GraphQLServices): RequestHandler {
  const schema = buildAccountSchema();
  // The context of each request, set after the bearer guard, on the request under a symbol of this handler, so
  // nothing leaks between requests (a property, not a WeakMap entry per request: http/request-context-store.ts).
  const CONTEXT = Symbol('graphql context');
  type Carrier = { [CONTEXT]?: GraphQLContext };
  const documents = createDocumentCache((variables) => [queryLimits(variables), nulFreeInput(variables)]);
  const graphql = createHandler<GraphQLContext>({
    schema,
    parse: documents.parse,
    validate: documents.validate,
    execute: createCompiledExecutor(),
    context: (req) =>
      (req.raw as unknown as Carrier)[CONTEXT] ?? [null, { status: 500, statusText: 'Internal Server Error' }],
    validationRules: (_req, args, specifiedRules) => documents.validationRules(args.variableValues, specifiedRules),
    onOperation: (req, args, result) => {
      // docs/operations.md "Reading the logs": the request log names the operation (logs only: names are the client's choice).
      noteRequest(req.raw, {
        graphqlOperation: getOperationAST(args.document, args.operationName)?.name?.value ?? '(anonymous)',
      });
      // A resolver whose database connection failed: the request's 503 with Retry-After, not a masked error.
      const unavailable = result.errors?.some((error) => isDatabaseUnavailable(error.originalError));
      if (unavailable) return unavailableResponse(req.raw);
      logUnexpected(req.raw, result);
      return result.errors ? { ...result, errors: result.errors.map(labelExecutionError) } : result;
    },
    formatError: toPublicError,
  });

  return async (req, res, next) => {
    // Only the endpoint itself: paths below it (the published SDL, schema.graphql) are operations
    // of the OpenAPI route table, and any other is its 404.
    if (req.path !== '/') return next();
    noteRequest(req, { operation: 'graphql' });
    try {
      // GraphQL over HTTP allows GET for queries; this API takes POST only, so no query of personal
      // data sits in URLs that proxies and logs keep.
      if (req.method !== 'POST')
        return sendErrors(res, 405, 'BAD_REQUEST', 'Use POST with a JSON body; this endpoint serves no other method.', {
          Allow: 'POST',
        });
      const { site } = requestContextOf(req);
      const auth = await guardBearer(services.db, site, req.headers.authorization, {
        requiredScopes: [READ_SCOPE],
        missingTokenIsInvalidToken: true,
        onAuthenticated: (a) => noteAuth(req, a),
      });
      const problem = bodyProblem(req);
      if (problem) return sendErrors(res, problem.status, 'BAD_REQUEST', problem.message);
      (req as unknown as Carrier)[CONTEXT] = {
        site,
        personId: auth.personId,
        scopes: auth.scopes,
        person: auth.person,
        services,
      };
      // The member's own data: never stored by shared caches (RFC 9111 5.2.2.5).
      res.set(noStore('personal-data'));
      await graphql(req, res, next);
    } catch (error) {
      renderError(req, res, error);
    }
  };
}
