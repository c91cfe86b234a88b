// The webhooks row's bookkeeping, free of I/O: which committed change each received event belongs
// to, and the delays' percentiles. A change is known by its event's type and the id of the
// resource in its data (`course.published <course id>`): each writer owns one course and waits for
// its event before its next write, so one key is awaited at a time. Delivery is at least once
// (Standard Webhooks "Delivery behaviour"), so a webhook-id seen before is a duplicate, never a
// second event; and an event may arrive before the response of the write that caused it (the
// worker can claim it between commit and the response reaching the client), so it waits here for
// its commit to be reported.

export type Outcome = {
  /** When the event arrived. */
  receivedAt: number;
  /** Receipt minus the commit's report, in milliseconds; 0 when the event came first. */
  delayMs: number;
  /** The event arrived before the write's response did. */
  early: boolean;
  /** Its signature verified and its body described the change. */
  valid: boolean;
};

type Arrival = { at: number; valid: boolean };

export const eventKey = (type: string, resourceId: string): string => `${type} ${resourceId}`;

export class DeliveryLedger {
  readonly #awaited = new Map<string, { committedAt: number; resolve: (outcome: Outcome) => void }>();
  readonly #early = new Map<string, Arrival>();
  readonly #seen = new Set<string>();
  #duplicates = 0;

  /** A write's response arrived at `at` (the change had committed): resolves when its event does. */
  committed(key: string, at: number): Promise<Outcome> {
    if (this.#awaited.has(key)) throw new Error(`already awaiting ${key}`);
    const arrival = this.#early.get(key);
    if (arrival) {
      this.#early.delete(key);
      return Promise.resolve(outcomeOf(at, arrival));
    }
    return new Promise((resolve) => this.#awaited.set(key, { committedAt: at, resolve }));
  }

  /** The receiver got event `webhookId` for `key` at `at`. */
  arrived(key: string, webhookId: string, at: number, valid: boolean): void {
    if (this.#seen.has(webhookId)) {
      this.#duplicates++;
      return;
    }
    this.#seen.add(webhookId);
    const awaited = this.#awaited.get(key);
    if (!awaited) {
      this.#early.set(key, { at, valid });
      return;
    }
    this.#awaited.delete(key);
    awaited.resolve(outcomeOf(awaited.committedAt, { at, valid }));
  }

  /** Stops waiting for `key` (its event did not come in time). */
  abandon(key: string): void {
    this.#awaited.delete(key);
  }

  /** Redeliveries of an event already received, and events no write of this run claimed. */
  stats(): { duplicates: number; unclaimed: number } {
    return { duplicates: this.#duplicates, unclaimed: this.#early.size };
  }
}

function outcomeOf(committedAt: number, arrival: Arrival): Outcome {
  return {
    receivedAt: arrival.at,
    delayMs: Math.max(0, arrival.at - committedAt),
    early: arrival.at < committedAt,
    valid: arrival.valid,
  };
}

/** One writer's events in a run: how many arrived, the first's and the last's arrival (ms). */
export type WriterSpan = { events: number; first: number; last: number };

/**
 * Events per second of writers that each wait for their event before the next write, summed over
 * the writers. Each writer's rate is taken over whole cycles, from its first event's arrival to its
 * last: the worker delivers in polls, so counting from the start of the run (whose first poll comes
 * at any moment of an interval) or up to a fixed end (which cuts a poll's batch in or out) would
 * move the figure by a batch in either direction. A writer with one event counts from `start`.
 */
export function steadyRate(spans: readonly WriterSpan[], start: number): number {
  let perMs = 0;
  for (const { events, first, last } of spans) {
    if (events >= 2 && last > first) perMs += (events - 1) / (last - first);
    else if (events === 1 && last > start) perMs += 1 / (last - start);
  }
  return perMs * 1000;
}

export type DelaySummary = { p50: number; p90: number; p99: number; max: number; mean: number };

/**
 * Exact nearest-rank percentiles (the smallest value with at least p% of the values at or below
 * it): a run holds tens to thousands of delays, few enough to sort, so no histogram rounds them.
 */
export function summarizeDelays(delaysMs: readonly number[]): DelaySummary {
  if (!delaysMs.length) return { p50: 0, p90: 0, p99: 0, max: 0, mean: 0 };
  const sorted = [...delaysMs].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return {
    p50: rank(50),
    p90: rank(90),
    p99: rank(99),
    max: sorted.at(-1)!,
    mean: sorted.reduce((sum, d) => sum + d, 0) / sorted.length,
  };
}
