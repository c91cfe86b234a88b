// openapi-backend's handleRequest, done once per request. The library parses a request four times
// (before routing, after routing, inside validation, and again with the coerced values), each time
// lower-casing the headers with lodash, parsing the cookies, serialising the query into
// URLSearchParams and deep-cloning it, and building a path-parameter matcher (bath-es5) from the
// operation's template: 4-9% of an introspection or admin-list request (bench/FINDINGS.md "Operation pipeline"). This
// file runs the same steps in the same order with what the backend prepared at start-up: the
// operation table (precompiled-router.ts), the request validators openapi-backend compiled, the
// handlers and security handlers registered on it, and a path matcher built once per operation by
// the same library. It adds no rule of its own: operation-pipeline.test.ts sends requests for every
// operation of the spec through both this and openapi-backend's own handleRequest and requires the
// same handler, context and validation errors from each.
import { parse as parseCookies } from 'cookie';
import { bath } from 'bath-es5';
import type { Context, OpenAPIBackend, Operation, Request as BackendRequest } from 'openapi-backend';

type PreparedOperation = {
  operation: Operation;
  /** bath-es5's matcher for the template, as openapi-backend's parseRequest builds on every call. */
  pathParams: (path: string) => Record<string, string> | null;
  /** Query parameters whose schema is an array: one value is validated as a one-item array. */
  arrayQueryParams: ReadonlySet<string>;
  /** The security scheme names of every requirement, as openapi-backend flattens them. */
  schemes: readonly string[];
  /** Set when the operation's only request media type is JSON: a body left unparsed is then checked to parse. */
  onlyJsonBody: boolean;
};

type HandlerArgs = readonly unknown[];

/** The request as openapi-dispatch.ts builds it: the query already parsed (express), never a raw string. */
export type PipelineRequest = BackendRequest & { query: Record<string, string | string[]> };
type Handler = (context: Context, ...args: HandlerArgs) => unknown;

/**
 * What the pipeline replicates of openapi-backend: its options as createOpenApiDispatcher sets them
 * (strict, validate, coerceTypes) and no pre/post hooks. A spec or a registration using a feature
 * outside that set (cookie or header parameters, a query parameter with `content` or
 * `explode: false`, a hook) is refused at start-up rather than handled differently from the library.
 */
export function prepareOperationPipeline(api: OpenAPIBackend) {
  const hooks = [
    'preRoutingHandler',
    'postRoutingHandler',
    'postSecurityHandler',
    'preOperationHandler',
    'postResponseHandler',
  ];
  for (const hook of hooks) {
    if (api.handlers[hook]) throw new Error(`operation-pipeline.ts does not run openapi-backend's ${hook}`);
  }
  if (!api.strict || !api.validate || !api.validator.coerceTypes) {
    throw new Error('operation-pipeline.ts replicates openapi-backend with strict, validate and coerceTypes on');
  }

  const prepared = new Map<string, PreparedOperation>();
  for (const operation of api.router.getOperations()) {
    const parameters = (operation.parameters ?? []) as unknown as Array<Record<string, unknown>>;
    for (const parameter of parameters) {
      const unsupported =
        parameter.in === 'cookie' || parameter.in === 'header' || parameter.content || parameter.explode === false;
      if (unsupported) {
        throw new Error(
          `operation-pipeline.ts does not replicate parameter ${String(parameter.name)} of ${operation.operationId}`,
        );
      }
    }
    const arrayQueryParams = new Set(
      parameters
        .filter((p) => p.in === 'query' && (p.schema as { type?: unknown } | undefined)?.type === 'array')
        .map((p) => String(p.name)),
    );
    const content = (operation.requestBody as { content?: Record<string, unknown> } | undefined)?.content ?? {};
    const mediaTypes = Object.keys(content);
    prepared.set(operation.operationId!, {
      operation,
      pathParams: bath(operation.path).params,
      arrayQueryParams,
      schemes: (operation.security ?? []).flatMap((requirement) => Object.keys(requirement)),
      onlyJsonBody: mediaTypes.length === 1 && mediaTypes[0] === 'application/json',
    });
  }

  const handlerOf = (name: string) => api.handlers[name] as Handler | undefined;

  /** openapi-backend's handleRequest(request, ...args) for the options above; the same answer, one parse. */
  return async function handleRequest(request: PipelineRequest, ...args: HandlerArgs): Promise<unknown> {
    const context = { api } as Context;
    const normalized = api.router.normalizeRequest(request);
    const headers = request.headers as Record<string, string | string[] | undefined>;
    const cookies = cookiesOf(headers.cookie);
    const query = request.query;
    const requestBody = bodyOf(request.body);
    context.request = { ...normalized, params: {}, headers, query: copyOf(query), cookies, requestBody };

    let operation: Operation;
    try {
      operation = api.router.matchOperation(request, true);
    } catch (error) {
      const notFound = handlerOf('404') ?? handlerOf('notFound');
      const methodNotAllowed = handlerOf('405') ?? handlerOf('methodNotAllowed');
      const handler =
        error instanceof Error && error.message.startsWith('405') ? (methodNotAllowed ?? notFound) : notFound;
      if (!handler) throw error;
      return handler(context, ...args);
    }
    const prepared = preparedOf(operation);
    context.operation = operation;
    const params = prepared.pathParams(api.router.normalizePath(normalized.path)) ?? {};
    context.request = { ...context.request, params };

    // Security: every scheme's handler runs; a thrown or falsy result fails its requirements, and one
    // satisfied requirement authorizes (OpenAPI 3.0 Security Requirement Object).
    const results: Record<string, unknown> = {};
    await Promise.all(
      prepared.schemes.map(async (name) => {
        results[name] = undefined;
        const securityHandler = api.securityHandlers[name];
        if (!securityHandler) return;
        try {
          results[name] = await securityHandler(context, ...args);
        } catch (error) {
          results[name] = { error: error || new Error('security handler rejected') };
        }
      }),
    );
    const requirements = operation.security ?? [];
    const authorized = requirements.some((requirement) =>
      Object.keys(requirement).every((name) => {
        const result = results[name] as { error?: unknown } | undefined;
        return Boolean(result) && !(typeof result === 'object' && result.error);
      }),
    );
    context.security = { ...results, authorized };
    if (!authorized && requirements.length > 0) {
      const unauthorized = handlerOf('unauthorizedHandler');
      if (!unauthorized)
        throw new Error(`401-unauthorized: ${operation.operationId} request did not satisfy security requirements`);
      return unauthorized(context, ...args);
    }

    // Validation against the validators openapi-backend compiled, on a copy the coercion may change.
    const validatedQuery = copyOf(query);
    for (const name of prepared.arrayQueryParams) {
      if (typeof validatedQuery[name] === 'string') validatedQuery[name] = [validatedQuery[name]];
    }
    const errors = validationErrorsOf(api, prepared, request, {
      path: params,
      query: validatedQuery,
      header: headers,
      cookie: cookies,
      requestBody,
      contentType: headers['content-type'],
    });
    context.validation = { valid: errors === null, errors };
    if (errors) {
      const validationFail = handlerOf('400') ?? handlerOf('validationFail');
      if (!validationFail) throw new Error(`400-validationFail: ${operation.operationId} request failed validation`);
      return validationFail(context, ...args);
    }
    // The handler sees the coerced query (numbers, one-item arrays), as openapi-backend re-parses it.
    context.request = { ...context.request, query: validatedQuery };

    const operationHandler = handlerOf(operation.operationId!);
    if (!operationHandler) {
      const notImplemented = handlerOf('501') ?? handlerOf('notImplemented');
      if (!notImplemented) throw new Error(`501-notImplemented: ${operation.operationId} no handler registered`);
      return notImplemented(context, ...args);
    }
    return operationHandler(context, ...args);
  };

  function preparedOf(operation: Operation): PreparedOperation {
    const found = prepared.get(operation.operationId!);
    if (!found) throw new Error(`operation ${operation.operationId} was not prepared`);
    return found;
  }
}

type ValidatedParts = {
  path: Record<string, string>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  cookie: Record<string, string | undefined>;
  requestBody: unknown;
  contentType: string | string[] | undefined;
};

/** openapi-backend validation.js validateRequest, from the parts parsed once. */
function validationErrorsOf(
  api: OpenAPIBackend,
  prepared: PreparedOperation,
  request: BackendRequest,
  parts: ValidatedParts,
): NonNullable<Context['validation']['errors']> | null {
  const errors: NonNullable<Context['validation']['errors']> = [];
  if (typeof request.body !== 'object' && request.body !== undefined && prepared.onlyJsonBody) {
    try {
      JSON.parse(`${request.body as string}`);
    } catch (error) {
      errors.push({
        keyword: 'parse',
        instancePath: '',
        schemaPath: '#/requestBody',
        params: [],
        message: (error as Error).message,
      });
    }
  }
  const parameters: Record<string, unknown> = {
    path: parts.path,
    query: parts.query,
    header: parts.header,
    cookie: parts.cookie,
  };
  const contentType = String((Array.isArray(parts.contentType) ? parts.contentType[0] : parts.contentType) ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (typeof parts.requestBody === 'object' || contentType === 'application/json') {
    parameters.requestBody = parts.requestBody;
  }
  for (const validate of api.validator.getRequestValidatorsForOperation(prepared.operation.operationId!) ?? []) {
    validate(parameters);
    if (validate.errors) errors.push(...validate.errors);
  }
  return errors.length ? errors : null;
}

/** router.js parseRequest: a body that is not yet an object is parsed as JSON when it can be. */
function bodyOf(body: unknown): unknown {
  if (!body || typeof body === 'object') return body;
  try {
    return JSON.parse((body as { toString(): string }).toString()); // a string, number or boolean here
  } catch {
    return body; // validation reports it where the operation takes JSON only
  }
}

function cookiesOf(header: string | string[] | undefined): Record<string, string | undefined> {
  if (header === undefined) return {};
  return parseCookies(Array.isArray(header) ? header.join('; ') : header);
}

/** lodash's cloneDeep of a parsed query (express's simple parser: strings and arrays of strings). */
function copyOf(query: Record<string, string | string[]>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(query)) {
    const value = query[key];
    copy[key] = Array.isArray(value) ? [...value] : value;
  }
  return copy;
}
