// The run's summary: one line per operation on the console (requests, statuses, budget), and the
// full list of findings with their examples in contract-tests/reports/fuzz-findings.json (not
// committed), which is what a bug report is written from.
import { mkdirSync, writeFileSync } from 'node:fs';
import { poolSizes } from './id-pool.ts';
import type { RunResult } from './runner.ts';

export function writeSummary(
  results: ReadonlyMap<string, RunResult>,
  meta: { seed: number; runs: number; startedAt: number },
): void {
  const all = [...results.values()];
  const sent = all.reduce((n, r) => n + r.sent, 0);
  const seconds = ((Date.now() - meta.startedAt) / 1000).toFixed(1);
  const lines = [...results].map(([id, r]) => {
    const extra = [`${r.validRejected} valid answered 400`, ...(r.withheld ? [`${r.withheld} withheld`] : [])].join(
      ', ',
    );
    return `  ${id}: ${r.sent} sent (${r.valid} valid, ${r.invalid} invalid, ${extra})${r.interrupted ? ' [budget reached]' : ''} ${JSON.stringify(r.statuses)}`;
  });
  console.log(
    `fuzz: seed ${meta.seed}, ${meta.runs} runs per operation, ${results.size} operations, ${sent} requests in ${seconds} s\n${lines.join('\n')}\n  id pool: ${JSON.stringify(poolSizes())}`,
  );

  const findings = [...results].flatMap(([operation, r]) => r.findings.map((f) => ({ operation, ...f })));
  // Schema-valid requests a handler refused with 400: not failures (a handler may know rules the
  // schema cannot say), but worth a look, since the spec keeps 422 for broken rules.
  const validRejected = Object.fromEntries(
    [...results].filter(([, r]) => r.rejectedExamples.length).map(([id, r]) => [id, r.rejectedExamples]),
  );
  const notes = Object.fromEntries([...results].filter(([, r]) => r.notes?.length).map(([id, r]) => [id, r.notes]));
  mkdirSync('contract-tests/reports', { recursive: true });
  writeFileSync(
    'contract-tests/reports/fuzz-findings.json',
    JSON.stringify({ seed: meta.seed, runs: meta.runs, requests: sent, findings, validRejected, notes }, null, 2),
  );
}
