// The public MCP conformance suite's `server` scenarios against this school's /mcp, once for each
// revision the suite knows: 2025-06-18 (its active scenarios of that revision), 2025-11-25 and
// 2026-07-28 (exactly what each revision requires, frozen at its release: `--requirements`).
// Expected failures and their reasons: ./expected-failures.ts.
// Results: contract-tests/reports/conformance/server-<revision>/<scenario>/checks.json.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { baselineYaml, EXPECTED_FAILURES, expectedFailuresOf, REVISIONS, type Revision } from './expected-failures.ts';
import { failingChecks, findCheck, freshOutputDir, runConformance, type Run } from './run.ts';

const origin = inject('primaryOrigin');

/** How the suite is told the revision: its requirement sets where it has one, else its version filter. */
const selection = (revision: Revision) =>
  revision === '2025-06-18' ? ['--spec-version', revision] : ['--requirements', revision];

/** What every server must pass in each revision, whatever tools it has. */
const MUST_PASS: Record<Revision, ReadonlyArray<readonly [string, string]>> = {
  '2025-06-18': [
    ['server-initialize', 'server-initialize'],
    ['ping', 'ping'],
    ['tools-list', 'tools-list'],
    ['resources-list', 'resources-list'],
  ],
  '2025-11-25': [
    ['server-initialize', 'server-initialize'],
    ['ping', 'ping'],
    ['tools-list', 'tools-list'],
    ['tools-list', 'tools-name-format'],
    ['resources-list', 'resources-list'],
    ['dns-rebinding-protection', 'localhost-host-rebinding-rejected'],
  ],
  '2026-07-28': [
    ['tools-list', 'tools-list'],
    ['resources-list', 'resources-list'],
    ['sep-2164-resource-not-found', 'sep-2164-error-code'],
    ['dns-rebinding-protection', 'localhost-host-rebinding-rejected'],
    ['http-header-validation', 'sep-2243-server-reject-invalid-headers'],
    ['server-stateless', 'sep-2575-server-implements-discover'],
    ['server-stateless', 'sep-2575-http-server-header-mismatch-400'],
    ['caching', 'sep-2549-tools-list-caching-hints'],
  ],
};

const runs = new Map<Revision, Run>();

describe.each(REVISIONS)(
  'MCP conformance suite %s, server scenarios against /mcp (@modelcontextprotocol/conformance)',
  (revision) => {
    const expected = expectedFailuresOf('server', revision);
    let run: Run;

    beforeAll(async () => {
      const dir = freshOutputDir(`server-${revision}`);
      const baseline = path.join(dir, 'expected-failures.yaml');
      writeFileSync(baseline, baselineYaml(revision));
      run = await runConformance(
        ['server', '--url', `${origin}/mcp`, ...selection(revision), '--expected-failures', baseline],
        dir,
        { timeoutMs: 80_000 },
      );
      runs.set(revision, run);
    }, 90_000);

    it('fails exactly the listed expected failures and nothing else, every message on the wire valid (expected-failures.ts)', () => {
      expect(run.results.length, run.output).toBeGreaterThanOrEqual(20);
      expect(failingChecks(run.results)).toEqual(expected.map((f) => `${f.scenario}:${f.check}`).sort());
      for (const result of run.results) {
        const wire = result.checks.find((c) => c.id === 'wire-schema-valid');
        if (wire) expect(wire.status, `${result.scenario}: ${wire.errorMessage}`).toBe('SUCCESS');
      }
      // The suite's own verdict with the same baseline: 0 means no regression and no stale entry.
      expect(run.exitCode, run.output).toBe(0);
    });

    it('fails each listed check for the listed reason only (expected-failures.ts)', () => {
      for (const failure of expected) {
        const check = findCheck(run.results, failure.scenario, failure.check);
        const key = `${failure.scenario}:${failure.check}`;
        expect(check?.status, key).toBe(failure.status);
        // A warning carries its message in details.
        expect(check?.errorMessage ?? JSON.stringify(check?.details ?? ''), key).toMatch(failure.error);
      }
    });

    it('passes what every server must, with valid tool names (MCP Lifecycle, Tools, Resources; SEP-986, SEP-2164, SEP-2243)', () => {
      for (const [scenario, id] of MUST_PASS[revision]) {
        expect(findCheck(run.results, scenario, id)?.status, `${scenario}:${id}`).toBe('SUCCESS');
      }
    });
  },
);

describe('MCP conformance suite, the expected-failures list (expected-failures.ts)', () => {
  it('names only checks some revision ran', () => {
    for (const failure of EXPECTED_FAILURES.filter((f) => f.mode === 'server')) {
      const ranIn = REVISIONS.filter((r) => findCheck(runs.get(r)?.results ?? [], failure.scenario, failure.check));
      expect(ranIn.length, `${failure.scenario}:${failure.check}`).toBeGreaterThan(0);
    }
  });
});
