import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HEAP_FLAGS, missingHeapFlags } from './heap-flags.ts';

const ours = HEAP_FLAGS.map(({ name, value }) => (value === null ? `--${name}` : `--${name}=${value}`));

describe('missingHeapFlags (the heap flags the process adds to itself)', () => {
  it('adds every flag to a plain `node src/main.ts`', () => {
    expect(missingHeapFlags([], undefined)).toEqual(ours);
    expect(missingHeapFlags([], '')).toEqual(ours);
  });

  it('adds nothing once the process runs with them (no second restart)', () => {
    expect(missingHeapFlags(ours, undefined)).toEqual([]);
  });

  it("keeps an operator's size from NODE_OPTIONS or the command line, in either spelling", () => {
    const others = (...kept: string[]) => ours.filter((flag) => !kept.some((k) => flag.startsWith(k)));
    expect(missingHeapFlags([], '--max-semi-space-size=64')).toEqual(others('--max-semi-space-size'));
    expect(missingHeapFlags(['--max_semi_space_size=64'], undefined)).toEqual(others('--max-semi-space-size'));
    expect(missingHeapFlags(['--heap_growing_percent=150', '--max-semi-space-size=64'], undefined)).toEqual(
      others('--max-semi-space-size', '--heap-growing-percent'),
    );
    expect(missingHeapFlags(['--max-old-space-size', '2048'], '--enable-source-maps')).toEqual(ours);
  });

  it('keeps pretenuring on when the operator turns it back on, in either spelling', () => {
    expect(missingHeapFlags(['--allocation-site-pretenuring'], undefined)).not.toContain(
      '--no-allocation-site-pretenuring',
    );
    expect(missingHeapFlags(['--allocation_site_pretenuring'], undefined)).not.toContain(
      '--no-allocation-site-pretenuring',
    );
    expect(missingHeapFlags([], undefined)).toContain('--no-allocation-site-pretenuring');
  });

  it('adds no size when --max-heap-size sizes the heap (ours would override it), only the other flags', () => {
    expect(missingHeapFlags([], '--max-heap-size=1024')).toEqual(
      ours.filter((flag) => !flag.startsWith('--max-semi-space-size')),
    );
  });
});

describe('applyHeapFlags', () => {
  it('restarts the process in place with the flags: same pid, and the flags on its command line', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const script = [
      "import { applyHeapFlags } from './src/process/heap-flags.ts';",
      'applyHeapFlags();',
      'console.log(JSON.stringify({ pid: process.pid, execArgv: process.execArgv }));',
    ].join('\n');
    const env = { ...process.env, NODE_OPTIONS: '' };
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, env });
    expect(child.status, child.stderr.toString()).toBe(0);
    const { pid, execArgv } = JSON.parse(child.stdout.toString()) as { pid: number; execArgv: string[] };
    expect(pid).toBe(child.pid);
    expect(execArgv).toEqual(expect.arrayContaining(ours));
  });
});
