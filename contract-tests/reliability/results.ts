// Writes the figures of the load and fault suites into contract-tests/reports/RESULTS.md (ignored
// by git: a test run changes no tracked file; docs/development.md "Tests"). Each suite owns one section, named by a key, and
// replaces only that section; the others stay as their last run left them. Suites run in parallel
// workers, so a write takes a lock (an exclusive create) and replaces the file atomically.
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const RESULTS_PATH = path.join(ROOT, 'contract-tests', 'reports', 'RESULTS.md');

const HEADER = `# Reliability results

Written by the test runs themselves, through \`contract-tests/reliability/results.ts\`:
every run of a load, fault or hostile-input suite replaces its own section below with the figures
it measured, so each section shows that suite's latest run, on the machine, commit and database it
names. Nothing here is edited by hand; rerun a suite to refresh its section.
`;

export type Figure = [name: string, value: string | number, note?: string];

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

/** The database a run used, as a section key suffix and a label. */
export function databaseLabel(): string {
  return process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
}

function render(key: string, title: string, figures: Figure[], notes: string[]): string {
  const rows = figures.map(([name, value, note]) => `| ${name} | ${value} | ${note ?? ''} |`).join('\n');
  const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  return [
    `<!-- section:${key} -->`,
    `## ${title}`,
    '',
    `Run ${when} at commit ${commit()}; ${os.cpus().length} CPU cores, Node ${process.version}.`,
    '',
    '| Figure | Value | Note |',
    '|---|---|---|',
    rows,
    ...(notes.length ? ['', ...notes.map((n) => `- ${n}`)] : []),
    `<!-- /section:${key} -->`,
  ].join('\n');
}

async function withLock<T>(file: string, work: () => T): Promise<T> {
  const lock = `${file}.lock`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock left by a killed worker is stale after a few seconds: writes take milliseconds.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 5_000) rmSync(lock, { force: true });
      if (Date.now() > deadline) throw new Error(`${lock} held for over 10 s`, { cause: error });
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Replaces (or appends) the section `key` of RESULTS.md; sections stay in key order. */
export async function writeResults(
  key: string,
  title: string,
  figures: Figure[],
  notes: string[] = [],
  file = RESULTS_PATH,
): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  await withLock(file, () => {
    const current = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
    const sections = new Map<string, string>();
    for (const match of current.matchAll(/<!-- section:([^ ]+) -->[\s\S]*?<!-- \/section:\1 -->/g))
      sections.set(match[1]!, match[0]);
    sections.set(key, render(key, title, figures, notes));
    const body = [...sections.keys()]
      .sort()
      .map((k) => sections.get(k)!)
      .join('\n\n');
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${HEADER}\n${body}\n`);
    renameSync(temporary, file);
  });
}
