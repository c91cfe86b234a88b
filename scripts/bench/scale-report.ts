// bench/README.md, "The large dataset": with it every row of ours keeps at least
// PERFORMANCE_TARGETS.minKeptShareAtScale of its small-dataset ratio. The ratio is the one its
// throughput target judges (ours ÷ oidc-provider, ours ÷ baseline), else ours ÷ the hello-world
// ceiling (targets.ts scaleRatio). A --scale run measures both datasets in the same rounds: ours and
// the baseline on the large one, their twins (SMALL_DATASET_TWINS) on the small one, so a machine
// whose speed differs from one run to the next weighs on both sides alike. A scale run without
// twins (older result files) is compared with the newest full run in bench/results instead.
// Peak RSS is judged in the Conditions section, as in every full run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pairedRatios, type Report, type RowResult } from './report.ts';
import { isSmallDatasetTwin, SMALL_DATASET_TWINS, type ScenarioId, type TargetId } from './scenarios.ts';
import { PERFORMANCE_TARGETS, scaleRatio } from './targets.ts';

/** The newest full run without --scale in bench/results, if any. */
export function latestSmallDatasetReport(dir: string): Report | undefined {
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.endsWith('-scale.json'))
    .sort();
  const newest = files.at(-1);
  if (!newest) return undefined;
  const report = JSON.parse(readFileSync(path.join(dir, newest), 'utf8')) as Report;
  return report.mode === 'full' ? report : undefined;
}

const TWINS: [TargetId, TargetId][] = Object.entries(SMALL_DATASET_TWINS) as [TargetId, TargetId][];

/** Whether the run measured the small dataset beside the large one. */
export const hasSmallDatasetTwins = (report: Pick<Report, 'summaries'>): boolean =>
  report.summaries.some((s) => isSmallDatasetTwin(s.target) && s.median);

/**
 * A --scale run's rows as if of a small-dataset run: each twin under the name of the target it is
 * the twin of (ours-small as ours), the large-dataset rows left out, the rest (the ceiling and
 * oidc-provider, which hold no dataset of ours) as they are.
 */
export function smallDatasetView<T extends { target: TargetId }>(rows: readonly T[]): T[] {
  const large = new Set(TWINS.map(([l]) => l));
  const twinOf = new Map(TWINS.map(([l, s]) => [s, l]));
  return rows.filter((r) => !large.has(r.target)).map((r) => ({ ...r, target: twinOf.get(r.target) ?? r.target }));
}

/** Our row's ratio (scaleRatio's basis) within each repetition, the ceiling's row being of its own scenario. */
const ratioByRepetition = (rows: readonly RowResult[], scenario: ScenarioId, basis: TargetId) =>
  pairedRatios(rows, scenario, basis, basis === 'hello-world' ? 'hello-world' : scenario);

export type KeptCheck = {
  scenario: Report['summaries'][number]['scenario'];
  basis: string;
  small?: number;
  large?: number;
  kept?: number;
  /** In-run comparisons only: large ÷ small within each repetition (the two datasets shared its round). */
  keptByRepetition?: number[];
  met?: boolean;
  notJudged?: string;
};

/**
 * Each row of ours in the scale run, judged against the same ratio on the small dataset: the twins'
 * of the same run when it has them, else `small`'s (an older run's).
 */
export function keptAtScale(scale: Report, small: Report | undefined): KeptCheck[] {
  const inRun = hasSmallDatasetTwins(scale);
  const smallSummaries = inRun ? smallDatasetView(scale.summaries) : small?.summaries;
  const checks: KeptCheck[] = [];
  for (const row of scale.summaries) {
    if (row.target !== 'ours' || !row.median) continue;
    const after = scaleRatio(scale.summaries, row.scenario);
    if (!after) continue;
    const before = smallSummaries ? scaleRatio(smallSummaries, row.scenario) : undefined;
    const check: KeptCheck = { scenario: row.scenario, basis: after.basis, small: before?.value, large: after.value };
    if (!smallSummaries) check.notJudged = 'no small-dataset run';
    else if (after.value === undefined) check.notJudged = `large dataset: ${after.missing}`;
    else if (before?.value === undefined) check.notJudged = `small dataset: ${before?.missing ?? 'row not run'}`;
    else {
      check.kept = after.value / before.value;
      check.met = check.kept >= PERFORMANCE_TARGETS.minKeptShareAtScale;
      const largeRuns = inRun ? ratioByRepetition(scale.rows, row.scenario, after.basis) : undefined;
      const smallRuns = inRun ? ratioByRepetition(smallDatasetView(scale.rows), row.scenario, after.basis) : undefined;
      if (largeRuns && smallRuns?.length === largeRuns.length)
        check.keptByRepetition = largeRuns.map((value, i) => value / smallRuns[i]!);
    }
    checks.push(check);
  }
  return checks;
}

export function scaleComparison(scale: Report, small: Report | undefined): string {
  const share = `${Math.round(PERFORMANCE_TARGETS.minKeptShareAtScale * 100)}%`;
  const figure = (n: number | undefined) => (n === undefined ? '–' : n.toFixed(3));
  const inRun = hasSmallDatasetTwins(scale);
  const against = inRun
    ? 'Each row of ours (and of the baseline) ran on both datasets in the same rounds: on the large one as ours (baseline), on the small one as ours-small (baseline-small), a fresh database with the fixtures alone. Compared: each row’s req/s over the server its throughput target compares with, else over the hello-world ceiling, on each dataset; under the share kept, the same within each repetition.'
    : small
      ? `Compared with the small-dataset run of ${small.timestamp} (bench/results): each row's req/s over the server its throughput target compares with, else over the hello-world ceiling, each from its own run.`
      : 'No small-dataset run was found in bench/results to compare with.';
  const lines = [
    '',
    '## Scale: the same load against a large dataset',
    '',
    `Our database (and the baseline's, when there is one) held 100,000 more members, 1,000,000 enrollments and 1,000,000 issued access tokens (scripts/bench/fixtures/scale-data.ts). ${against}`,
    '',
    `| Scenario | ours ÷ | small dataset | large dataset | kept | ≥ ${share} |`,
    '|---|---|---:|---:|---:|---|',
  ];
  for (const c of keptAtScale(scale, small)) {
    const verdict = c.notJudged ? `not judged (${c.notJudged})` : c.met ? '✅' : '❌';
    const each = c.keptByRepetition
      ? `<br>each repetition: ${c.keptByRepetition.map((k) => `${Math.round(k * 100)}%`).join(', ')}`
      : '';
    lines.push(
      `| ${c.scenario} | ${c.basis} | ${figure(c.small)} | ${figure(c.large)} | ${c.kept === undefined ? '–' : `${Math.round(c.kept * 100)}%`}${each} | ${verdict} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}
