import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HEAP_FLAGS, missingHeapFlags } from './heap-flags.ts';

const ours = HEAP_FLAGS.map(({ name, value }) => `--${name}=${value}`);

describe('missingHeapFlags (the heap flags the process adds to itself)', () => {
  it('adds every flag to a plain `node src/main.ts`', () => {
    expect(missingHeapFlags([], undefined)).toEqual(ours);
    expect(missingHeapFlags([], '')).toEqual(ours);
  });

  it('adds nothing once the process runs with them (no second restart)', () => {
    expect(missingHeapFlags(ours, undefined)).toEqual([]);
  });

  it("keeps an operator's size from NODE_OPTIONS or the command line, in either spelling", () => {
    expect(missingHeapFlags([], '--max-semi-space-size=64')).toEqual(['--heap-growing-percent=100']);
    expect(missingHeapFlags(['--max_semi_space_size=64'], undefined)).toEqual(['--heap-growing-percent=100']);
    expect(missingHeapFlags(['--heap_growing_percent=150', '--max-semi-space-size=64'], undefined)).toEqual([]);
    expect(missingHeapFlags(['--max-old-space-size', '2048'], '--enable-source-maps')).toEqual(ours);
  });

  it('adds no size when --max-heap-size sizes the heap (ours would override it), only the growth', () => {
    expect(missingHeapFlags([], '--max-heap-size=1024')).toEqual(['--heap-growing-percent=100']);
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
