// The member's progress, said once (services/percent-complete.ts): whole percent, rounded down, 100
// only once every published lecture is completed; no other file computes a share of 100.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { percentComplete } from './percent-complete.ts';

const SRC = path.resolve(import.meta.dirname, '..');
// A share: `(x * 100) / y` or `100 * x / y` in code; the analytics SQL's `100.0 *` is a course
// figure, named apart (db/repositories/analytics-courses.ts).
const SHARE_OF_100 = /\*\s*100\)?\s*\/|(?<![.\d])\b100\s*\*[^;\n]*\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('percent complete, one rule', () => {
  it('is a whole percent rounded down', () => {
    expect(percentComplete(1, 3)).toBe(33);
    expect(percentComplete(2, 3)).toBe(66);
    expect(percentComplete(199, 200)).toBe(99);
  });

  it('is 100 only once every published lecture is completed', () => {
    expect(percentComplete(3, 3)).toBe(100);
    expect(percentComplete(2, 3)).toBeLessThan(100);
  });

  it('stays within 0..100: no lectures is 0, completed lectures later unpublished do not lift it past 100', () => {
    expect(percentComplete(0, 0)).toBe(0);
    expect(percentComplete(5, 3)).toBe(100);
  });

  it('no other file of src/ computes a share of 100', () => {
    const offenders = sourceFiles(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((file) => file !== 'services/percent-complete.ts')
      .filter((file) => SHARE_OF_100.test(readFileSync(path.join(SRC, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the check recognises a share computed by hand (control)', () => {
    for (const line of ['Math.floor((completed * 100) / total)', '100 * done / all'])
      expect(SHARE_OF_100.test(line), line).toBe(true);
    for (const line of [
      'seconds * 1000 / 2',
      'digit(value, 1) * 100 + two(value, 2)',
      'Math.round(RETRY_JITTER * 100)',
      'least(100.0, 100.0 * coalesce(d.n, 0) / p.n)',
    ])
      expect(SHARE_OF_100.test(line), line).toBe(false);
  });
});
