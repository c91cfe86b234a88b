// The engine of the hostile-input fuzz suites: fast-check draws
// requests from a fixed seed, they are sent over raw HTTP (so malformed encodings, repeated
// parameters and odd headers reach the server as written), and every answer is checked by the
// suite's own rules plus the common ones: no 5xx, an answer within the deadline, and nothing of the
// server's internals (stack frames, source paths, SQL or driver messages) in any body or header.
// Findings are gathered, not thrown, so one run lists every distinct problem with an example.
//
//   HOSTILE_FUZZ_RUNS     requests per endpoint (default 200; in CI 100 per pass, so its two passes
//                         send 200 distinct ones, support/fuzz-share.ts; the nightly-size run is 10000)
//   HOSTILE_FUZZ_SEED     fast-check seed (default 9 on the embedded database, 10 on PostgreSQL);
//                         each endpoint derives its own from it
//   HOSTILE_FUZZ_VERBOSE  set to print each endpoint's figures (requests, statuses, known bugs)
import http from 'node:http';
import https from 'node:https';
import fc from 'fast-check';
import { databaseLabel, writeResults, type Figure } from '../reliability/results.ts';
import { passRuns, passSeed } from '../support/fuzz-share.ts';

export const SEED = passSeed(process.env.HOSTILE_FUZZ_SEED, 9);
export const RUNS = passRuns(process.env.HOSTILE_FUZZ_RUNS, 200, 200);
/** Requests in flight per endpoint: enough to finish quickly, few enough for a 2-core machine. */
const CONCURRENCY = 4;
const TIMEOUT_MS = 15_000;
/** Cases are drawn in chunks, so a 10,000-run never holds every generated body at once. */
const CHUNK = 100;

/** A per-endpoint seed: one endpoint's findings replay alone with the same HOSTILE_FUZZ_SEED. */
export function seedOf(name: string): number {
  let hash = SEED | 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

export type WireRequest = {
  method: string;
  /** Path and query exactly as they go on the request line (already percent-encoded). */
  target: string;
  /** Undefined values are not sent. */
  headers?: Record<string, string | string[] | undefined>;
  body?: string | Buffer;
  /** Source address on loopback (127.0.0.x), for per-address limits. */
  from?: string;
};
export type WireResponse = { status: number; headers: http.IncomingHttpHeaders; text: string };

const agents = new Map<string, http.Agent>();
function agentFor(secure: boolean): http.Agent {
  const key = secure ? 'https' : 'http';
  if (!agents.has(key))
    agents.set(
      key,
      secure
        ? new https.Agent({ keepAlive: true, maxSockets: 16 })
        : new http.Agent({ keepAlive: true, maxSockets: 16 }),
    );
  return agents.get(key)!;
}

/**
 * A header value as bytes on the wire: UTF-8 sent as Latin-1 characters (what a hostile client can
 * put there), with the control characters HTTP/1.1 cannot carry (RFC 9110 5.5) replaced by spaces.
 */
function headerBytes(value: string): string {
  return (
    Buffer.from(value, 'utf8')
      .toString('latin1')
      // eslint-disable-next-line no-control-regex -- these control characters are what a header cannot carry
      .replace(/[\x00-\x08\x0a-\x1f\x7f]/g, ' ')
  );
}

/** Sends one request to a school's origin (its Host header), resolving whatever the status. */
export function send(origin: string, request: WireRequest): Promise<WireResponse> {
  const url = new URL(origin);
  const secure = url.protocol === 'https:';
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  const body =
    request.body === undefined
      ? undefined
      : Buffer.isBuffer(request.body)
        ? request.body
        : Buffer.from(request.body, 'utf8');
  const headers: Record<string, string | string[]> = { host: url.host };
  for (const [name, value] of Object.entries(request.headers ?? {}))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.map(headerBytes) : headerBytes(value);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length'))
    headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(
      {
        host: loopback ? '127.0.0.1' : url.hostname,
        port: url.port || (secure ? 443 : 80),
        method: request.method,
        path: request.target,
        headers,
        agent: agentFor(secure),
        ...(request.from && loopback ? { localAddress: request.from } : {}),
        timeout: TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

// ---------------------------------------------------------------------------------------------
// Encoding: values are percent-encoded byte by byte (lone surrogates become U+FFFD, as UTF-8
// cannot carry them), except `Raw` fragments, which go on the wire as written (%zz, %C3%28, ...).

export type Raw = { raw: string };
export type Value = string | Raw;
const UNRESERVED = /[A-Za-z0-9\-._~]/;

export function pct(value: Value): string {
  if (typeof value !== 'string') return value.raw;
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += byte < 0x80 && UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** `a=1&b=2` from pairs; a name may repeat (RFC 6749 3.1 forbids it; the server must say so). */
export function encodePairs(pairs: ReadonlyArray<readonly [Value, Value | undefined]>): string {
  return pairs.map(([name, value]) => (value === undefined ? pct(name) : `${pct(name)}=${pct(value)}`)).join('&');
}

/** Shown in findings: the bytes of a request, clipped. */
export function describe(request: WireRequest): string {
  const body = request.body === undefined ? '' : ` body ${clip(String(request.body), 300)}`;
  const headers = Object.entries(request.headers ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${clip(String(v), 80)}`)
    .join('; ');
  return `${request.method} ${clip(request.target, 300)}${headers ? ` [${headers}]` : ''}${body}${request.from ? ` (from ${request.from})` : ''}`;
}

export function clip(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

// ---------------------------------------------------------------------------------------------
// Arbitraries of hostile text.

/** Values that have broken parsers, encoders, databases and templates before. */
export const NASTY: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '%',
  '\uD800',
  '\uDFFF',
  '\uFFFF',
  '\uFEFF',
  '\u202Egnp.exe',
  '🙂',
  'ǅ',
  'ﷺ',
  "'",
  '"',
  '\\',
  '`',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '<%= 7*7 %>',
  "' OR '1'='1",
  "'; DROP TABLE oauth_clients; --",
  '1; SELECT pg_sleep(10)',
  '../../../../etc/passwd',
  '..\\..\\windows',
  'null',
  'undefined',
  'NaN',
  'true',
  '0',
  '-1',
  '1e309',
  '99999999999999999999999999999999',
  '0x7fffffff',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '[object Object]',
  '\r\nSet-Cookie: injected=1',
  '\r\n\r\n<html>',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  'file:///etc/passwd',
  'http://127.0.0.1:1/',
  'http://169.254.169.254/latest/meta-data/',
  'https://evil.example/',
  '//evil.example',
  'a'.repeat(4096),
  'é'.repeat(3000),
  'sca_',
  'scr_',
  'scc_',
  'scs_',
  `sca_${'A'.repeat(43)}`,
  `scr_${'A'.repeat(43)}`,
  `scc_${'A'.repeat(43)}`,
];

/** Percent-encodings that do not decode: invalid escapes and invalid UTF-8. */
export const BROKEN_ENCODINGS: readonly Raw[] = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%C3%28',
  '%FF%FE',
  '%ED%A0%80',
  '%C0%AF',
  '%00',
  '%25%00',
  '+%2B+',
  '%F4%90%80%80',
].map((raw) => ({ raw }));

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 300, maxLength: 3000 }) },
);

/** A parameter value: mostly what the caller considers plausible, sometimes hostile or broken. */
export function valueOf(plausible: fc.Arbitrary<string>): fc.Arbitrary<Value> {
  return fc.oneof(
    { weight: 5, arbitrary: plausible },
    { weight: 3, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.constantFrom<Value>(...BROKEN_ENCODINGS) },
  );
}

/**
 * Parameters drawn from a table of name → plausible values: each one present, absent, repeated
 * (RFC 6749 3.1) or sent without a value, plus now and then a parameter of a hostile name.
 */
export function paramsOf(
  table: Record<string, fc.Arbitrary<string>>,
): fc.Arbitrary<Array<readonly [Value, Value | undefined]>> {
  const one = (name: string, plausible: fc.Arbitrary<string>) =>
    fc.oneof(
      { weight: 6, arbitrary: valueOf(plausible).map((v) => [[name, v] as const]) },
      { weight: 2, arbitrary: fc.constant([]) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(valueOf(plausible), valueOf(plausible))
          .map(([a, b]) => [[name, a] as const, [name, b] as const]),
      },
      { weight: 1, arbitrary: fc.constant([[name, undefined] as const]) },
    );
  const extra = sometimes(
    fc.tuple(
      fc.oneof(fc.constantFrom<Value>('__proto__', 'constructor', 'a[b]', 'a[]', '', 'toString'), hostileText),
      valueOf(hostileText),
    ),
    1 / 6,
  );
  return fc
    .tuple(fc.tuple(...Object.entries(table).map(([name, plausible]) => one(name, plausible))), extra, fc.boolean())
    .map(([known, more, shuffle]) => {
      const pairs: Array<readonly [Value, Value | undefined]> = [...known.flat(), ...(more ? [more] : [])];
      return shuffle ? pairs.reverse() : pairs;
    });
}

/** The value with the given probability, else null (fc.option's freq counts the other way round). */
export function sometimes<T>(arbitrary: fc.Arbitrary<T>, probability: number): fc.Arbitrary<T | null> {
  return fc.oneof(
    { weight: Math.round((1 - probability) * 100), arbitrary: fc.constant(null) },
    { weight: Math.round(probability * 100), arbitrary },
  );
}

/**
 * A valid request, then broken in a few places: each parameter kept (mostly), replaced by a
 * plausible or hostile value, dropped, repeated or emptied, so that most cases get past the first
 * checks and reach the deeper ones.
 */
export function mutationsOf(
  bases: fc.Arbitrary<Record<string, string | undefined>>,
  table: Record<string, fc.Arbitrary<string>>,
): fc.Arbitrary<Array<readonly [Value, Value | undefined]>> {
  return bases.chain((base) => {
    const names = [...new Set([...Object.keys(base), ...Object.keys(table)])];
    const one = (name: string) => {
      const plausible = table[name] ?? fc.constant(base[name] ?? '');
      const kept =
        base[name] !== undefined
          ? [{ weight: 24, arbitrary: fc.constant([[name, base[name]] as const]) }]
          : [{ weight: 24, arbitrary: fc.constant([]) }];
      return fc.oneof(
        ...kept,
        { weight: 3, arbitrary: valueOf(plausible).map((v) => [[name, v] as const]) },
        { weight: 1, arbitrary: fc.constant([]) },
        {
          weight: 1,
          arbitrary: valueOf(plausible).map((v) => [[name, base[name] ?? ''] as const, [name, v] as const]),
        },
        { weight: 1, arbitrary: fc.constant([[name, ''] as const]) },
      );
    };
    const extra = sometimes(
      fc.tuple(
        fc.oneof(fc.constantFrom<Value>('__proto__', 'constructor', 'a[b]', ''), hostileText),
        valueOf(hostileText),
      ),
      1 / 8,
    );
    return fc
      .tuple(fc.tuple(...names.map(one)), extra)
      .map(([known, more]) => [...known.flat(), ...(more ? [more] : [])] as Array<readonly [Value, Value | undefined]>);
  });
}

// ---------------------------------------------------------------------------------------------
// Checks every answer must pass.

/** Stack frames, dependency and source paths, SQL and driver messages, JS error names. */
const LEAKS: readonly RegExp[] = [
  /(?:^|\\n|\n)\s*at (?:async )?(?:\S+ \((?:[^()\s]+:\d+:\d+|native|<anonymous>)\)|[^()\s]+:\d+:\d+)/,
  /node_modules/,
  /node:internal/,
  /syntax error at or near/i,
  /\bviolates\b.*constraint/i,
  /duplicate key value|invalid input syntax for|invalid byte sequence for encoding|value too long for type|out of range for type|relation "[^"]*" does not exist|column "[^"]*" (?:of relation|does not exist)|unterminated quoted string/i,
  /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|AggregateError): /,
  /Cannot read propert(?:y|ies) of (?:undefined|null)|is not a function|Maximum call stack size exceeded/,
  /file:\/\/\/|(?:^|[\s"'(])\/(?:work|home|root|usr|tmp|opt|srv|app)\/[\w.-]+|\b[\w-]+\.(?:ts|js|mjs|cjs):\d+/,
  /\bkysely\b|\bpglite\b|\bpg-protocol\b|\bECONNREFUSED\b/i,
];

/** Percent-decodes every run of escapes that decodes, leaving broken ones (%zz, lone %C3) as sent. */
function lenientDecode(text: string): string {
  return text.replace(/\+/g, ' ').replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** What a request sent, decoded as the server reads it: an echo of it in an answer is no leak. */
export function sentText(request: WireRequest): string {
  const body = request.body === undefined ? '' : String(request.body);
  return `${request.target}\n${lenientDecode(request.target)}\n${body}\n${lenientDecode(body)}\n${JSON.stringify(request.headers ?? {})}`;
}

/** What in an answer reveals the server's internals (an echo of the request itself does not count). */
export function leaksOf(request: WireRequest, response: WireResponse): string[] {
  const sent = sentText(request);
  const exposed = `${response.text}\n${Object.entries(response.headers)
    .filter(([name]) => name !== 'set-cookie')
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join('\n')}`;
  return LEAKS.map((pattern) => exposed.match(pattern)?.[0]).filter(
    (m): m is string => m !== undefined && !sent.includes(m.trim()),
  );
}

export function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function mediaType(response: WireResponse): string {
  return String(response.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// The runner.

export type Finding = { problem: string; count: number; example: string };
export type FuzzReport = {
  name: string;
  sent: number;
  statuses: Record<number, number>;
  findings: Finding[];
  knownBugs: Record<string, number>;
};

export type FuzzSpec<C> = {
  /** The endpoint's name; its seed derives from it. */
  name: string;
  origin: string;
  cases: fc.Arbitrary<C>;
  request: (c: C) => WireRequest;
  /** The endpoint's own rules: a list of problems (empty when the answer is right). */
  check: (c: C, request: WireRequest, response: WireResponse) => string[];
  /**
   * For an open bug the fuzz found and that is not fixed yet: the bug a problem is an instance of.
   * Such findings are counted and reported, not failed, so anything else still fails the run; the
   * bug itself gets a deterministic test of its own, marked it.fails and naming it.
   */
  knownBug?: (problem: string, request: WireRequest, response: WireResponse | undefined) => string | undefined;
  runs?: number;
};

/** Problems are grouped by their text up to the first digit or quote, so one bug is one finding. */
const kindOf = (problem: string) => problem.replace(/["'`(\d].*$/s, '').trim() || problem.slice(0, 60);

export async function fuzz<C>(spec: FuzzSpec<C>): Promise<FuzzReport> {
  const runs = spec.runs ?? RUNS;
  const report: FuzzReport = { name: spec.name, sent: 0, statuses: {}, findings: [], knownBugs: {} };
  const byKind = new Map<string, Finding>();
  const record = (problem: string, request: WireRequest, response: WireResponse | undefined) => {
    const bug = spec.knownBug?.(problem, request, response);
    if (bug) {
      report.knownBugs[bug] = (report.knownBugs[bug] ?? 0) + 1;
      return;
    }
    const kind = kindOf(problem);
    const seen = byKind.get(kind);
    if (seen) seen.count += 1;
    else
      byKind.set(kind, {
        problem,
        count: 1,
        example: `${describe(request)}\n    → ${response ? `${response.status} ${clip(response.text, 400)}` : 'no answer'}`,
      });
  };

  const seed = seedOf(spec.name);
  for (let start = 0; start < runs; start += CHUNK) {
    const cases = fc.sample(spec.cases, { seed: seed + start, numRuns: Math.min(CHUNK, runs - start) });
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const c = cases[next++]!;
        const request = spec.request(c);
        let response: WireResponse;
        try {
          response = await send(spec.origin, request);
        } catch (error) {
          record(`no_response: ${(error as Error).message}`, request, undefined);
          continue;
        } finally {
          report.sent += 1;
        }
        report.statuses[response.status] = (report.statuses[response.status] ?? 0) + 1;
        const problems = [
          ...(response.status >= 500 ? [`server_error: ${response.status}`] : []),
          ...leaksOf(request, response).map((m) => `leak: ${JSON.stringify(clip(m, 80))}`),
          ...spec.check(c, request, response),
        ];
        for (const problem of problems) record(problem, request, response);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }
  report.findings = [...byKind.values()];
  reports.push(report);
  return report;
}

/** This file's reports (vitest gives each test file its own module instance). */
const reports: FuzzReport[] = [];

/**
 * Writes the figures of this file's fuzzing into contract-tests/reports/RESULTS.md (figures
 * written by the run itself), one section per file and database: requests sent, answers by
 * status, 5xx and findings (both must be 0).
 */
export async function writeFuzzResults(key: string, title: string): Promise<void> {
  if (reports.length === 0) return;
  const figures: Figure[] = reports.map((r) => {
    const fivexx = Object.entries(r.statuses)
      .filter(([status]) => Number(status) >= 500)
      .reduce((sum, [, n]) => sum + n, 0);
    const statuses = Object.entries(r.statuses)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    const known = Object.entries(r.knownBugs)
      .map(([bug, n]) => `, known bug ${bug}: ${n}`)
      .join('');
    return [
      r.name,
      `${r.sent} requests`,
      `${statuses}; 5xx ${fivexx}, findings ${r.findings.length} (must be 0, 0)${known}`,
    ];
  });
  const total = reports.reduce((sum, r) => sum + r.sent, 0);
  await writeResults(
    `hostile-fuzz-${key}-${databaseLabel().toLowerCase()}`,
    `Hostile-input fuzzing: ${title} (${databaseLabel()})`,
    [...figures, ['all endpoints', `${total} requests`, `HOSTILE_FUZZ_SEED=${SEED}, HOSTILE_FUZZ_RUNS=${RUNS}`]],
  );
}

/** The assertion message of a fuzz test: every distinct finding with one example. */
export function explain(report: FuzzReport): string {
  const known = Object.entries(report.knownBugs).map(([bug, n]) => `${bug} ×${n}`);
  return [
    `${report.name}: ${report.sent} requests (seed ${seedOf(report.name)} from HOSTILE_FUZZ_SEED=${SEED}, HOSTILE_FUZZ_RUNS=${RUNS}), statuses ${JSON.stringify(report.statuses)}${known.length ? `, known bugs ${known.join(', ')}` : ''}`,
    ...report.findings.map((f) => `  ${f.problem} (×${f.count})\n    ${f.example}`),
  ].join('\n');
}
