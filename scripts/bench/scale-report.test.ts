import { describe, expect, it } from 'vitest';
import type { Report, Summary } from './report.ts';
import { keptAtScale, scaleComparison } from './scale-report.ts';
import type { ScenarioId, TargetId } from './scenarios.ts';

/** Only what the scale comparison reads: req/s and its ratio to the ceiling (10,000 req/s here). */
const summary = (scenario: ScenarioId, target: TargetId, reqPerSec: number): Summary =>
  ({
    scenario,
    target,
    median: { reqPerSec },
    ratios: { reqPerSec: reqPerSec / 10_000 },
    problems: { non2xx: {}, mismatches: 0, errors: 0, timeouts: 0 },
  }) as Summary;
const report = (timestamp: string, summaries: Summary[]): Report =>
  ({ timestamp, mode: 'full', summaries, servers: [] }) as unknown as Report;

describe('scale report', () => {
  const small = report('2026-11-27T10:00:00Z', [
    summary('refresh', 'ours', 2_000),
    summary('refresh', 'oidc-provider-pg', 1_000),
    summary('discovery', 'ours', 9_000),
    summary('admin-list', 'ours', 3_000),
    summary('admin-list', 'baseline', 1_000),
  ]);

  it('target 6: each row keeps at least 90% of its small-dataset ratio to its throughput target’s reference', () => {
    const large = report('2026-11-27T11:00:00Z', [
      // Ours halves, but so does oidc-provider-pg: the ratio is kept whole.
      summary('refresh', 'ours', 1_000),
      summary('refresh', 'oidc-provider-pg', 500),
      // 2.7 of 3.0: exactly 90%.
      summary('admin-list', 'ours', 2_700),
      summary('admin-list', 'baseline', 1_000),
    ]);
    const [refresh, admin] = keptAtScale(large, small);
    expect(refresh).toMatchObject({ basis: 'oidc-provider-pg', small: 2, large: 2, kept: 1, met: true });
    expect(admin).toMatchObject({ basis: 'baseline', small: 3, large: 2.7, met: true });
    expect(admin!.kept).toBeCloseTo(0.9);
  });

  it('target 6: rows without a throughput target keep at least 90% of their ratio to the ceiling', () => {
    const large = report('2026-11-27T11:00:00Z', [summary('discovery', 'ours', 8_000)]);
    const [discovery] = keptAtScale(large, small);
    expect(discovery).toMatchObject({ basis: 'hello-world', small: 0.9, large: 0.8, met: false });
    expect(scaleComparison(large, small)).toContain('| discovery | hello-world | 0.900 | 0.800 | 89% | ❌ |');
  });

  it('target 6: a row whose reference ran in only one of the two runs is not judged', () => {
    const large = report('2026-11-27T11:00:00Z', [summary('admin-list', 'ours', 2_700)]);
    const [admin] = keptAtScale(large, small);
    expect(admin).toMatchObject({ notJudged: 'large dataset: no --baseline-dir' });
    expect(admin!.met).toBeUndefined();
    expect(keptAtScale(large, undefined)[0]).toMatchObject({ notJudged: 'no small-dataset run' });
  });
});
