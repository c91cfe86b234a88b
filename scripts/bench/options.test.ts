import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseOptions, REPO_ROOT } from './options.ts';

describe('bench options', () => {
  it('target 3: --baseline-dir adds the baseline target, from the flag or BENCH_BASELINE_DIR', () => {
    const fromFlag = parseOptions([`--baseline-dir=${REPO_ROOT}`, '--targets=ours'], {});
    expect(fromFlag.baselineDir).toBe(REPO_ROOT);
    expect(fromFlag.targets).toEqual(['hello-world', 'ours', 'baseline']);
    const fromEnv = parseOptions([], { BENCH_BASELINE_DIR: path.relative(process.cwd(), REPO_ROOT) || '.' });
    expect(fromEnv.baselineDir).toBe(REPO_ROOT);
    expect(fromEnv.targets).toContain('baseline');
  });

  it('target 3: without --baseline-dir no baseline runs, and asking for one is refused', () => {
    expect(parseOptions([], {}).targets).not.toContain('baseline');
    expect(parseOptions([], {}).baselineDir).toBeNull();
    expect(() => parseOptions(['--targets=baseline'], {})).toThrow('needs --baseline-dir');
  });

  it('a smoke run (npm run bench:smoke) is short and light: 1 s per row, 10 connections, unless told otherwise', () => {
    const smoke = parseOptions(['--smoke'], {});
    expect([smoke.durationSeconds, smoke.repetitions, smoke.connections, smoke.write]).toEqual([1, 1, 10, false]);
    expect(parseOptions([], {}).connections).toBe(50);
    expect(parseOptions(['--smoke', '--connections=30'], {}).connections).toBe(30);
  });

  it('refuses a baseline directory our service cannot start from', () => {
    expect(() => parseOptions(['--baseline-dir=/nonexistent-checkout'], {})).toThrow('no src/main.ts');
  });

  it('target 6: --scale runs ours and the baseline beside their small-dataset twins, which cannot be listed alone', () => {
    const scale = parseOptions(['--scale', `--baseline-dir=${REPO_ROOT}`, '--targets=ours,oidc-provider-pg'], {});
    expect(scale.targets).toEqual([
      'hello-world',
      'ours',
      'oidc-provider-pg',
      'baseline',
      'ours-small',
      'baseline-small',
    ]);
    expect(parseOptions(['--targets=ours'], {}).targets).toEqual(['hello-world', 'ours']);
    expect(() => parseOptions(['--targets=ours-small'], {})).toThrow('unknown "ours-small"');
  });
});
