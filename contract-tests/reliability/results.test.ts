// The shared writer of contract-tests/RESULTS.md: each suite replaces only its own section, and
// suites writing at once (parallel workers) lose nothing.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeResults } from './results.ts';

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
});
