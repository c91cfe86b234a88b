import { describe, expect, it } from 'vitest';
import type { Measurement } from './load.ts';
import { markdown, median, summarize, table, type Report, type RowResult } from './report.ts';
import type { ScenarioId, TargetId } from './scenarios.ts';

function run(reqPerSec: number, p50: number, p99: number, cpu: number): Measurement {
  return {
    seconds: 10,
    responses: reqPerSec * 10,
    ok: reqPerSec * 10,
    non2xx: {},
    mismatches: 0,
    errors: 0,
    timeouts: 0,
    reqPerSec,
    latencyMs: { p50, p90: p50, p99, max: p99, mean: p50 },
    serverCpuMicrosPerRequest: cpu,
    serverKernelShare: 0.3,
    serverCoreBusy: 1,
    postgresCpuMicrosPerRequest: null,
    generatorCoreBusy: 0.5,
    otherCores: 0,
    peakRssBytes: 100 * 2 ** 20,
    hwmBytes: 100 * 2 ** 20,
  };
}

/** One row of one run at `reqPerSec`, with a tail well inside p99 ≤ 3 × p50. */
const row = (scenario: ScenarioId, target: TargetId, reqPerSec: number): RowResult => ({
  scenario,
  target,
  runs: [run(reqPerSec, 5, 10, 200)],
});
const ceiling = row('hello-world', 'hello-world', 10_000);

const ours = (summaries: ReturnType<typeof summarize>, scenario: ScenarioId) =>
  summaries.find((s) => s.scenario === scenario && s.target === 'ours')!;

describe('report', () => {
  it('takes medians of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('keeps every ratio to the hello-world ceiling as information, on every server’s rows', () => {
    const [hello, ourRow, oidc] = summarize(
      [
        {
          scenario: 'hello-world',
          target: 'hello-world',
          runs: [run(10_000, 2, 4, 50), run(12_000, 2, 4, 50), run(11_000, 2, 4, 50)],
        },
        {
          scenario: 'introspection',
          target: 'ours',
          runs: [run(5_000, 5, 20, 200), run(4_000, 5, 20, 200), run(6_000, 5, 20, 200)],
        },
        { scenario: 'introspection', target: 'oidc-provider-memory', runs: [run(6_000, 4, 8, 150)] },
      ],
      true,
    );
    expect(hello!.ratios!.reqPerSec).toBe(1);
    expect(ourRow!.ratios!.reqPerSec).toBeCloseTo(5_000 / 11_000);
    expect(ourRow!.ratios!.serverCpuMicrosPerRequest).toBe(4);
    expect(oidc!.ratios!.reqPerSec).toBeCloseTo(6_000 / 11_000);
    expect(oidc!.target_check).toBeUndefined();
  });

  it('target 1: introspection and UserInfo of ours reach at least 1.0 × oidc-provider-memory of the same run', () => {
    const summaries = summarize(
      [
        ceiling,
        row('introspection', 'ours', 5_000),
        row('introspection', 'oidc-provider-memory', 5_000),
        // A slower PostgreSQL adapter must not stand in for the memory adapter.
        row('introspection', 'oidc-provider-pg', 1_000),
        row('userinfo', 'ours', 4_999),
        row('userinfo', 'oidc-provider-memory', 5_000),
      ],
      true,
    );
    expect(ours(summaries, 'introspection').target_check!.throughput).toEqual({
      reference: 'oidc-provider-memory',
      minRatio: 1,
      ratio: 1,
      met: true,
    });
    expect(ours(summaries, 'userinfo').target_check!.throughput).toMatchObject({
      reference: 'oidc-provider-memory',
      met: false,
    });
    expect(ours(summaries, 'userinfo').target_check!.throughput!.ratio).toBeCloseTo(0.9998);
  });

  it('target 2: the refresh row of ours reaches at least 2.0 × oidc-provider-pg of the same run', () => {
    const met = summarize(
      [
        ceiling,
        row('refresh', 'ours', 2_000),
        // The memory adapter is faster than ours; the refresh target does not compare with it.
        row('refresh', 'oidc-provider-memory', 3_000),
        row('refresh', 'oidc-provider-pg', 1_000),
      ],
      true,
    );
    expect(ours(met, 'refresh').target_check!.throughput).toEqual({
      reference: 'oidc-provider-pg',
      minRatio: 2,
      ratio: 2,
      met: true,
    });
    const missed = summarize([ceiling, row('refresh', 'ours', 1_900), row('refresh', 'oidc-provider-pg', 1_000)], true);
    expect(ours(missed, 'refresh').target_check!.throughput).toMatchObject({ met: false, ratio: 1.9 });
  });

  it('target 3: GraphQL viewer, MCP member and admin list of ours reach at least 2.0 × the baseline of the same run', () => {
    const summaries = summarize(
      [
        ceiling,
        row('graphql-viewer', 'ours', 2_000),
        row('graphql-viewer', 'baseline', 1_000),
        row('mcp-member', 'ours', 1_999),
        row('mcp-member', 'baseline', 1_000),
        row('admin-list', 'ours', 3_000),
        row('admin-list', 'baseline', 1_000),
      ],
      true,
    );
    expect(ours(summaries, 'graphql-viewer').target_check!.throughput).toMatchObject({
      reference: 'baseline',
      met: true,
    });
    expect(ours(summaries, 'mcp-member').target_check!.throughput).toMatchObject({ reference: 'baseline', met: false });
    expect(ours(summaries, 'admin-list').target_check!.throughput).toMatchObject({ ratio: 3, met: true });
    // The baseline's own rows are measured, not judged.
    expect(summaries.find((s) => s.target === 'baseline')!.target_check).toBeUndefined();
    const rendered = table(summaries);
    expect(rendered).toContain('| 2.00× baseline |');
    expect(rendered).toContain('✅ ≥ 2.00× baseline');
    expect(rendered).toContain('❌ ≥ 2.00× baseline');
  });

  it('target 3: without --baseline-dir the three baseline targets print as not judged, neither met nor missed', () => {
    const summaries = summarize(
      [
        ceiling,
        row('graphql-viewer', 'ours', 2_000),
        row('mcp-member', 'ours', 2_000),
        row('admin-list', 'ours', 2_000),
      ],
      true,
    );
    for (const scenario of ['graphql-viewer', 'mcp-member', 'admin-list'] as const) {
      const check = ours(summaries, scenario).target_check!.throughput!;
      expect(check).toEqual({ reference: 'baseline', minRatio: 2, notJudged: 'no --baseline-dir' });
    }
    const rendered = table(summaries);
    expect(rendered.match(/not judged \(no --baseline-dir\)/g)).toHaveLength(3);
    expect(rendered).not.toMatch(/[✅❌] ≥ 2\.00× baseline/);
  });

  it('target 3: a baseline row skipped by its probe leaves the target not judged, with the reason', () => {
    const summaries = summarize(
      [
        ceiling,
        row('admin-list', 'ours', 2_000),
        { scenario: 'admin-list', target: 'baseline', skipped: 'answers 404', runs: [] },
      ],
      true,
    );
    expect(ours(summaries, 'admin-list').target_check!.throughput!.notJudged).toBe('baseline skipped: answers 404');
  });

  it('target 4: every row of ours keeps p99 ≤ 3 × p50, rows with and without a throughput target alike', () => {
    const [, tail, steady, oidc] = summarize(
      [
        ceiling,
        { scenario: 'discovery', target: 'ours', runs: [run(9_000, 1, 3.1, 40)] },
        { scenario: 'mcp-anonymous', target: 'ours', runs: [run(3_000, 5, 15, 300)] },
        { scenario: 'discovery', target: 'oidc-provider-memory', runs: [run(9_000, 1, 9, 100)] },
      ],
      true,
    );
    // Over the line, the ceiling's own tail of the same run stands beside the verdict (done-when: the machine's limit).
    expect(tail!.target_check).toEqual({ p99Met: false, ceilingP99OverP50: 2 });
    expect(steady!.target_check).toEqual({ p99Met: true });
    expect(oidc!.target_check).toBeUndefined();
    expect(table([tail!])).toContain("❌ p99 ≤ 3×p50 (the ceiling's own: 2.0)");
  });

  it('judges the median of the ratios within each repetition, and shows the ratio of the medians beside it', () => {
    const summaries = summarize(
      [
        { scenario: 'hello-world', target: 'hello-world', runs: [run(10_000, 2, 4, 50), run(20_000, 2, 4, 50)] },
        { scenario: 'admin-list', target: 'ours', runs: [run(4_000, 5, 10, 200), run(9_000, 5, 10, 200)] },
        { scenario: 'admin-list', target: 'baseline', runs: [run(2_000, 5, 10, 200), run(4_000, 5, 10, 200)] },
        { scenario: 'refresh', target: 'ours', runs: [run(2_000, 5, 10, 200), run(2_100, 5, 10, 200)] },
        { scenario: 'refresh', target: 'oidc-provider-pg', runs: [run(1_000, 5, 10, 200)] },
      ],
      true,
    );
    const admin = ours(summaries, 'admin-list');
    expect(admin.versus).toEqual({
      reference: 'baseline',
      reqPerSecRatio: 2.125,
      byRepetition: [2, 2.25],
      ofMedians: 6_500 / 3_000,
    });
    expect(table([admin])).toContain('2.13× baseline<br>each repetition: 2.00, 2.25<br>of the medians: 2.17');
    expect(admin.target_check?.throughput).toMatchObject({ ratio: 2.125, met: true });
    // Runs that cannot be paired (one reference run for two of ours) give the medians' ratio alone.
    expect(ours(summaries, 'refresh').versus).toEqual({ reference: 'oidc-provider-pg', reqPerSecRatio: 2.05 });
  });

  it('judges nothing in smoke mode, but still shows ours over the reference', () => {
    const [, skipped, userinfo] = summarize(
      [
        ceiling,
        { scenario: 'graphql-viewer', target: 'ours', skipped: 'answers 404', runs: [] },
        row('userinfo', 'ours', 1_000),
        row('userinfo', 'oidc-provider-memory', 2_000),
      ],
      false,
    );
    expect(skipped).toMatchObject({ skipped: 'answers 404' });
    expect(userinfo!.target_check).toBeUndefined();
    expect(userinfo!.versus).toEqual({ reference: 'oidc-provider-memory', reqPerSecRatio: 0.5 });
  });

  it('gives the webhooks row, whose figures are events and not requests, no ratio to the ceiling and no target', () => {
    const [, webhooks] = summarize(
      [ceiling, { scenario: 'webhooks', target: 'ours', runs: [run(4, 1_000, 1_020, 9_000)] }],
      true,
    );
    expect(webhooks!.median!.reqPerSec).toBe(4);
    expect(webhooks!.ratios).toBeUndefined();
    expect(webhooks!.target_check).toBeUndefined();
  });
});

describe('report: the Conditions section', () => {
  const report = (overrides: Partial<Report>): Report => ({
    timestamp: '2026-11-27T20:00:00Z',
    mode: 'full',
    command: 'npm run bench',
    options: { connections: 50, durationSeconds: 10, warmupSeconds: 2, repetitions: 3, baselineDir: null } as never,
    machine: { nproc: 2, model: 'test', memoryGiB: 1, kernel: 'Linux', hostname: 'h' },
    versions: {
      node: 'v24',
      postgres: '15',
      oidcProvider: '9',
      express: '5',
      autocannon: '9',
      ours: 'aaaaaaaaaaaa',
    },
    servers: [{ name: 'ours', vmHwmMiB: 280 }],
    summaries: [],
    rows: [],
    ...overrides,
  });

  it('target 5: states the peak RSS verdict of our service once, and not in a smoke run', () => {
    expect(markdown(report({ peakRssCheck: { server: 'ours', peakMiB: 280, maxMiB: 300, met: true } }))).toContain(
      '- Peak RSS target: ✅ ours 280 MiB ≤ 300 MiB.',
    );
    expect(markdown(report({ peakRssCheck: { server: 'ours', peakMiB: 410, maxMiB: 300, met: false } }))).toContain(
      '- Peak RSS target: ❌ ours 410 MiB ≤ 300 MiB.',
    );
    expect(markdown(report({ mode: 'smoke' }))).toContain('- Peak RSS target: ours ≤ 300 MiB: not judged (smoke run).');
  });

  it('target 3: records the baseline checkout’s commit, or that there was none', () => {
    const withBaseline = report({
      options: { connections: 50, baselineDir: '/work/wt-base' } as never,
      versions: { ...report({}).versions, baseline: '5253518abcde' },
    });
    expect(markdown(withBaseline)).toContain(
      '- Baseline: our service at 5253518abcde, from /work/wt-base (--baseline-dir).',
    );
    expect(markdown(report({}))).toContain('- Baseline: none (no --baseline-dir)');
  });
});
