// Fuzzes one operation: fast-check draws cases (valid and invalid, from a per-operation seed), each
// is sent and checked, and findings are gathered, deduplicated, rather than thrown, so a run
// reports every distinct problem of an operation and not only the first (no shrinking: a
// finding's example already shows the exact request).
import fc from 'fast-check';
import { checkExchange, type Finding, type WireResponse } from './checks.ts';
import { harvest, harvestCursor } from './id-pool.ts';
import {
  invalidCase,
  breaksPolicy,
  toWire,
  validCase,
  type FuzzCase,
  type Policy,
  type WireRequest,
} from './requests.ts';
import type { FuzzOperation } from './spec.ts';

/**
 * `knownBug`: the id of the open bug a finding is an instance of, if any (see known-bugs.ts).
 * `withhold`: requests not sent at all, because the open bug they trigger takes the whole server down.
 */
export type RunOptions = {
  origin: string;
  token: string | undefined;
  seed: number;
  runs: number;
  budgetMs: number;
  policy: Policy;
  knownBug?: (finding: Finding, request: WireRequest, response: WireResponse | undefined) => string | undefined;
  withhold?: ((request: WireRequest) => boolean) | undefined;
};
export type Example = Finding & { count: number; request: string; response: string; knownBug: string | undefined };
/**
 * `validRejected`: schema-valid requests answered 400 (not a failure: handlers may refuse more
 * than the schema says). `notes`: anything else worth a line in the report.
 */
export type RunResult = {
  sent: number;
  valid: number;
  invalid: number;
  validRejected: number;
  rejectedExamples: string[];
  withheld: number;
  interrupted: boolean;
  statuses: Record<number, number>;
  findings: Example[];
  notes?: string[];
};

/** A request that gets no answer in this time is a finding, not a hung suite. */
const REQUEST_TIMEOUT_MS = 15_000;
const SHOWN = 400;

const clip = (text: string) => (text.length > SHOWN ? `${text.slice(0, SHOWN)}… (${text.length} chars)` : text);

/** A stable per-operation seed, so that one operation's failure replays alone with the same FUZZ_SEED. */
export function seedOf(seed: number, operationId: string): number {
  let hash = seed | 0;
  for (const char of operationId) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

function describeRequest(request: WireRequest, origin: string, c: FuzzCase): string {
  const intent = c.mutation
    ? `invalid ${c.mutation.location}${c.mutation.pointer}: ${c.mutation.what}`
    : 'valid by intent';
  const verdict = request.valid ? 'oracle: valid' : `oracle: invalid (${clip(request.problems)})`;
  const body = request.body === undefined ? '' : ` body ${clip(request.body)}`;
  return `${request.method} ${clip(request.url.slice(origin.length))}${body} [${intent}; ${verdict}]`;
}

async function send(request: WireRequest): Promise<WireResponse> {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

/**
 * Valid and invalid cases, half and half. Once `maxWrites` changes succeeded, only invalid cases
 * follow (decided per run, as fast-check draws lazily), so that one run does not flood the school
 * the other suites read at the same time.
 */
function caseArbitrary(op: FuzzOperation, policy: Policy, writes: () => number): fc.Arbitrary<FuzzCase> {
  const invalid = invalidCase(op, policy);
  if (!policy.validBodies) {
    if (!invalid) throw new Error(`${op.id} may only receive invalid input, and none can be made`);
    return invalid.filter((c) => !breaksPolicy(c, policy));
  }
  const valid = validCase(op, policy);
  const capped =
    invalid && policy.maxWrites !== undefined
      ? fc.constant(0).chain(() => (writes() >= policy.maxWrites! ? invalid : valid))
      : valid;
  return (invalid ? fc.oneof(capped, invalid) : valid).filter((c) => !breaksPolicy(c, policy));
}

export async function fuzzOperation(op: FuzzOperation, options: RunOptions): Promise<RunResult> {
  const result: RunResult = {
    sent: 0,
    valid: 0,
    invalid: 0,
    validRejected: 0,
    rejectedExamples: [],
    withheld: 0,
    interrupted: false,
    statuses: {},
    findings: [],
  };
  const byKey = new Map<string, Example>();
  const record = (
    finding: Finding,
    key: string,
    request: WireRequest,
    c: FuzzCase,
    response: WireResponse | undefined,
  ) => {
    const knownBug = options.knownBug?.(finding, request, response);
    const fullKey = `${key} ${knownBug ?? 'new'}`;
    const seen = byKey.get(fullKey);
    if (seen) seen.count += 1;
    else {
      const shown = response ? `${response.status} ${response.contentType} ${clip(response.text)}` : '(none)';
      byKey.set(fullKey, {
        ...finding,
        count: 1,
        request: describeRequest(request, options.origin, c),
        response: shown,
        knownBug,
      });
    }
  };

  // The time-limit plugin returns while a run may still be waiting on the server; that run's
  // outcome (a request that never got an answer is the worst finding of all) must not be lost.
  let inFlight: Promise<unknown> = Promise.resolve();
  let writes = 0;
  const property = fc.asyncProperty(
    caseArbitrary(op, options.policy, () => writes),
    (c) => {
      const run = exchange(c);
      inFlight = run;
      return run;
    },
  );

  async function exchange(c: FuzzCase): Promise<boolean> {
    const request = toWire(options.origin, op, c, options.policy, options.token);
    if (options.withhold?.(request)) {
      result.withheld += 1;
      return true;
    }
    result.sent += 1;
    result[request.valid ? 'valid' : 'invalid'] += 1;
    let response: WireResponse;
    try {
      response = await send(request);
    } catch (error) {
      record({ check: 'no_response', detail: String(error) }, 'no_response', request, c, undefined);
      return true;
    }
    result.statuses[response.status] = (result.statuses[response.status] ?? 0) + 1;
    if (op.method !== 'get' && response.status < 300) writes += 1;
    if (request.valid && response.status === 400) {
      result.validRejected += 1;
      if (result.rejectedExamples.length < 3)
        result.rejectedExamples.push(`${describeRequest(request, options.origin, c)} → ${clip(response.text)}`);
    }
    if (response.status < 300 && response.contentType.includes('json')) {
      try {
        const body: unknown = JSON.parse(response.text);
        harvest(op, request.pathValues, response.status, body);
        harvestCursor(op.id, body);
      } catch {
        // an unparsable body is reported by the checks
      }
    }
    const location = request.valid ? undefined : c.mutation?.location;
    for (const finding of checkExchange(op, request, response, location)) {
      // One example per kind of problem: the same check, status and broken part count as one.
      const part = request.valid ? 'valid' : (c.mutation?.what.replace(/ \d+$/, '') ?? 'invalid');
      const key = `${finding.check} ${response.status} ${part} ${finding.check === 'server_error' ? finding.detail : ''}`;
      record(finding, key, request, c, response);
    }
    return true;
  }

  const details = await fc.check(property, {
    seed: options.seed,
    numRuns: options.runs,
    plugins: [fc.interruptAfterTimeLimit(options.budgetMs)],
  });
  await inFlight;
  result.interrupted = details.interrupted;
  result.findings = [...byKey.values()];
  return result;
}

export function formatExample(operationId: string, example: Example): string {
  return `${operationId} [${example.check}] ${example.detail} (×${example.count})\n    request:  ${example.request}\n    response: ${example.response}`;
}
