// Our performance targets, in one place (bench/README.md, "Targets"), and the rules that judge them.
// Throughput is judged against another server measured in the same run, interleaved round-robin
// with ours, so that a slower or busier machine weighs on both sides of the ratio alike.
import type { ScenarioId, TargetId } from './scenarios.ts';

/** Our row's req/s must be at least `minRatio` × the `reference` server's req/s on the same scenario. */
export type ThroughputTarget = { reference: TargetId; minRatio: number };

export const PERFORMANCE_TARGETS = {
  throughput: {
    introspection: { reference: 'oidc-provider-memory', minRatio: 1 },
    userinfo: { reference: 'oidc-provider-memory', minRatio: 1 },
    refresh: { reference: 'oidc-provider-pg', minRatio: 2 },
    'graphql-viewer': { reference: 'baseline', minRatio: 2 },
    'mcp-member': { reference: 'baseline', minRatio: 2 },
    'admin-list': { reference: 'baseline', minRatio: 2 },
  } as Partial<Record<ScenarioId, ThroughputTarget>>,
  /** Every row of ours (the webhooks row aside: its latencies are delivery delays set by the poll interval). */
  maxP99OverP50: 3,
  /** VmHWM of our service's process over the whole run. */
  maxPeakRssMiB: 300,
  /** With --scale, each row's ratio (scaleRatio) as a share of the same ratio in the small-dataset run. */
  minKeptShareAtScale: 0.9,
} as const;

/** The least a summary must carry for the ratios here (old result files included). */
export type RowFigures = {
  scenario: ScenarioId;
  target: TargetId;
  skipped?: string;
  median?: { reqPerSec: number };
  ratios?: { reqPerSec: number };
};

/**
 * Ours ÷ a reference on one scenario, or why there is no such ratio. `byRepetition`: the same ratio
 * within each repetition (runs interleaved round-robin, so the i-th run of each row shared its
 * stretch of the machine's time), when both rows have one run per repetition (report.ts adds it).
 */
export type VersusReference = {
  reference: TargetId;
  /** The judged ratio: the median of `byRepetition` where the runs pair up, else of the medians. */
  reqPerSecRatio?: number;
  missing?: string;
  /** Ours ÷ the reference within each repetition (report.ts pairedRatios). */
  byRepetition?: number[];
  /** Ours' median ÷ the reference's median, shown beside the judged ratio when that is paired. */
  ofMedians?: number;
};

function whyMissing(reference: TargetId, row: RowFigures | undefined): string {
  if (row?.skipped) return `${reference} skipped: ${row.skipped}`;
  if (row) return `${reference} has no figures`;
  // run.ts adds the baseline target whenever --baseline-dir is given, so no row means no directory.
  return reference === 'baseline' ? 'no --baseline-dir' : `${reference} not run`;
}

/** Our row's req/s over its throughput target's reference, both from the same run; undefined for rows without such a target. */
export function versusReference(rows: readonly RowFigures[], scenario: ScenarioId): VersusReference | undefined {
  const target = PERFORMANCE_TARGETS.throughput[scenario];
  if (!target) return undefined;
  const find = (server: TargetId) => rows.find((r) => r.scenario === scenario && r.target === server);
  const ours = find('ours');
  const reference = find(target.reference);
  if (!ours?.median) return { reference: target.reference, missing: whyMissing('ours', ours) };
  if (!reference?.median || !reference.median.reqPerSec)
    return { reference: target.reference, missing: whyMissing(target.reference, reference) };
  return { reference: target.reference, reqPerSecRatio: ours.median.reqPerSec / reference.median.reqPerSec };
}

export type ThroughputCheck = ThroughputTarget & { ratio?: number; met?: boolean; notJudged?: string };

export function judgeThroughput(
  scenario: ScenarioId,
  versus: VersusReference | undefined,
): ThroughputCheck | undefined {
  const target = PERFORMANCE_TARGETS.throughput[scenario];
  if (!target || !versus) return undefined;
  if (versus.reqPerSecRatio === undefined) return { ...target, notJudged: versus.missing ?? 'no ratio' };
  return { ...target, ratio: versus.reqPerSecRatio, met: versus.reqPerSecRatio >= target.minRatio };
}

export const p99Met = (p99OverP50: number): boolean => p99OverP50 <= PERFORMANCE_TARGETS.maxP99OverP50;

export type PeakRssCheck = { server: 'ours'; peakMiB: number; maxMiB: number; met: boolean };

/** Our service's (the production instance of the load rows) peak RSS over the whole run; undefined when it did not run. */
export function judgePeakRss(servers: readonly { name: string; vmHwmMiB: number }[]): PeakRssCheck | undefined {
  const ours = servers.find((s) => s.name === 'ours');
  if (!ours) return undefined;
  const maxMiB = PERFORMANCE_TARGETS.maxPeakRssMiB;
  return { server: 'ours', peakMiB: ours.vmHwmMiB, maxMiB, met: ours.vmHwmMiB <= maxMiB };
}

/**
 * The ratio the --scale target keeps: ours ÷ the reference of the row's throughput target where it
 * has one, ours ÷ the hello-world ceiling otherwise. Undefined for rows with neither (webhooks).
 */
export function scaleRatio(
  rows: readonly RowFigures[],
  scenario: ScenarioId,
): { basis: TargetId; value?: number; missing?: string } | undefined {
  const versus = versusReference(rows, scenario);
  if (versus) return { basis: versus.reference, value: versus.reqPerSecRatio, missing: versus.missing };
  const ours = rows.find((r) => r.scenario === scenario && r.target === 'ours');
  if (!ours?.ratios) return ours?.median ? undefined : { basis: 'hello-world', missing: whyMissing('ours', ours) };
  return { basis: 'hello-world', value: ours.ratios.reqPerSec };
}
