// Group commit (lib/group-commit.ts): fewer statements, nothing lost, nothing mixed up.
import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit.ts';

function slowCounter() {
  let total = 0;
  const writes: number[] = [];
  const releases: Array<() => void> = [];
  const write = async (_key: string, items: unknown[]) => {
    writes.push(items.length);
    await new Promise<void>((resolve) => releases.push(resolve));
    total += items.length;
    return total;
  };
  return { write, writes, release: () => releases.shift()?.() };
}

describe('group commit', () => {
  it('carries what arrives during a write in the next one, and tells each caller its place in it (the rate-limit total as of its own hit)', async () => {
    const counter = slowCounter();
    const submit = createGroupCommit(counter.write);
    const first = submit('k', 1);
    await new Promise((r) => setTimeout(r, 0));
    const rest = Array.from({ length: 5 }, (_, i) => submit('k', i));
    expect(counter.writes).toEqual([1]);
    counter.release();
    expect(await first).toEqual({ outcome: 1, position: 1, size: 1 });
    await new Promise((r) => setTimeout(r, 0));
    expect(counter.writes).toEqual([1, 5]);
    counter.release();
    const carried = await Promise.all(rest);
    expect(carried.map(({ outcome, position, size }) => outcome - size + position)).toEqual([2, 3, 4, 5, 6]);
  });

  it('callers of one turn share the first write', async () => {
    const writes: unknown[][] = [];
    const submit = createGroupCommit(async (_key: string, items: string[]) => (writes.push(items), items.length));
    await Promise.all([submit('k', 'a'), submit('k', 'b'), submit('k', 'c')]);
    expect(writes).toEqual([['a', 'b', 'c']]);
  });

  it('keeps keys apart, and a failed write fails only the callers it carried', async () => {
    let calls = 0;
    const submit = createGroupCommit(async (key: string, items: number[]) => {
      calls += 1;
      if (calls === 1) throw new Error('database unavailable');
      return `${key}:${items.length}`;
    });
    await expect(submit('a', 1)).rejects.toThrow('database unavailable');
    expect((await submit('a', 1)).outcome).toBe('a:1');
    expect((await submit('b', 1)).outcome).toBe('b:1');
  });
});
