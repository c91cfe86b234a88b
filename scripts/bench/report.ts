// Turns the runs into figures: medians over the repetitions, ratios to the hello-world ceiling
// measured in the same run (information), our performance targets judged by targets.ts, and the
// two files of a result (bench/RESULTS.md for people, bench/results/<timestamp>.json for tools).
import type { Machine, Versions } from './environment.ts';
import type { Measurement } from './load.ts';
import type { Options } from './options.ts';
import type { ChainStats } from './refresh-chains.ts';
import { WRITERS as WEBHOOK_WRITERS } from './webhooks/driver.ts';
import { SCENARIO_TITLES, WITHOUT_CEILING, type ScenarioId, type TargetId } from './scenarios.ts';
import {
  judgeThroughput,
  p99Met,
  PERFORMANCE_TARGETS,
  versusReference,
  type PeakRssCheck,
  type ThroughputCheck,
  type VersusReference,
} from './targets.ts';

export type RowResult = {
  scenario: ScenarioId;
  target: TargetId;
  skipped?: string;
  runs: Measurement[];
  chains?: ChainStats;
};

export type Figures = {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  p99OverP50: number;
  serverCpuMicrosPerRequest: number;
  serverKernelShare: number;
  postgresCpuMicrosPerRequest: number | null;
  /** Older result files lack it: null then. */
  postgresTransactionsPerRequest: number | null;
  serverCoreBusy: number;
  generatorCoreBusy: number;
  otherCores: number;
  peakRssMiB: number;
};

export type Summary = {
  /** Runs that ended without a single good response (a stalled server, or a run far too short). */
  emptyRuns?: number;
  scenario: ScenarioId;
  target: TargetId;
  skipped?: string;
  median?: Figures;
  /** Each figure divided by the ceiling's (req/s: higher is better; the rest: lower is better). */
  ratios?: { reqPerSec: number; p50Ms: number; p99Ms: number; serverCpuMicrosPerRequest: number; peakRssMiB: number };
  problems: { non2xx: Record<string, number>; mismatches: number; errors: number; timeouts: number };
  chains?: ChainStats;
  /** Our rows with a throughput target: req/s over the reference server's in the same run (smoke runs too). */
  versus?: VersusReference;
  /**
   * Our performance targets (targets.ts), for our service's rows (full runs only). A tail over the
   * line carries the ceiling's own p99/p50 of the same run: the machine's floor (the hello-world
   * server does nothing, so its tail is the host's and the kernel's).
   */
  target_check?: { throughput?: ThroughputCheck; p99Met: boolean; ceilingP99OverP50?: number };
};

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function figuresOf(runs: Measurement[]): Figures {
  const m = (pick: (r: Measurement) => number) => median(runs.map(pick));
  const pg = runs.map((r) => r.postgresCpuMicrosPerRequest).filter((v): v is number => v !== null);
  const xacts = runs
    .map((r) => r.postgresTransactionsPerRequest)
    .filter((v): v is number => v !== null && v !== undefined);
  const p50 = m((r) => r.latencyMs.p50);
  const p99 = m((r) => r.latencyMs.p99);
  return {
    reqPerSec: m((r) => r.reqPerSec),
    p50Ms: p50,
    p99Ms: p99,
    // The median of each run's own ratio: a tail that is bad in one run only does not vanish.
    p99OverP50: m((r) => (r.latencyMs.p50 ? r.latencyMs.p99 / r.latencyMs.p50 : 0)),
    serverCpuMicrosPerRequest: m((r) => r.serverCpuMicrosPerRequest),
    // Older result files lack it; 0 then.
    serverKernelShare: m((r) => r.serverKernelShare ?? 0),
    postgresCpuMicrosPerRequest: pg.length ? median(pg) : null,
    postgresTransactionsPerRequest: xacts.length ? median(xacts) : null,
    serverCoreBusy: m((r) => r.serverCoreBusy),
    generatorCoreBusy: m((r) => r.generatorCoreBusy),
    otherCores: m((r) => r.otherCores),
    peakRssMiB: Math.max(...runs.map((r) => r.peakRssBytes)) / 2 ** 20,
  };
}

function problemsOf(runs: Measurement[]): Summary['problems'] {
  const non2xx: Record<string, number> = {};
  for (const run of runs)
    for (const [status, count] of Object.entries(run.non2xx)) non2xx[status] = (non2xx[status] ?? 0) + count;
  return {
    non2xx,
    mismatches: runs.reduce((s, r) => s + r.mismatches, 0),
    errors: runs.reduce((s, r) => s + r.errors, 0),
    timeouts: runs.reduce((s, r) => s + r.timeouts, 0),
  };
}

export function problemCount(summary: Summary): number {
  const p = summary.problems;
  return (
    Object.values(p.non2xx).reduce((a, b) => a + b, 0) +
    p.mismatches +
    p.errors +
    p.timeouts +
    (summary.chains?.broken ?? 0) +
    (summary.emptyRuns ?? 0)
  );
}

export function summarize(results: RowResult[], judgeTargets: boolean): Summary[] {
  const ceilingRuns = results.find((r) => r.scenario === 'hello-world')?.runs ?? [];
  const ceiling = ceilingRuns.length ? figuresOf(ceilingRuns) : undefined;
  const summaries = results.map((row) => {
    const emptyRuns = row.runs.filter((r) => r.ok === 0).length;
    const base: Summary = {
      scenario: row.scenario,
      target: row.target,
      problems: problemsOf(row.runs),
      ...(row.chains ? { chains: row.chains } : {}),
      ...(emptyRuns ? { emptyRuns } : {}),
    };
    if (row.skipped || !row.runs.length) return { ...base, skipped: row.skipped ?? 'no runs' };
    const median = figuresOf(row.runs);
    const summary: Summary = { ...base, median };
    if (ceiling && !WITHOUT_CEILING.includes(row.scenario)) {
      summary.ratios = {
        reqPerSec: median.reqPerSec / ceiling.reqPerSec,
        p50Ms: median.p50Ms / ceiling.p50Ms,
        p99Ms: median.p99Ms / ceiling.p99Ms,
        serverCpuMicrosPerRequest: median.serverCpuMicrosPerRequest / ceiling.serverCpuMicrosPerRequest,
        peakRssMiB: median.peakRssMiB / ceiling.peakRssMiB,
      };
    }
    return summary;
  });
  // Once every row has its figures: a row's reference may come after it in the round-robin order.
  for (const summary of summaries) {
    if (summary.target !== 'ours' || !summary.median || WITHOUT_CEILING.includes(summary.scenario)) continue;
    const versus = versusReference(summaries, summary.scenario);
    if (versus) {
      const byRepetition = pairedRatios(results, summary.scenario, versus.reference);
      // Judged by the median of the paired ratios: each pair ran back to back, so a host whose speed
      // drifts between rounds (±30% on a shared 2-core machine) weighs on both sides of each ratio,
      // where the medians of the two series may come from rounds of different speed.
      summary.versus =
        versus.reqPerSecRatio !== undefined && byRepetition
          ? { ...versus, reqPerSecRatio: median(byRepetition), byRepetition, ofMedians: versus.reqPerSecRatio }
          : versus;
    }
    if (!judgeTargets) continue;
    const throughput = judgeThroughput(summary.scenario, summary.versus);
    const tailMet = p99Met(summary.median.p99OverP50);
    summary.target_check = {
      ...(throughput ? { throughput } : {}),
      p99Met: tailMet,
      ...(!tailMet && ceiling ? { ceilingP99OverP50: ceiling.p99OverP50 } : {}),
    };
  }
  return summaries;
}

/**
 * Ours ÷ the reference within each repetition: the i-th runs of two rows ran in the same round of
 * the round-robin, minutes apart at most, so a host whose speed drifts over the run weighs on both.
 * The reference's row is of the same scenario unless `referenceScenario` says otherwise (the
 * hello-world ceiling's). Undefined unless both rows have the same number (two or more) of runs with responses.
 */
export function pairedRatios(
  results: readonly RowResult[],
  scenario: ScenarioId,
  reference: TargetId,
  referenceScenario: ScenarioId = scenario,
): number[] | undefined {
  const runsOf = (s: ScenarioId, target: TargetId) =>
    results.find((r) => r.scenario === s && r.target === target)?.runs ?? [];
  const ours = runsOf(scenario, 'ours');
  const theirs = runsOf(referenceScenario, reference);
  if (ours.length < 2 || ours.length !== theirs.length || theirs.some((r) => !r.reqPerSec)) return undefined;
  return ours.map((run, i) => run.reqPerSec / theirs[i]!.reqPerSec);
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const dec = (n: number, digits = 2) => n.toFixed(digits);
/** A rate: whole numbers, but a tenth below 100 (the webhooks row's few events a second would round away their differences). */
export const rate = (n: number) => (n < 100 ? n.toFixed(1) : int(n));
const ratio = (n: number | undefined) => (n === undefined ? '' : ` (${n >= 10 ? n.toFixed(0) : n.toFixed(2)}×)`);

/** Ours ÷ the reference of the row's throughput target, or why there is none. */
function versusCell(s: Summary): string {
  const v = s.versus;
  if (!v) return '';
  if (v.reqPerSecRatio === undefined) return `– (${v.missing})`;
  const each = v.byRepetition
    ? `<br>each repetition: ${v.byRepetition.map((r) => r.toFixed(2)).join(', ')}${v.ofMedians === undefined ? '' : `<br>of the medians: ${v.ofMedians.toFixed(2)}`}`
    : '';
  return `${v.reqPerSecRatio.toFixed(2)}× ${v.reference}${each}`;
}

function targetCell(s: Summary): string {
  const t = s.target_check;
  if (!t) return '';
  const parts: string[] = [];
  const throughput = t.throughput;
  if (throughput)
    parts.push(
      throughput.notJudged === undefined
        ? `${throughput.met ? '✅' : '❌'} ≥ ${throughput.minRatio.toFixed(2)}× ${throughput.reference}`
        : `${throughput.minRatio.toFixed(2)}× ${throughput.reference}: not judged (${throughput.notJudged})`,
    );
  parts.push(
    `${t.p99Met ? '✅' : '❌'} p99 ≤ ${PERFORMANCE_TARGETS.maxP99OverP50}×p50` +
      (t.ceilingP99OverP50 === undefined ? '' : ` (the ceiling's own: ${t.ceilingP99OverP50.toFixed(1)})`),
  );
  return parts.join('<br>');
}

function problemsCell(s: Summary): string {
  const parts = Object.entries(s.problems.non2xx).map(([status, n]) => `${n}×${status}`);
  if (s.problems.mismatches) parts.push(`${s.problems.mismatches} bad bodies`);
  if (s.problems.errors) parts.push(`${s.problems.errors} socket errors`);
  if (s.problems.timeouts) parts.push(`${s.problems.timeouts} timeouts`);
  if (s.chains?.broken) parts.push(`${s.chains.broken} broken chains`);
  if (s.emptyRuns) parts.push(`${s.emptyRuns} runs without a good response`);
  return parts.length ? parts.join(', ') : '0';
}

// Each column with its alignment: text columns left, figures right.
const COLUMNS: ReadonlyArray<readonly [title: string, align: '---' | '---:']> = [
  ['Scenario', '---'],
  ['Server', '---'],
  ['req/s (× ceiling)', '---:'],
  ['req/s ÷ reference', '---:'],
  ['p50 ms (×)', '---:'],
  ['p99 ms (×)', '---:'],
  ['p99/p50', '---:'],
  ['server CPU µs/req (×)', '---:'],
  ['of it kernel', '---:'],
  ['PostgreSQL CPU µs/req', '---:'],
  ['PostgreSQL transactions/req', '---:'],
  ['server core busy', '---:'],
  ['other load (cores)', '---:'],
  ['peak RSS MiB (×)', '---:'],
  ['errors', '---'],
  ['target', '---'],
];
const tableRow = (cells: string[]) => `| ${cells.join(' | ')} |`;

export function table(summaries: Summary[]): string {
  const lines = [tableRow(COLUMNS.map(([title]) => title)), `|${COLUMNS.map(([, align]) => align).join('|')}|`];
  for (const s of summaries) {
    const name = `${SCENARIO_TITLES[s.scenario]}`;
    if (s.skipped || !s.median) {
      lines.push(tableRow([name, s.target, `skipped: ${s.skipped}`, ...Array<string>(COLUMNS.length - 3).fill('')]));
      continue;
    }
    const m = s.median;
    const r = s.ratios;
    lines.push(
      tableRow([
        name,
        s.target,
        `${rate(m.reqPerSec)}${ratio(r?.reqPerSec)}`,
        versusCell(s),
        `${dec(m.p50Ms)}${ratio(r?.p50Ms)}`,
        `${dec(m.p99Ms)}${ratio(r?.p99Ms)}`,
        dec(m.p99OverP50, 1),
        `${int(m.serverCpuMicrosPerRequest)}${ratio(r?.serverCpuMicrosPerRequest)}`,
        `${Math.round(m.serverKernelShare * 100)}%`,
        m.postgresCpuMicrosPerRequest === null ? '–' : int(m.postgresCpuMicrosPerRequest),
        m.postgresTransactionsPerRequest === null ? '–' : dec(m.postgresTransactionsPerRequest),
        `${Math.round(m.serverCoreBusy * 100)}%`,
        dec(m.otherCores),
        `${dec(m.peakRssMiB, 0)}${ratio(r?.peakRssMiB)}`,
        problemsCell(s),
        targetCell(s),
      ]),
    );
  }
  return lines.join('\n');
}

function chainsSection(summaries: Summary[]): string {
  const rows = summaries.filter((s) => s.chains);
  if (!rows.length) return '';
  const lines = [
    '## Refresh-token chains',
    '',
    'Each connection rotates its own chains; every request sends the refresh token the previous response returned. *Broken*: the server refused a rotation during the load (a real failure). *Lost at stop*: the generator hung up with the request in flight and the retry afterwards was refused (our service accepts that retry within its reuse grace window; oidc-provider has none, so it revokes the grant, and the harness gives it spare chains).',
    '',
    '| Server | chains | rotations | broken | lost at stop | recovered at stop | refusals |',
    '|---|---:|---:|---:|---:|---:|---|',
  ];
  for (const s of rows) {
    const c = s.chains!;
    const reasons =
      Object.entries(c.failures)
        .map(([reason, n]) => `${n}× ${reason}`)
        .join(', ') || '–';
    lines.push(
      `| ${s.target} | ${c.chains} | ${int(c.rotations)} | ${c.broken} | ${c.lost} | ${c.recovered} | ${reasons} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export type Report = {
  timestamp: string;
  mode: 'full' | 'smoke';
  command: string;
  options: Options;
  /** How PostgreSQL ran: pinned beside the load generator, or unpinned and why. */
  postgres?: string;
  machine: Machine;
  versions: Versions;
  servers: { name: string; vmHwmMiB: number }[];
  /** The peak RSS target (targets.ts), judged in full runs only. */
  peakRssCheck?: PeakRssCheck;
  summaries: Summary[];
  rows: RowResult[];
};

/** What the webhooks row's columns mean, when it ran: its figures are events, not requests. */
function webhooksNote(report: Report): string {
  const row = report.summaries.find((s) => s.scenario === 'webhooks' && s.median);
  if (!row) return '';
  const poll = report.options.webhookPollMs;
  return `The webhooks row counts events, not requests: *req/s* is the most events delivered per second (${WEBHOOK_WRITERS} writers as fast as they go, each waiting for its event before its next write; each writer's rate over whole cycles, summed), *p50* and *p99* the delay from a write's response (its commit) to the event's arrival at a receiver on 127.0.0.1 with the writers paced at half that rate, CPU and transactions per event those of the maximum, covering the write, the worker's claim, the signed POST and its record; every signature verified. It runs on an instance of its own in development mode (the service refuses loopback receivers in production), with WEBHOOK_POLL_MS ${poll === null || poll === undefined ? "at the service's default" : `= ${poll}`}. No ratios: nothing in the ceiling corresponds.\n\n`;
}

/** The Conditions lines that concern the targets: the baseline's commit and the peak RSS verdict (also printed by run.ts). */
export function runTargetLines(report: Report): string[] {
  const { versions: v, options: o } = report;
  return [
    `- Baseline: ${v.baseline && o.baselineDir ? `our service at ${v.baseline}, from ${o.baselineDir} (--baseline-dir)` : 'none (no --baseline-dir): the targets against a baseline commit are not judged'}.`,
    `- Peak RSS target: ${peakRssLine(report)}.`,
  ];
}

function peakRssLine(report: Report): string {
  const check = report.peakRssCheck;
  const limit = `${PERFORMANCE_TARGETS.maxPeakRssMiB} MiB`;
  if (check) return `${check.met ? '✅' : '❌'} ours ${check.peakMiB.toFixed(0)} MiB ≤ ${limit}`;
  return `ours ≤ ${limit}: not judged (${report.mode === 'smoke' ? 'smoke run' : 'our service did not run'})`;
}

export function markdown(report: Report): string {
  const { machine: mc, versions: v, options: o } = report;
  const others = report.summaries.filter((s) => s.median).map((s) => s.median!.otherCores);
  const generator = report.summaries.filter((s) => s.median).map((s) => s.median!.generatorCoreBusy);
  const skipped = report.summaries.filter((s) => s.skipped);
  return `# Benchmark results

Written by \`${report.command}\` on ${report.timestamp} (${report.mode} run). Do not edit by hand: \`npm run bench\` rewrites this file; every run also keeps \`bench/results/${report.timestamp.replace(/[:.]/g, '-')}.json\`. How the harness works: [bench/README.md](README.md).

${o.connections} connections, ${o.durationSeconds} s measured after ${o.warmupSeconds} s of warm-up, ${o.repetitions} repetitions interleaved round-robin over all rows; figures are medians over the repetitions (peak RSS: the highest), and *req/s ÷ reference* the median of the ratios within each repetition (each pair ran back to back; the ratio of the medians is shown beside it). Server pinned to core ${o.serverCore}, load generator (autocannon, in the harness process) to core ${o.generatorCore}; ${report.postgres ?? 'PostgreSQL unpinned'}. Ratios in parentheses are to the express hello-world ceiling of the same run, for information; *req/s ÷ reference* is what the throughput targets judge: ours over the server each one compares with, measured in the same run (targets: [bench/README.md](README.md#targets)).

${table(report.summaries)}

${webhooksNote(report)}${skipped.length ? `Skipped: ${skipped.map((s) => `${s.scenario} on ${s.target} (${s.skipped})`).join('; ')}.\n` : ''}
${chainsSection(report.summaries)}
## Conditions

- Machine: ${mc.nproc} cores, ${mc.model}, ${mc.memoryGiB} GiB memory, ${mc.kernel}.
- Versions: Node ${v.node}, PostgreSQL ${v.postgres}, oidc-provider ${v.oidcProvider}, express ${v.express}, autocannon ${v.autocannon}; ours at ${v.ours}.
- Load generator core busy (median of rows): ${generator.length ? `${Math.round(median(generator) * 100)}%, highest ${Math.round(Math.max(...generator) * 100)}%` : '–'} — below 100%, so the server, not the generator, set the pace.
- Other work on the machine during the runs (median of rows): ${others.length ? `${median(others).toFixed(2)} cores, highest ${Math.max(...others).toFixed(2)}` : '–'} (this machine is shared; a busy neighbour shows here first).
- Peak RSS of each server process over the whole run (VmHWM): ${report.servers.map((s) => `${s.name} ${s.vmHwmMiB.toFixed(0)} MiB`).join(', ')}.
${runTargetLines(report).join('\n')}
- Priority: ${o.nice ? `servers and harness at nice ${o.nice} (the machine was shared), PostgreSQL unchanged` : 'unchanged (nice 0)'}.

## Notes

- Rate limits: our service runs with \`RATE_LIMIT_OVERRIDES=tokenPerClient=100000000,mcpToolCallsPerToken=100000000\`, so the load is never refused, while it still counts every hit in PostgreSQL as in production.
- oidc-provider's memory adapter gets a store of 5 million entries instead of its default 1,000, which the refresh load overruns within a second (evicting live refresh tokens); the adapter code is the library's own.
- oidc-provider serves no RFC 8414 document; its discovery row fetches \`/.well-known/openid-configuration\`.
`;
}
