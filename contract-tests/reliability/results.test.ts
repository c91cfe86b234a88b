// The shared writer of contract-tests/reports/RESULTS.md: each suite replaces only its own section,
// suites writing at once (parallel workers) lose nothing, and the file is one git ignores, so a test
// run changes no tracked file (docs/development.md "Tests").
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESULTS_PATH, writeResults } from './results.ts';

describe('RESULTS.md writer (figures written by the run itself)', () => {
  it('replaces only the section of the suite that writes, and keeps concurrent writers’ sections', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'results-')), 'RESULTS.md');
    await Promise.all(
      ['b-suite', 'a-suite', 'c-suite'].map((key, i) =>
        writeResults(key, `Suite ${key}`, [['requests sent', i]], [], file),
      ),
    );
    await writeResults('b-suite', 'Suite b-suite', [['requests sent', 42, 'second run']], ['a note'], file);
    const text = readFileSync(file, 'utf8');
    expect(text.match(/^## Suite .*$/gm)).toEqual(['## Suite a-suite', '## Suite b-suite', '## Suite c-suite']);
    expect(text).toContain('| requests sent | 42 | second run |');
    expect(text).not.toContain('| requests sent | 0 |');
    expect(text).toContain('| requests sent | 1 |');
    expect(text).toContain('- a note');
    expect(text.startsWith('# Reliability results')).toBe(true);
  });

  it('creates the folder it writes into', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'results-')), 'reports', 'RESULTS.md');
    await writeResults('a-suite', 'Suite a-suite', [['requests sent', 1]], [], file);
    expect(readFileSync(file, 'utf8')).toContain('## Suite a-suite');
  });

  it('writes by default under contract-tests/reports/, which git ignores (tests write nothing tracked)', () => {
    const root = path.resolve(import.meta.dirname, '..', '..');
    expect(path.relative(root, RESULTS_PATH)).toBe(path.join('contract-tests', 'reports', 'RESULTS.md'));
    // check-ignore exits 0 and names the path when an ignore rule covers it, and 1 otherwise.
    const ignored = execFileSync('git', ['check-ignore', '--no-index', RESULTS_PATH], { cwd: root, encoding: 'utf8' });
    expect(ignored.trim()).toBe(RESULTS_PATH);
  });
});
