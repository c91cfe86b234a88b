// The public MCP conformance suite's `server` scenarios (its active suite, MCP 2025-11-25) against
// this school's /mcp. Expected failures and their reasons: ./expected-failures.ts.
// Results: contract-tests/reports/conformance/server/<scenario>/checks.json.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { baselineYaml, expectedFailuresOf } from './expected-failures.ts';
import { failingChecks, findCheck, freshOutputDir, runConformance, type Run } from './run.ts';

const origin = inject('primaryOrigin');
const expected = expectedFailuresOf('server');

describe('MCP conformance suite, server scenarios against /mcp (@modelcontextprotocol/conformance)', () => {
  let run: Run;

  beforeAll(async () => {
    const dir = freshOutputDir('server');
    const baseline = path.join(dir, 'expected-failures.yaml');
    writeFileSync(baseline, baselineYaml('server'));
    run = await runConformance(['server', '--url', `${origin}/mcp`, '--expected-failures', baseline], dir, {
      timeoutMs: 50_000,
    });
  }, 60_000);

  it('ran the active suite: initialize, ping, tools/list, DNS rebinding and the rest (MCP 2025-11-25)', () => {
    const scenarios = run.results.map((r) => r.scenario);
    expect(scenarios.length, run.output).toBeGreaterThanOrEqual(25);
    expect(scenarios).toEqual(
      expect.arrayContaining(['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection']),
    );
  });

  it('fails exactly the listed expected failures and nothing else, every message on the wire valid (MCP 2025-11-25 schema; expected-failures.ts)', () => {
    expect(failingChecks(run.results)).toEqual(expected.map((f) => `${f.scenario}:${f.check}`).sort());
    for (const result of run.results) {
      const wire = result.checks.find((c) => c.id === 'wire-schema-valid');
      if (wire) expect(wire.status, `${result.scenario}: ${wire.errorMessage}`).toBe('SUCCESS');
    }
    // The suite's own verdict with the same baseline: 0 means no regression and no stale entry.
    expect(run.exitCode, run.output).toBe(0);
  });

  it.each(expected.map((f) => [`${f.scenario}:${f.check}`, f] as const))(
    '%s fails for the listed reason only',
    (_key, failure) => {
      const check = findCheck(run.results, failure.scenario, failure.check);
      expect(check?.status).toBe(failure.status);
      // A warning carries its message in details.
      expect(check?.errorMessage ?? JSON.stringify(check?.details ?? '')).toMatch(failure.error);
    },
  );

  it('initialize, ping, tools/list and resources/list pass with valid tool names (MCP 2025-11-25 Lifecycle, Tools, Resources; SEP-986 tool names)', () => {
    for (const [scenario, id] of [
      ['server-initialize', 'server-initialize'],
      ['ping', 'ping'],
      ['tools-list', 'tools-list'],
      ['tools-list', 'tools-name-format'],
      ['resources-list', 'resources-list'],
      ['dns-rebinding-protection', 'localhost-host-rebinding-rejected'],
    ] as const) {
      expect(findCheck(run.results, scenario, id)?.status, `${scenario}:${id}`).toBe('SUCCESS');
    }
  });
});
