// Structured JSON logs (pino) with a request id on every line, and never a secret: credentials
// travel in headers and bodies, which are not logged; the few query parameters that may carry one
// are masked before the URL is written, and every prefixed secret (one-time links' paths, say) in
// any line as it is written.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { PREFIXED_SECRET } from '../lib/secrets.ts';
import { clientIdOf, factsOf } from './request-facts.ts';

/** Query parameters that may carry a credential or a value that binds one (state, nonce). */
const SECRET_PARAMETERS = new Set([
  'code',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'id_token_hint',
  'client_secret',
  'client_assertion',
  'password',
  'code_verifier',
  'state',
  'nonce',
  'csrf_token',
]);
const MASKED = '[masked]';
/** How deep a URL nested in a parameter is followed (return_to holds a whole authorization request). */
const MAX_NESTING = 3;

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * Masks `name=value` pairs of a query (or fragment) string: a secret's value is replaced, and any
 * other value is searched for a query of its own (`return_to=/oauth/authorize?...&state=…`).
 */
function maskPairs(pairs: string, depth: number): string {
  return pairs
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      return SECRET_PARAMETERS.has(decode(name).trim().toLowerCase())
        ? `${name}=${MASKED}`
        : `${name}=${maskValue(pair.slice(eq + 1), depth)}`;
    })
    .join('&');
}

/** A parameter's raw value, masked where it nests a query, percent-encoded once or more. */
function maskValue(raw: string, depth: number): string {
  if (depth >= MAX_NESTING) return raw;
  const value = decode(raw);
  let masked = value;
  if (value.includes('=')) masked = /[?#]/.test(value) ? maskUrlAt(value, depth + 1) : maskPairs(value, depth + 1);
  else if (value !== raw && value.includes('%')) masked = maskValue(value, depth + 1);
  return masked === value ? raw : encodeURIComponent(masked);
}

function maskUrlAt(url: string, depth: number): string {
  const start = url.search(/[?#]/);
  if (start < 0) return url;
  // The query and the fragment (where an implicit-style redirect would carry a token) alike.
  return (
    url.slice(0, start + 1) +
    url
      .slice(start + 1)
      .split('#')
      .map((part) => maskPairs(part, depth))
      .join('#')
  );
}

/** The URL to log: every secret parameter masked, also inside URLs nested in other parameters. */
export function maskUrl(url: string): string {
  return maskUrlAt(url, 0);
}

/**
 * docs/operations.md "Reading the logs": every value minted with a secret prefix (lib/secrets.ts TOKEN_PREFIX) keeps
 * only its prefix, wherever it stands in a line (a one-time link's path, an error message), so a new link
 * family is covered by declaring its prefix there.
 */
export function maskPrefixedSecrets(line: string): string {
  return line.replace(PREFIXED_SECRET, `$1_${MASKED}`);
}

/** `destination` defaults to stdout; tests pass their own. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    // Applied to each serialized line as it is written: the one rule for prefixed secrets.
    hooks: { streamWrite: maskPrefixedSecrets },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.client_secret',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Reuse a caller's request id when it is a sane token, so traces join across services; else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * A child logger made when it is first used. pino-http makes one (or two) per request, serializing
 * and redacting the request into its bindings at once: about a twentieth of a request's CPU on the
 * hot API paths (bench/FINDINGS.md "Lazy request loggers"), for a logger that a request
 * answered well at LOG_LEVEL=warn never uses. A child of a child not yet made is deferred too.
 */
function lazyChild(parent: () => Logger, bindings: pino.Bindings): Logger {
  let made: Logger | undefined;
  const real = () => (made ??= parent().child(bindings));
  return new Proxy({} as Logger, {
    get(_target, property) {
      if (property === 'child' && made === undefined)
        return (childBindings: pino.Bindings, options?: pino.ChildLoggerOptions) =>
          options ? real().child(childBindings, options) : lazyChild(real, childBindings);
      const value: unknown = Reflect.get(real(), property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(real()) : value;
    },
    set: (_target, property, value) => Reflect.set(real(), property, value),
    has: (_target, property) => Reflect.has(real(), property),
  });
}

/** The service's logger as pino-http sees it: the same, but its per-request children are made lazily. */
function withLazyChildren(logger: Logger): Logger {
  return new Proxy(logger, {
    get(target, property, receiver) {
      if (property === 'child')
        // pino-http makes one child with its serializers when it is set up, and the requests' children of that one.
        return (bindings: pino.Bindings, options?: pino.ChildLoggerOptions) =>
          options ? withLazyChildren(target.child(bindings, options)) : lazyChild(() => target, bindings);
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

export function createHttpLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger: withLazyChildren(logger),
    // Reuse a caller's request id when it is a sane token, so traces join across services.
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = requestIdOf(req);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    serializers: {
      req: (req: { id: string; method: string; url: string; headers: Record<string, string> }) => ({
        id: req.id,
        method: req.method,
        url: maskUrl(req.url),
        host: req.headers.host,
        userAgent: req.headers['user-agent'],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    // A line below LOG_LEVEL is 'silent', so pino-http skips building it (its fields, a child
    // logger) rather than building it for pino to drop: at LOG_LEVEL=warn that was most of its cost
    // on a 200 (bench/FINDINGS.md "Lazy request loggers").
    customLogLevel: (req, res, error) => {
      const level = levelOf(res.statusCode, error, req.headers.authorization !== undefined);
      return logger.isLevelEnabled(level) ? level : 'silent';
    },
    // Read when the response finishes, after every surface noted what it learned (request-facts.ts).
    customProps: (req) => requestFields(req),
  });
}

/**
 * docs/operations.md "Reading the logs": the level follows the outcome, as pino-http's customLogLevel
 * example does, except that the 4xx answers a healthy service gives all day are `info`: a 404, and
 * a 401 to a request that sent no credentials (the RFC 6750 3 / RFC 9728 challenge that starts
 * every OAuth client's discovery). Every other 4xx (a wrong token or secret, a refused input, a
 * rate limit) is `warn`; a 5xx or an error is `error`.
 */
export function levelOf(status: number, error: unknown, sentCredentials: boolean): 'info' | 'warn' | 'error' {
  if (error || status >= 500) return 'error';
  if (status === 404 || (status === 401 && !sentCredentials)) return 'info';
  return status >= 400 ? 'warn' : 'info';
}

/** The request line's school, client, operation and person (snake_case, absent when unknown). */
export function requestFields(req: IncomingMessage): Record<string, string> {
  const f = factsOf(req);
  const fields: Record<string, string | undefined> = {
    school: f.school,
    school_id: f.schoolId,
    client_id: clientIdOf(req),
    operation: f.operation,
    graphql_operation: f.graphqlOperation,
    mcp_method: f.mcpMethod,
    mcp_tool: f.mcpTool,
    person_id: f.personId,
  };
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
