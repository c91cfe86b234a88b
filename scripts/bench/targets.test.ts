import { describe, expect, it } from 'vitest';
import { judgePeakRss, PERFORMANCE_TARGETS, scaleRatio, versusReference, type RowFigures } from './targets.ts';

const figures = (scenario: RowFigures['scenario'], target: RowFigures['target'], reqPerSec: number): RowFigures => ({
  scenario,
  target,
  median: { reqPerSec },
  ratios: { reqPerSec: reqPerSec / 10_000 },
});

describe('performance targets', () => {
  it('sets the throughput targets against oidc-provider and the baseline commit, and none on the other rows', () => {
    expect(PERFORMANCE_TARGETS.throughput).toEqual({
      introspection: { reference: 'oidc-provider-memory', minRatio: 1 },
      userinfo: { reference: 'oidc-provider-memory', minRatio: 1 },
      refresh: { reference: 'oidc-provider-pg', minRatio: 2 },
      'graphql-viewer': { reference: 'baseline', minRatio: 2 },
      'mcp-member': { reference: 'baseline', minRatio: 2 },
      'admin-list': { reference: 'baseline', minRatio: 2 },
    });
    expect(versusReference([figures('discovery', 'ours', 9_000)], 'discovery')).toBeUndefined();
  });

  it('target 5: our service’s peak RSS over the whole run is at most 300 MiB; the other servers are not judged', () => {
    expect(judgePeakRss([{ name: 'ours', vmHwmMiB: 300 }])).toEqual({
      server: 'ours',
      peakMiB: 300,
      maxMiB: 300,
      met: true,
    });
    expect(
      judgePeakRss([
        { name: 'oidc-provider-memory', vmHwmMiB: 900 },
        { name: 'ours', vmHwmMiB: 300.5 },
      ]),
    ).toMatchObject({ peakMiB: 300.5, met: false });
    expect(judgePeakRss([{ name: 'baseline', vmHwmMiB: 100 }])).toBeUndefined();
  });

  it('target 6: the scale ratio is ours ÷ the throughput target’s reference, else ours ÷ the ceiling', () => {
    const rows = [
      figures('refresh', 'ours', 2_000),
      figures('refresh', 'oidc-provider-pg', 800),
      figures('discovery', 'ours', 9_000),
      figures('admin-list', 'ours', 3_000),
    ];
    expect(scaleRatio(rows, 'refresh')).toEqual({ basis: 'oidc-provider-pg', value: 2.5, missing: undefined });
    expect(scaleRatio(rows, 'discovery')).toEqual({ basis: 'hello-world', value: 0.9 });
    expect(scaleRatio(rows, 'admin-list')).toMatchObject({ basis: 'baseline', missing: 'no --baseline-dir' });
    // Rows without a ceiling ratio (webhooks) have no scale ratio at all.
    expect(
      scaleRatio([{ scenario: 'webhooks', target: 'ours', median: { reqPerSec: 4 } }], 'webhooks'),
    ).toBeUndefined();
  });
});
