// What every response of the fuzz run must satisfy, in the manner of schemathesis' checks:
// not_a_server_error, negative_data_rejection (in the documented error shape), and no internals
// leaked. Status, media type and schema conformance are the server's own check outside production
// (src/http/response-conformance.ts): a breach comes back as a 500 naming it, reported here as a
// server_error. Each check returns findings instead of throwing, so one run lists them all.
import { errorSurface, type FuzzOperation } from './spec.ts';
import type { WireRequest } from './requests.ts';
import { describeErrors, schemaErrors } from './validator.ts';

export const CHECKS = [
  'server_error',
  'unusable_cursor',
  'invalid_accepted',
  'error_shape',
  'leak',
  'no_response',
] as const;
export type CheckName = (typeof CHECKS)[number];
export type Finding = { check: CheckName; detail: string };
export type WireResponse = { status: number; contentType: string; text: string };

/** Stack frames, dependency paths, driver and SQL messages, source paths: none belongs in a body. */
const LEAKS: readonly RegExp[] = [
  // A stack frame, on its own line or after a JSON-escaped newline: `at fn (file:1:2)`, `at file:1:2`.
  /(?:^|\\n)\s*at (?:async )?(?:\S+ \((?:[^()\s]+:\d+:\d+|native|<anonymous>)\)|[^()\s]+:\d+:\d+)/m,
  /node_modules/,
  /syntax error at or near/i,
  /\bviolates\b/i,
  /duplicate key value|invalid input syntax for|invalid byte sequence for encoding|value too long for type|out of range for type|relation "[^"]*" does not exist|column "[^"]*" (?:of relation|does not exist)/i,
  /\b(?:TypeError|ReferenceError|RangeError|SyntaxError): |Cannot read propert(?:y|ies) of (?:undefined|null)/,
  /file:\/\/\/|(?:^|[\s"'(])\/(?:work|home|root|usr|tmp|opt|srv|app)\/[\w.-]+|\b[\w-]+\.(?:ts|js|mjs|cjs):\d+/m,
];

const mediaType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();
const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** RFC 9457 for admin and catalog operations, RFC 6749 5.2 for the OAuth JSON endpoints. */
function errorShape(
  op: FuzzOperation,
  request: WireRequest,
  response: WireResponse,
  body: unknown,
  location: string | undefined,
): Finding[] {
  const surface = errorSurface(op);
  if (surface === 'page') return [];
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const wrong = (detail: string): Finding[] => [{ check: 'error_shape', detail }];
  if (surface === 'oauth') {
    if (typeof b.error !== 'string') return wrong('an OAuth error body needs `error` (RFC 6749 5.2)');
    if (!request.valid && typeof b.error_description !== 'string')
      return wrong('invalid input needs an `error_description` naming the field');
    return [];
  }
  if (typeof b.type !== 'string' || typeof b.title !== 'string' || b.status !== response.status)
    return wrong('a problem needs string `type` and `title` and `status` equal to the HTTP status (RFC 9457 3.1)');
  if (response.status !== 400) return [];
  const errors = b.errors;
  if (!Array.isArray(errors) || !errors.length) return wrong('a 400 problem needs a non-empty `errors[]`');
  const fields = errors as Array<Record<string, unknown>>;
  if (
    !fields.every(
      (e) =>
        typeof e.pointer === 'string' &&
        /^\/(?:body|query|path|header)(?:\/|$)/.test(e.pointer) &&
        typeof e.detail === 'string',
    )
  ) {
    return wrong('every `errors[]` entry needs a `pointer` into /body, /query, /path or /header and a `detail`');
  }
  if (location && !fields.some((e) => (e.pointer as string).startsWith(`/${location}`)))
    return wrong(`no \`errors[].pointer\` names the broken ${location}`);
  return [];
}

function leaks(request: WireRequest, response: WireResponse): Finding[] {
  // What the request itself sent may come back (a title, a rejected value); that is no leak.
  const sent = `${decodeURIComponent(request.url.replace(/\+/g, ' '))}\n${request.body ?? ''}`;
  const found = LEAKS.map((pattern) => response.text.match(pattern)?.[0]).filter(
    (m): m is string => m !== undefined && !sent.includes(m.trim()),
  );
  return found.length
    ? [
        {
          check: 'leak',
          detail: `body reveals internals: ${found.map((m) => JSON.stringify(m.trim().slice(0, 80))).join(', ')}`,
        },
      ]
    : [];
}

/** A `next_cursor` the API hands out must be one its own `cursor` parameter accepts. */
function cursorRoundTrip(op: FuzzOperation, json: { ok: true; value: unknown } | { ok: false } | undefined): Finding[] {
  const param = op.params.find((p) => p.in === 'query' && p.name === 'cursor');
  const next = json?.ok ? (json.value as { next_cursor?: unknown } | null)?.next_cursor : undefined;
  if (!param || typeof next !== 'string') return [];
  const errors = schemaErrors(param.schema, next);
  return errors.length
    ? [
        {
          check: 'unusable_cursor',
          detail: `next_cursor (${next.length} chars) breaks the cursor parameter's own schema: ${describeErrors(errors)}`,
        },
      ]
    : [];
}

/** The status, and the problem's own detail where there is one (a breach of the spec names itself there). */
function serverErrorDetail(response: WireResponse, json: { ok: true; value: unknown } | { ok: false } | undefined) {
  const detail = json?.ok ? (json.value as { detail?: unknown } | null)?.detail : undefined;
  return typeof detail === 'string' ? `${response.status}: ${detail.slice(0, 300)}` : `${response.status}`;
}

/** Every finding for one exchange; `location` is where the case broke its request, if it did. */
export function checkExchange(
  op: FuzzOperation,
  request: WireRequest,
  response: WireResponse,
  location: string | undefined,
): Finding[] {
  const type = mediaType(response.contentType);
  const json = isJson(type) && response.text.length ? parseJson(response.text) : undefined;
  const findings: Finding[] = [];
  if (response.status >= 500) findings.push({ check: 'server_error', detail: serverErrorDetail(response, json) });
  if (response.status < 300) findings.push(...cursorRoundTrip(op, json));
  if (!request.valid && response.status < 400)
    findings.push({
      check: 'invalid_accepted',
      detail: `schema-invalid request (${request.problems}) answered ${response.status}`,
    });
  if (response.status >= 400 && response.status < 500 && (json?.ok || errorSurface(op) !== 'page')) {
    findings.push(
      ...errorShape(op, request, response, json?.ok ? json.value : undefined, request.valid ? undefined : location),
    );
  }
  findings.push(...leaks(request, response));
  return findings;
}
