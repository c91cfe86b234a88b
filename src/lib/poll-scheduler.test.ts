import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPollScheduler } from './poll-scheduler.ts';

/** A poll that records when it ran and waits for the test to end it. */
function controlledPoll() {
  const runs: number[] = [];
  let finish: ((next: number) => void) | undefined;
  const poll = () =>
    new Promise<number>((resolve) => {
      runs.push(Date.now());
      finish = resolve;
    });
  return { runs, poll, end: (next: number) => finish!(next) };
}

describe('the workers\' poll loop (docs/operations.md "Mail": poll soon after a write, else every poll interval)', () => {
  beforeEach(() => void vi.useFakeTimers({ now: 0 }));
  afterEach(() => void vi.useRealTimers());

  it('polls once at start, then after the delay the poll returned', async () => {
    const { runs, poll, end } = controlledPoll();
    const loop = createPollScheduler(poll, 1_000);
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([0]);
    end(500);
    await vi.advanceTimersByTimeAsync(499);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([0, 500]);
    const stopped = loop.stop();
    end(1_000); // the poll under way ends; stop waits for it
    await stopped;
  });

  it('never runs two polls at once: an ask during a poll is kept and made when it ends', async () => {
    const { runs, poll, end } = controlledPoll();
    const loop = createPollScheduler(poll, 1_000);
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    loop.schedule(0);
    loop.schedule(10);
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toHaveLength(1);
    end(1_000); // the poll found nothing, but a nudge came meanwhile: the sooner ask wins
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([0, 100]);
    const stopped = loop.stop();
    end(1_000); // the poll under way ends; stop waits for it
    await stopped;
  });

  it('a later ask does not postpone a poll already due sooner; a sooner one brings it forward', async () => {
    const { runs, poll, end } = controlledPoll();
    const loop = createPollScheduler(poll, 1_000);
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    end(1_000);
    await vi.advanceTimersByTimeAsync(0);
    loop.schedule(5_000);
    loop.schedule(25);
    await vi.advanceTimersByTimeAsync(25);
    expect(runs).toEqual([0, 25]);
    const stopped = loop.stop();
    end(1_000); // the poll under way ends; stop waits for it
    await stopped;
  });

  it('a poll that throws is tried again after the idle delay; after stop nothing runs', async () => {
    let calls = 0;
    const loop = createPollScheduler(() => {
      calls++;
      return Promise.reject(new Error('database away'));
    }, 1_000);
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    await loop.stop();
    loop.schedule(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(2);
  });

  it('stop waits for the poll under way', async () => {
    const { poll, end } = controlledPoll();
    const loop = createPollScheduler(poll, 1_000);
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(stopped).toBe(false);
    end(0);
    await stopping;
    expect(stopped).toBe(true);
  });
});
