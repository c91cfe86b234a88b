// bench/README.md, "The large dataset": with it every row of ours keeps at least
// PERFORMANCE_TARGETS.minKeptShareAtScale of its small-dataset ratio. The ratio is the one its
// throughput target judges (ours ÷ oidc-provider, ours ÷ baseline), else ours ÷ the hello-world
// ceiling (targets.ts scaleRatio): each from its own run, so that a slower or busier machine on one
// day does not count. Peak RSS is judged in the Conditions section, as in every full run.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Report } from './report.ts';
import { PERFORMANCE_TARGETS, scaleRatio } from './targets.ts';

/** The newest full run without --scale in bench/results, if any. */
export function latestSmallDatasetReport(dir: string): Report | undefined {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.endsWith('-scale.json'))
    .sort();
  const newest = files.at(-1);
  if (!newest) return undefined;
  const report = JSON.parse(readFileSync(path.join(dir, newest), 'utf8')) as Report;
  return report.mode === 'full' ? report : undefined;
}

export type KeptCheck = {
  scenario: Report['summaries'][number]['scenario'];
  basis: string;
  small?: number;
  large?: number;
  kept?: number;
  met?: boolean;
  notJudged?: string;
};

/** Each row of ours in the scale run, judged against the same ratio in the small-dataset run. */
export function keptAtScale(scale: Report, small: Report | undefined): KeptCheck[] {
  const checks: KeptCheck[] = [];
  for (const row of scale.summaries) {
    if (row.target !== 'ours' || !row.median) continue;
    const after = scaleRatio(scale.summaries, row.scenario);
    if (!after) continue;
    const before = small ? scaleRatio(small.summaries, row.scenario) : undefined;
    const check: KeptCheck = { scenario: row.scenario, basis: after.basis, small: before?.value, large: after.value };
    if (!small) check.notJudged = 'no small-dataset run';
    else if (after.value === undefined) check.notJudged = `large dataset: ${after.missing}`;
    else if (before?.value === undefined) check.notJudged = `small dataset: ${before?.missing ?? 'row not run'}`;
    else {
      check.kept = after.value / before.value;
      check.met = check.kept >= PERFORMANCE_TARGETS.minKeptShareAtScale;
    }
    checks.push(check);
  }
  return checks;
}

export function scaleComparison(scale: Report, small: Report | undefined): string {
  const share = `${Math.round(PERFORMANCE_TARGETS.minKeptShareAtScale * 100)}%`;
  const figure = (n: number | undefined) => (n === undefined ? '–' : n.toFixed(3));
  const lines = [
    '',
    '## Scale: the same load against a large dataset',
    '',
    `Our database (and the baseline's, when there is one) held 100,000 more members, 1,000,000 enrollments and 1,000,000 issued access tokens (scripts/bench/fixtures/scale-data.ts). ${small ? `Compared with the small-dataset run of ${small.timestamp} (bench/results): each row's req/s over the server its throughput target compares with, else over the hello-world ceiling, each from its own run.` : 'No small-dataset run was found in bench/results to compare with.'}`,
    '',
    `| Scenario | ours ÷ | small dataset | large dataset | kept | ≥ ${share} |`,
    '|---|---|---:|---:|---:|---|',
  ];
  for (const c of keptAtScale(scale, small)) {
    const verdict = c.notJudged ? `not judged (${c.notJudged})` : c.met ? '✅' : '❌';
    lines.push(
      `| ${c.scenario} | ${c.basis} | ${figure(c.small)} | ${figure(c.large)} | ${c.kept === undefined ? '–' : `${Math.round(c.kept * 100)}%`} | ${verdict} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}
