// bench/README.md, "The large dataset": with it every scenario keeps at least 80% of its small-dataset
// throughput, and peak RSS stays under 300 MB. Throughput is compared as the ratio to the
// hello-world ceiling of each run, so that a slower or busier machine on one day does not count.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Report } from './report.ts';

export const MIN_KEPT_SHARE = 0.8;
export const MAX_PEAK_RSS_MIB = 300 / 1.048576; // 300 MB

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

export function scaleComparison(scale: Report, small: Report | undefined): string {
  const ours = scale.summaries.filter((s) => s.target === 'ours' && s.ratios);
  const rss = scale.servers.find((s) => s.name === 'ours')?.vmHwmMiB ?? 0;
  const lines = [
    '',
    '## Scale: the same load against a large dataset',
    '',
    `Our database held 100,000 more members, 1,000,000 enrollments and 1,000,000 issued access tokens (scripts/bench/fixtures/scale-data.ts). ${small ? `Compared with the small-dataset run of ${small.timestamp} (bench/results), as ratios to each run's own ceiling.` : 'No small-dataset run was found in bench/results to compare with.'}`,
    '',
    '| Scenario | small dataset (× ceiling) | large dataset (× ceiling) | kept | ≥ 80% |',
    '|---|---:|---:|---:|---|',
  ];
  for (const row of ours) {
    const before = small?.summaries.find((s) => s.target === 'ours' && s.scenario === row.scenario)?.ratios?.reqPerSec;
    const after = row.ratios!.reqPerSec;
    const kept = before ? after / before : undefined;
    lines.push(
      `| ${row.scenario} | ${before?.toFixed(3) ?? '–'} | ${after.toFixed(3)} | ${kept ? `${Math.round(kept * 100)}%` : '–'} | ${kept === undefined ? '–' : kept >= MIN_KEPT_SHARE ? '✅' : '❌'} |`,
    );
  }
  lines.push(
    '',
    `Peak RSS of our service over the run: ${rss.toFixed(0)} MiB (${rss <= MAX_PEAK_RSS_MIB ? '✅' : '❌'} under 300 MB).`,
    '',
  );
  return lines.join('\n');
}
