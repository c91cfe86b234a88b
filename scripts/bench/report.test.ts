import { describe, expect, it } from 'vitest';
import type { Measurement } from './load.ts';
import { median, summarize } from './report.ts';

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

describe('report', () => {
  it('takes medians of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('divides by the ceiling and judges the issue’s targets on our rows only', () => {
    const [ceiling, ours, oidc] = summarize(
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
    expect(ceiling!.ratios!.reqPerSec).toBe(1);
    expect(ours!.ratios!.reqPerSec).toBeCloseTo(5_000 / 11_000);
    expect(ours!.ratios!.serverCpuMicrosPerRequest).toBe(4);
    expect(ours!.target_check).toEqual({ minRatio: 0.45, ratioMet: true, p99Met: false });
    expect(oidc!.target_check).toBeUndefined();
  });

  it('keeps a skipped row with its reason and judges nothing in smoke mode', () => {
    const [, skipped, ours] = summarize(
      [
        { scenario: 'hello-world', target: 'hello-world', runs: [run(10_000, 2, 4, 50)] },
        { scenario: 'graphql-viewer', target: 'ours', skipped: 'answers 404', runs: [] },
        { scenario: 'userinfo', target: 'ours', runs: [run(1_000, 5, 10, 500)] },
      ],
      false,
    );
    expect(skipped).toMatchObject({ skipped: 'answers 404' });
    expect(ours!.target_check).toBeUndefined();
  });

  it('gives the webhooks row, whose figures are events and not requests, no ratio to the ceiling and no target', () => {
    const [, webhooks] = summarize(
      [
        { scenario: 'hello-world', target: 'hello-world', runs: [run(10_000, 2, 4, 50)] },
        { scenario: 'webhooks', target: 'ours', runs: [run(4, 1_000, 1_020, 9_000)] },
      ],
      true,
    );
    expect(webhooks!.median!.reqPerSec).toBe(4);
    expect(webhooks!.ratios).toBeUndefined();
    expect(webhooks!.target_check).toBeUndefined();
  });
});
