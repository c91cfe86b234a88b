import { describe, expect, it } from 'vitest';
import { DeliveryLedger, eventKey, steadyRate, summarizeDelays } from './ledger.ts';

const published = eventKey('course.published', 'c1');
const archived = eventKey('course.archived', 'c1');

describe('delivery ledger (webhooks row)', () => {
  it('gives an event the delay from its write’s response to its receipt', async () => {
    const ledger = new DeliveryLedger();
    const outcome = ledger.committed(published, 1_000);
    ledger.arrived(published, 'msg_1', 1_250, true);
    await expect(outcome).resolves.toEqual({ receivedAt: 1_250, delayMs: 250, early: false, valid: true });
  });

  it('holds an event that arrived before its write’s response, with delay 0, marked early', async () => {
    const ledger = new DeliveryLedger();
    ledger.arrived(published, 'msg_1', 990, true);
    await expect(ledger.committed(published, 1_000)).resolves.toEqual({
      receivedAt: 990,
      delayMs: 0,
      early: true,
      valid: true,
    });
    expect(ledger.stats()).toEqual({ duplicates: 0, unclaimed: 0 });
  });

  it('counts a webhook-id seen before as a redelivery, never as the next change’s event (Standard Webhooks: at least once)', async () => {
    const ledger = new DeliveryLedger();
    const first = ledger.committed(published, 1_000);
    ledger.arrived(published, 'msg_1', 1_100, true);
    await first;
    // The same event again, then the course's next publish: only the new webhook-id answers it.
    ledger.arrived(published, 'msg_1', 1_200, true);
    const second = ledger.committed(published, 2_000);
    ledger.arrived(published, 'msg_2', 2_300, true);
    await expect(second).resolves.toMatchObject({ delayMs: 300 });
    expect(ledger.stats()).toEqual({ duplicates: 1, unclaimed: 0 });
  });

  it('keeps a change’s events apart by type: an archive’s event does not answer a publish', async () => {
    const ledger = new DeliveryLedger();
    const outcome = ledger.committed(published, 1_000);
    ledger.arrived(archived, 'msg_a', 1_050, true);
    ledger.arrived(published, 'msg_p', 1_400, true);
    await expect(outcome).resolves.toMatchObject({ delayMs: 400 });
    expect(ledger.stats()).toEqual({ duplicates: 0, unclaimed: 1 });
  });

  it('passes on an event whose signature or body failed, for its write to count', async () => {
    const ledger = new DeliveryLedger();
    const outcome = ledger.committed(published, 1_000);
    ledger.arrived(published, 'msg_1', 1_100, false);
    await expect(outcome).resolves.toMatchObject({ valid: false });
  });

  it('refuses to await one key twice, and stops awaiting an abandoned one', () => {
    const ledger = new DeliveryLedger();
    void ledger.committed(published, 1_000);
    expect(() => ledger.committed(published, 1_001)).toThrow(/already awaiting/);
    ledger.abandon(published);
    ledger.arrived(published, 'msg_late', 40_000, true);
    expect(ledger.stats()).toEqual({ duplicates: 0, unclaimed: 1 });
  });
});

describe('delay percentiles (nearest rank)', () => {
  it('takes the smallest delay with at least p% of the delays at or below it', () => {
    const delays = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted on purpose
    expect(summarizeDelays(delays)).toEqual({ p50: 50, p90: 90, p99: 99, max: 100, mean: 50.5 });
  });

  it('reports the worst of a few delays as their p99, not an interpolation below it', () => {
    expect(summarizeDelays([10, 1_000, 20])).toEqual({
      p50: 20,
      p90: 1_000,
      p99: 1_000,
      max: 1_000,
      mean: 343.3333333333333,
    });
  });

  it('gives zeros for a run without a single delay', () => {
    expect(summarizeDelays([])).toEqual({ p50: 0, p90: 0, p99: 0, max: 0, mean: 0 });
  });
});

describe('events per second of the writers (whole cycles)', () => {
  it('sums each writer’s rate from its first event to its last, whatever the phase of the first poll', () => {
    // Polls every 1,000 ms, the first 900 ms or 100 ms after the start: the same steady rate.
    const late = [{ events: 10, first: 900, last: 9_900 }];
    const early = [{ events: 10, first: 100, last: 9_100 }];
    expect(steadyRate(late, 0)).toBe(1);
    expect(steadyRate(early, 0)).toBe(1);
    expect(steadyRate([...late, ...early, ...late, ...early], 0)).toBe(4);
  });

  it('counts a writer with a single event from the start of the run, and one with none not at all', () => {
    expect(
      steadyRate(
        [
          { events: 1, first: 1_500, last: 1_500 },
          { events: 0, first: 0, last: 0 },
        ],
        500,
      ),
    ).toBe(1);
  });
});
