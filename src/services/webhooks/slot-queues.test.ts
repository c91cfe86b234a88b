// services/webhooks/slot-queues.ts: a slot never has two requests in flight, and the next goes
// once the last is answered, not once it is recorded.
import { describe, expect, it } from 'vitest';
import { SlotQueues } from './slot-queues.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('slot queues (one request in flight per slot)', () => {
  it('starts the next task on a slot when the last is answered, while it still records', async () => {
    const queues = new SlotQueues();
    const log: string[] = [];
    let answerFirst!: () => void;
    let recordFirst!: () => void;
    const first = queues.run('e/0', async ({ waited, answered }) => {
      log.push(`first starts (waited ${waited})`);
      await new Promise<void>((r) => (answerFirst = r));
      answered();
      await new Promise<void>((r) => (recordFirst = r));
      log.push('first recorded');
    });
    const second = queues.run('e/0', async ({ waited }) => {
      log.push(`second starts (waited ${waited})`);
    });
    const other = queues.run('e/1', async ({ waited }) => {
      log.push(`other slot starts (waited ${waited})`);
    });
    await tick();
    expect(log).toEqual(['first starts (waited false)', 'other slot starts (waited false)']);
    answerFirst();
    await tick();
    expect(log.at(-1)).toBe('second starts (waited true)');
    recordFirst();
    await Promise.all([first, second, other]);
    expect(log.at(-1)).toBe('first recorded');
  });

  it('does not hold a task behind one already answered, nor behind one that failed', async () => {
    const queues = new SlotQueues();
    let record!: () => void;
    const answeredOne = queues.run('e/0', async ({ answered }) => {
      answered();
      await new Promise<void>((r) => (record = r));
    });
    await tick();
    const turns: boolean[] = [];
    await queues.run('e/0', async ({ waited }) => void turns.push(waited));
    const failing = queues.run('e/0', () => Promise.reject(new Error('no answer'))).catch((error: unknown) => error);
    expect(await failing).toEqual(new Error('no answer'));
    await queues.run('e/0', async ({ waited }) => void turns.push(waited));
    expect(turns).toEqual([false, false]);
    record();
    await answeredOne;
  });
});
