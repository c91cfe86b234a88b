import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createGrantUseRecorder, GRANT_USE_RESOLUTION_MS, type GrantUseRecorder } from './grant-use.ts';

type Use = { grantId: string; at: Date };

describe('"last used" of grants, batched (docs/operations.md "Last used" of connected applications)', () => {
  let clock = Date.parse('2026-11-25T10:00:00Z');
  const now = () => new Date(clock);
  let recorder: GrantUseRecorder | undefined;
  afterEach(async () => {
    await recorder?.stop();
    recorder = undefined;
  });

  function recorderWith(write: (uses: readonly Use[]) => Promise<number>, onError?: (error: unknown) => void) {
    recorder = createGrantUseRecorder({} as Db, {
      flushIntervalMs: 3_600_000,
      now,
      write,
      ...(onError ? { onError } : {}),
    });
    return recorder;
  }

  it('writes every grant used since the last write in one statement, each once, at its first use', async () => {
    const batches: Use[][] = [];
    const r = recorderWith(async (uses) => (batches.push([...uses]), uses.length));
    const first = now();
    for (let i = 0; i < 50; i++) r.note('grant-a');
    clock += 5_000;
    r.note('grant-b');
    r.note('grant-a');
    await r.flush();
    expect(batches).toHaveLength(1);
    expect(batches[0]).toEqual([
      { grantId: 'grant-a', at: first },
      { grantId: 'grant-b', at: new Date(clock) },
    ]);
    await r.flush();
    expect(batches).toHaveLength(1); // nothing pending: no statement
  });

  it('notes a grant at most once a minute, and again after a minute', async () => {
    const written: string[] = [];
    const r = recorderWith(async (uses) => (written.push(...uses.map((u) => u.grantId)), uses.length));
    r.note('grant-a');
    await r.flush();
    clock += GRANT_USE_RESOLUTION_MS - 1;
    r.note('grant-a');
    await r.flush();
    expect(written).toEqual(['grant-a']);
    clock += 1;
    r.note('grant-a');
    await r.flush();
    expect(written).toEqual(['grant-a', 'grant-a']);
  });

  it('keeps the uses of a failed write for the next one, and writes what is pending on stop', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const written: Use[] = [];
    const r = recorderWith(
      async (uses) => {
        if (fail) throw new Error('database down');
        written.push(...uses);
        return uses.length;
      },
      (error) => errors.push(error),
    );
    const at = now();
    r.note('grant-a');
    await r.flush();
    expect(errors).toHaveLength(1);
    fail = false;
    await r.stop();
    recorder = undefined;
    expect(written).toEqual([{ grantId: 'grant-a', at }]);
  });

  it('flushes on its interval without being asked', async () => {
    const written: string[] = [];
    recorder = createGrantUseRecorder({} as Db, {
      flushIntervalMs: 20,
      now,
      write: async (uses) => (written.push(...uses.map((u) => u.grantId)), uses.length),
    });
    recorder.note('grant-z');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(written).toEqual(['grant-z']);
  });
});
