// Schema-driven fuzzing of every operation of the OpenAPI document, in the manner of schemathesis:
// valid and invalid requests drawn from the operation's own schemas, sent with a token
// holding exactly its scopes, and every answer checked: no 5xx, a documented status, a body that
// matches the documented schema, invalid input refused in the documented error shape, nothing of
// the server's internals in any body. See contract-tests/fuzz/README.md.
//
// Bounded: FUZZ_SEED fixes the cases (default 42 on the embedded database, 43 on PostgreSQL), FUZZ_RUNS
// requests per operation (50 per pass when CI is set, so CI's two passes send 100 distinct ones,
// support/fuzz-share.ts; 25 otherwise), FUZZ_BUDGET_MS a time budget per operation. A long run:
//   FUZZ_RUNS=10000 npm run contract -- contract-tests/fuzz
import { afterAll, describe, inject, it, type ExpectStatic } from 'vitest';
import { passRuns, passSeed } from '../support/fuzz-share.ts';
import { operatorToken } from '../support/tokens.ts';
import type { Finding, WireResponse } from './checks.ts';
import { BUGS, bugOf, type BugId, type KnownBug } from './known-bugs.ts';
import type { Policy, WireRequest } from './requests.ts';
import { isPagedList, pageThrough } from './pagination.ts';
import { writeSummary } from './report.ts';
import { formatExample, fuzzOperation, seedOf, type Example, type RunResult } from './runner.ts';
import { fuzzOperations, type FuzzOperation } from './spec.ts';

const origin = inject('primaryOrigin');
const SEED = passSeed(process.env.FUZZ_SEED, 42);
const RUNS = passRuns(process.env.FUZZ_RUNS, 100, 25);
// Most operations finish 100 runs in a second or two; the budget caps a slow one so the whole
// file stays well under four minutes on a 2-core machine, and grows with FUZZ_RUNS for long runs.
// In CI every operation must get all its runs (at least 50 generated requests each pass), so
// the budget there only guards against a hang.
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? (process.env.CI ? 60_000 : Math.max(8_000, RUNS * 80)));
const MIN_SENT = process.env.CI ? RUNS : 1;

/** Operations not fuzzed here, and why. */
const SKIPPED: Record<string, string> = {
  authorize:
    'browser flow: answers HTML pages and redirects within a signed-in session; contract-tests/oauth and web/ drive it',
  decideAuthorization:
    'browser form: needs the session and CSRF token of a consent page, so generated input only ever meets the CSRF check',
  submitSignIn:
    'browser form: needs the CSRF cookie of a sign-in page, and generated attempts would only feed the sign-in throttle',
  signOut: 'browser form: needs a session and its CSRF token; generated input only meets the CSRF check',
  uploadFile:
    'multipart/form-data: the generator makes JSON and form bodies only; contract-tests/admin/storage.test.ts covers uploads',
};

/**
 * Operations with open bugs → those bugs (their reasons and signatures are in known-bugs.ts). The
 * assertion stays: only findings that match one of an operation's own bugs are let through (with
 * a warning), so anything new still fails the run. Remove an entry when its bug is fixed.
 */
const KNOWN_FAILURES: Record<string, readonly BugId[]> = {};

/** School settings that other suites read while this one runs: refused input only. */
const SETTINGS = new Set(['updateSchool', 'updateAppearance']);
/** State changes that cannot be undone: random ids only, like DELETE (never a fixture). */
const DESTRUCTIVE = /^(?:delete|remove|unenroll|unassign|cancel|expire|archive)[A-Z]/;

/**
 * Other suites use the same school while this file runs: they count its owners, compare pages
 * with API reads and find objects by a part of their title or name. So no generated request makes
 * anyone an owner, each operation changes at most MAX_WRITES things, and valid changes keep
 * titles, names and e-mail addresses at 6 characters or more (never a substring of another
 * title). Lengths up to the spec's maxLength are sent, so the paging pass below meets the longest
 * sort keys in every run. FUZZ_EXCLUSIVE=1, for a run that has the server to itself, lifts these
 * rules.
 */
const SHARED = !process.env.FUZZ_EXCLUSIVE;
const SHARED_RULES: Partial<Policy> = SHARED
  ? {
      never: { role: 'owner', roles: 'owner' },
      maxWrites: 10,
      footprint: { fields: ['title', 'name', 'email'], minLength: 6 },
    }
  : {};

/** What generated requests of an operation may touch (see id-pool.ts for "own"). */
function policyOf(op: FuzzOperation): Policy {
  if (SETTINGS.has(op.id)) return { pathIds: 'random', validBodies: false, ...SHARED_RULES };
  if (op.method === 'delete' || DESTRUCTIVE.test(op.id))
    return { pathIds: 'random', validBodies: true, ...SHARED_RULES };
  if (op.method === 'get') return { pathIds: 'any', validBodies: true };
  return { pathIds: 'own', validBodies: true, ...SHARED_RULES };
}

/** Lists first (they fill the id pool), then creates, reads and changes, DELETEs last. */
function phaseOf(op: FuzzOperation): number {
  const hasParams = op.path.includes('{');
  if (op.method === 'get') return hasParams ? 3 : 0;
  if (op.method === 'post' && !op.path.split('/').at(-1)!.startsWith('{')) return hasParams ? 2 : 1;
  return op.method === 'delete' ? 5 : 4;
}

// FUZZ_OPERATIONS=createEvent,updateEvent narrows a run to some operations (to replay a finding).
const only = process.env.FUZZ_OPERATIONS?.split(',').map((id) => id.trim());
const fuzzed = fuzzOperations
  .filter((op) => !(op.id in SKIPPED) && (!only || only.includes(op.id)))
  .sort((a, b) => phaseOf(a) - phaseOf(b));
const results = new Map<string, RunResult>();
const startedAt = Date.now();

afterAll(() => writeSummary(results, { seed: SEED, runs: RUNS, startedAt }));

describe.concurrent('schema-driven fuzzing of every operation (no 5xx, documented statuses and shapes)', () => {
  it('covers every operation of the spec but the skipped browser and multipart ones', ({ expect }) => {
    if (!only) expect(fuzzed.length + Object.keys(SKIPPED).length).toBe(fuzzOperations.length);
    expect(Object.keys(SKIPPED).every((id) => fuzzOperations.some((op) => op.id === id))).toBe(true);
    expect(Object.keys(KNOWN_FAILURES).filter((id) => !fuzzOperations.some((op) => op.id === id))).toEqual([]);
  });

  for (const [id, reason] of Object.entries(SKIPPED)) it.skip(`${id}: not fuzzed (${reason})`, () => undefined);

  for (const op of fuzzed) {
    it(
      `${op.id}: no 5xx, documented statuses and bodies, invalid input refused in the documented shape, no leaks`,
      { timeout: BUDGET_MS + 120_000 },
      async ({ expect }) => {
        const token = op.secured ? await operatorToken(origin, op.scopes.join(' ')) : undefined;
        const bugs = KNOWN_FAILURES[op.id] ?? [];
        const withhold = (request: WireRequest) => bugs.some((id) => (BUGS[id] as KnownBug).withhold?.(request));
        const knownBug = (finding: Finding, request: WireRequest, response: WireResponse | undefined) =>
          bugOf({ finding, request, response }, bugs);
        const result = await fuzzOperation(op, {
          origin,
          token,
          seed: seedOf(SEED, op.id),
          runs: RUNS,
          budgetMs: BUDGET_MS,
          policy: policyOf(op),
          knownBug,
          withhold,
        });
        results.set(op.id, result);
        expect(result.sent, `${op.id}: requests sent before the time budget`).toBeGreaterThanOrEqual(MIN_SENT);
        expectOnlyKnown(op, result.findings, expect);
      },
    );
  }
});

// Runs after the block above, when the school holds what the fuzzing made: every list is paged
// to its end in every sort, following its own cursors. A plain describe: vitest would run two
// neighbouring concurrent suites together, and this one must come after.
describe('paging through every list after the fuzzing (OpenAPI parameters Limit and Cursor)', () => {
  for (const op of fuzzed.filter(isPagedList)) {
    it.concurrent(
      `${op.id}: every next_cursor it hands out is accepted, page after page, in every sort`,
      { timeout: BUDGET_MS + 120_000 },
      async ({ expect }) => {
        const token = op.secured ? await operatorToken(origin, op.scopes.join(' ')) : undefined;
        const bugs = KNOWN_FAILURES[op.id] ?? [];
        const knownBug = (finding: Finding, request: WireRequest, response: WireResponse | undefined) =>
          bugOf({ finding, request, response }, bugs);
        const { sent, statuses, ends, findings } = await pageThrough(op, {
          origin,
          token,
          budgetMs: BUDGET_MS / 2,
          knownBug,
        });
        results.set(`${op.id} (paging)`, {
          sent,
          valid: sent,
          invalid: 0,
          validRejected: 0,
          rejectedExamples: [],
          withheld: 0,
          interrupted: false,
          statuses,
          findings,
          notes: ends,
        });
        expect(sent).toBeGreaterThan(0);
        expectOnlyKnown(op, findings, expect);
      },
    );
  }
});

/** The assertion of every test: no finding but those of the operation's own known bugs. */
function expectOnlyKnown(op: FuzzOperation, findings: Example[], expect: ExpectStatic): void {
  const bugs = KNOWN_FAILURES[op.id] ?? [];
  const isKnown = (bug: string | undefined) => bug !== undefined && bugs.includes(bug as BugId);
  const tolerated = findings.filter((f) => isKnown(f.knownBug));
  const seen = [...new Set(tolerated.map((f) => f.knownBug))];
  if (seen.length)
    console.warn(
      `${op.id}: known bugs ${seen.join(', ')} (${tolerated.length} kinds of finding; examples in contract-tests/reports/fuzz-findings.json)`,
    );
  const unexpected = findings.filter((f) => !isKnown(f.knownBug)).map((f) => formatExample(op.id, f));
  expect(
    unexpected,
    `replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} FUZZ_OPERATIONS=${op.id}\n${unexpected.join('\n')}`,
  ).toEqual([]);
}
