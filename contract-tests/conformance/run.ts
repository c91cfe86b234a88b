// Runs the public MCP conformance suite (@modelcontextprotocol/conformance, pinned in package.json)
// as its users do, through its command line, and reads the checks.json files it writes per
// scenario. The suite needs Node ≥ 22 (fs.globSync): it runs on the project's own Node.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type Check = {
  id: string;
  name: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
  details?: unknown;
};
export type ScenarioResult = { scenario: string; checks: Check[] };
export type Run = { exitCode: number | null; output: string; results: ScenarioResult[] };

const require = createRequire(import.meta.url);
const CLI = path.join(
  path.dirname(require.resolve('@modelcontextprotocol/conformance/package.json')),
  'dist',
  'index.js',
);

export const REPORTS_DIR = path.resolve(import.meta.dirname, '..', 'reports', 'conformance');

/** A fresh directory under contract-tests/reports/conformance/ for one run's results. */
export function freshOutputDir(name: string): string {
  const dir = path.join(REPORTS_DIR, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Runs `conformance <args> -o <outputDir>`; `onOutput` sees stdout as it arrives (the
 * authorization command prints the URL a person would open and then waits for the callback).
 */
export function runConformance(
  args: string[],
  outputDir: string,
  options: { timeoutMs: number; onOutput?: (soFar: string) => void },
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args, '--output-dir', outputDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`conformance ${args[0]} did not finish within ${options.timeoutMs} ms:\n${output}`));
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      options.onOutput?.(output);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, output, results: readResults(outputDir) });
    });
  });
}

/** Result folders are `<mode>-<scenario>-<ISO timestamp>`; each holds checks.json. */
function readResults(outputDir: string): ScenarioResult[] {
  if (!existsSync(outputDir)) return [];
  return readdirSync(outputDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(outputDir, entry.name, 'checks.json')))
    .map((entry) => ({
      scenario: entry.name.replace(/^(server|authorization-server)-/, '').replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, ''),
      checks: JSON.parse(readFileSync(path.join(outputDir, entry.name, 'checks.json'), 'utf8')) as Check[],
    }))
    .sort((a, b) => a.scenario.localeCompare(b.scenario));
}

/** `scenario:check` for every check that failed or warned (the suite's verdict counts both), sorted. */
export function failingChecks(results: ScenarioResult[]): string[] {
  return results
    .flatMap((r) =>
      r.checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING').map((c) => `${r.scenario}:${c.id}`),
    )
    .sort();
}

export function findCheck(results: ScenarioResult[], scenario: string, id: string): Check | undefined {
  return results.find((r) => r.scenario === scenario)?.checks.find((c) => c.id === id);
}
