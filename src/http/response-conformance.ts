// The one layer that checks responses against the spec (DESIGN habit 8), outside production only:
// every answer of a dispatched operation, whoever wrote it (a handler's result, a problem, an OAuth
// error, a refused input, a redirect), is checked as it leaves: its status is documented, its media
// type is one the status documents, and a JSON body matches that media type's schema. A breach is
// answered as a 500 naming it, so every suite that calls the service (contract tests, the fuzzer,
// dredd, the browser walks) fails on it; the fuzzer and the suites need no response checks of their own.
// Server errors (5xx) pass unchecked: each surface renders them in its own shape and every suite
// already fails on them.
import type { ServerResponse } from 'node:http';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Operation } from 'openapi-backend';

type MediaTypes = Record<string, { schema?: object } | undefined>;
type Responses = Record<string, { content?: MediaTypes } | undefined>;

/** What a breach says: the operation, the status and what does not match. */
export type Breach = string;

function createAjv(): Ajv {
  // As openapi-backend sets up its validators (openapi-backend.ts; Ajv reads OAS `nullable` itself), minus
  // coercion: a response is checked as sent. strict: false because OAS schemas carry `example` and `x-*`.
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats.default(ajv);
  ajv.addFormat('binary', true);
  return ajv;
}

const mediaTypeOf = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();
const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

/** The documented response of `status`: exact, then its class (`4XX`), then `default` (OAS 3.0 4.7.16). */
function documentedResponse(responses: Responses, status: number) {
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

export function createResponseConformance() {
  const ajv = createAjv();
  const validators = new Map<object, ValidateFunction>();
  const validatorOf = (schema: object) => {
    let validate = validators.get(schema);
    if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
    return validate;
  };

  /** The breach of one answer, or undefined when it keeps the spec. `body` is what is sent, whole. */
  function breachOf(
    operation: Operation,
    method: string,
    status: number,
    contentType: string | undefined,
    body: string | Buffer | undefined,
  ): Breach | undefined {
    if (status >= 500) return undefined;
    const name = `${operation.operationId ?? operation.path} (${status})`;
    const documented = documentedResponse((operation.responses ?? {}) as Responses, status);
    if (!documented) return `${name}: status not documented`;
    const content = documented.content ?? {};
    const length = body === undefined ? 0 : body.length;
    if (!Object.keys(content).length) {
      return length && method !== 'HEAD' ? `${name}: the spec documents no body, ${length} bytes sent` : undefined;
    }
    const mediaType = mediaTypeOf(contentType);
    const key = mediaType in content ? mediaType : '*/*' in content ? '*/*' : undefined;
    if (!key) return `${name}: ${mediaType || 'no Content-Type'} is not among ${Object.keys(content).join(', ')}`;
    const schema = content[key]?.schema;
    if (!schema || !isJson(mediaType) || method === 'HEAD' || body === undefined) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(body.toString());
    } catch {
      return `${name}: ${mediaType} body does not parse as JSON`;
    }
    const validate = validatorOf(schema);
    if (validate(value)) return undefined;
    const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`).join('; ');
    return `${name}: body breaks its schema: ${errors}`;
  }

  /**
   * Checks `res` as it ends: a breach found before the headers went out is answered as a 500 naming
   * it (and passed to `onBreach`); one found after (a streamed body) is only passed on.
   */
  function watch(res: ServerResponse, method: string, operation: Operation, onBreach: (breach: Breach) => void): void {
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      res.end = end as typeof res.end;
      const chunk = typeof args[0] === 'string' || Buffer.isBuffer(args[0]) ? args[0] : undefined;
      const streamed = res.headersSent;
      const contentType = res.getHeader('content-type');
      const breach = breachOf(
        operation,
        method,
        res.statusCode,
        typeof contentType === 'string' ? contentType : undefined,
        streamed ? undefined : chunk,
      );
      if (!breach) return end(...args);
      onBreach(breach);
      if (streamed) return end(...args);
      return end.call(res, ...breachAnswer(res, breach));
    }) as typeof res.end;
  }

  return { breachOf, watch };
}

/** The 500 that replaces a breaching answer: a problem (RFC 9457) whose detail names the breach. */
function breachAnswer(res: ServerResponse, breach: Breach): [string] {
  for (const header of res.getHeaderNames()) res.removeHeader(header);
  const body = JSON.stringify({
    type: 'about:blank',
    title: 'Internal Server Error',
    status: 500,
    detail: `The response breaks the spec: ${breach}`,
  });
  res.statusCode = 500;
  res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  return [body];
}
