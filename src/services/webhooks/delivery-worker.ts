// The delivery worker: started by main.ts beside the server, stopped on SIGTERM after the
// attempts under way end (each is bounded by the request timeout). Every poll claims due
// deliveries (claimer.ts), signs each per Standard Webhooks with every live secret of its
// endpoint, POSTs it (webhook-post.ts) and records the outcome:
// - 2xx: succeeded (Standard Webhooks "Delivery behaviour": any 2xx is success);
// - not sent at all, `failed` at once, when the endpoint's owner may no longer read the event
//   (owner-standing.ts);
// - 410 Gone: the receiver asks never to be called again, so the endpoint is disabled at once;
// - anything else (3xx, 4xx, 5xx, timeout, network, refused address): tried again on the
//   retry schedule (retry-schedule.ts), `failed` when it is over; an endpoint on which a delivery
//   failed through its whole schedule without a success meanwhile is disabled (shouldDisable);
// - 429 or 503 with Retry-After: the receiver sets the pace (/webhooks.md "Pace"): the delivery
//   and its endpoint wait that long, clamped to the schedule's bounds, and it is no failure, up to
//   MAX_POSTPONEMENTS times per delivery.
// Every attempt is kept (webhook_delivery_attempts: time, duration, status, error class, the first
// 4 KB of the answer). A poll never waits for the attempts it starts: one attempt may take
// WEBHOOK_TIMEOUT_MS, and a slow receiver must not hold back deliveries due to other endpoints.
// What bounds the work is the number of attempts in flight, per endpoint (across instances, in the
// claim) and per instance, and an endpoint's own max_deliveries_per_second. An endpoint's bound is
// its slots: each held by one instance, which sends what it holds on a slot one after another
// (slot-queues.ts), up to DELIVERIES_PER_SLOT for a receiver that keeps up. A poll claims a batch
// with the secrets and owner standing of its endpoints in one transaction (claimer.ts); outcomes
// are written together (attempt-recorder.ts); connections are kept alive per origin and checked
// address (receiver-agents.ts). An instance killed between the POST and the outcome's write leaves
// a lease that runs out, and the delivery is sent again with the same webhook-id.
// A full claim, and a finished attempt whose endpoint (or this instance) was at its limit, are
// followed by another poll at once, and an event committed in this process nudges the worker
// (lib/wake-signal.ts), so delivery keeps up with writes instead of waiting out the poll interval;
// a poll that could only find nothing is not made.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../db/database.ts';
import { releaseClaims, type ClaimedDelivery, type SealedSecretRow } from '../../db/repositories/webhook-deliveries.ts';
import { markFailing } from '../../db/repositories/webhook-endpoints.ts';
import { AttemptRecorder } from './attempt-recorder.ts';
import { claimBatch, claimWithin, type ClaimedBatch } from './claimer.ts';
import { classifyDeliveryFailure, deliveryError, type DeliveryFailureCause } from './delivery-error.ts';
import { createPollScheduler } from '../../lib/poll-scheduler.ts';
import type { WakeSignal } from '../../lib/wake-signal.ts';
import { disableEndpoint } from './disable.ts';
import { ownerFactsAllow } from './owner-standing.ts';
import { ReceiverAgents } from './receiver-agents.ts';
import { PACING_STATUSES, parseRetryAfter } from './retry-after.ts';
import { clampRetryAfterMs, MAX_POSTPONEMENTS, retryDelayMs, shouldDisable } from './retry-schedule.ts';
import { openSecret } from './secrets.ts';
import { signedHeaders } from './signature.ts';
import { SlotQueues, type SlotTurn } from './slot-queues.ts';
import { postWebhook, type PostOutcome } from './webhook-post.ts';

type ClaimedEndpoint = ClaimedBatch['endpoints'] extends Map<string, infer E> ? E : never;

/** Decrypted secrets kept at most (by row id); the cache starts afresh beyond it. */
const SECRET_CACHE_SIZE = 1_000;

/** The fields of an attempt that sent nothing: no answer, no time spent. */
function unsent(delivery: ClaimedDelivery, cause: DeliveryFailureCause) {
  return {
    id: delivery.id,
    endpointId: delivery.endpoint_id,
    responseCode: null,
    error: deliveryError(cause),
    errorClass: classifyDeliveryFailure(cause),
    durationMs: 0,
    responseBody: null,
  };
}

export type DeliveryWorkerOptions = {
  /** WEBHOOK_RETRY_BASE_MS: the unit of the retry schedule, the first retry's wait. */
  retryBaseMs: number;
  /** WEBHOOK_POLL_MS: how often an idle worker looks for due deliveries. */
  pollMs: number;
  /** WEBHOOK_TIMEOUT_MS: one attempt's deadline, connect to last byte. */
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES: development only. */
  allowPrivateAddresses: boolean;
  /** Deliveries claimed per poll at most. */
  batch?: number;
  /** Attempts in flight on this instance at most. */
  maxInFlight?: number;
  /** Attempts in flight per endpoint, across instances. */
  perEndpoint?: number;
  /** Deliveries held on one slot at most: the one in flight and those next on it. */
  perSlot?: number;
};

/**
 * Attempts in flight to one endpoint at once, across instances: a receiver is never sent more
 * than this many requests at a time, and a slow one holds no more than this many of the slots.
 */
export const IN_FLIGHT_PER_ENDPOINT = 4;

/**
 * Deliveries this instance holds on one slot at most (claimDue): while one is in flight the next
 * are at hand, so a fast receiver's slot goes on at once instead of waiting for the outcome's
 * record and a new claim. A receiver still has no more than IN_FLIGHT_PER_ENDPOINT requests at once.
 */
export const DELIVERIES_PER_SLOT = 4;

/** An attempt answered 2xx within this makes its endpoint deep (DELIVERIES_PER_SLOT per slot) for DEEP_MS. */
const FAST_ATTEMPT_MS = 250;
/** How long an endpoint stays deep after its last fast success; any other answer ends it at once. */
const DEEP_MS = 60_000;
/** Deep endpoints kept at most (each is named in every claim). */
const MAX_DEEP = 256;

/** `wake`: the nudge of the services whose `db` this worker polls (createServices' deliveryWake). */
export type DeliveryWorkerDeps = { db: Db; keyEncryptionKey: Buffer; wake: WakeSignal; log?: Logger };

export type DeliveryWorker = { stop(): Promise<void> };

export function startDeliveryWorker(deps: DeliveryWorkerDeps, options: DeliveryWorkerOptions): DeliveryWorker {
  const batch = options.batch ?? 20;
  // Sockets waiting on receivers cost little; this only bounds memory if many receivers hang.
  const maxInFlight = options.maxInFlight ?? 100;
  const perEndpoint = options.perEndpoint ?? IN_FLIGHT_PER_ENDPOINT;
  const perSlot = options.perSlot ?? DELIVERIES_PER_SLOT;
  // Longer than an attempt can take, so a live instance's claim never runs out under it; one that
  // waited on its slot is sent only while its lease still covers a whole attempt (mayStillSend).
  const leaseMs = options.timeoutMs * 2 + 5_000;
  const owner = randomUUID();
  const queues = new SlotQueues();
  /** Endpoints whose receivers keep up, until the time given: their slots hold DELIVERIES_PER_SLOT. */
  const deepUntil = new Map<string, number>();
  /** Endpoints paused by their receiver (Retry-After) until the time given. */
  const pausedUntil = new Map<string, number>();
  /** Endpoints a 410 answered here, and when (performance.now()): what was claimed before is not sent. */
  const goneAt = new Map<string, number>();
  const loop = createPollScheduler(poll, options.pollMs);
  const schedule = (delayMs: number): void => loop.schedule(delayMs);
  const inFlight = new Set<Promise<void>>();
  /** Attempts in flight from this instance, per endpoint: whether a finished one freed a slot that held work back. */
  const perEndpointHere = new Map<string, number>();
  /** Deliveries whose outcome's transaction already claimed what their finish let go (RefillHook). */
  const refilled = new Set<string>();
  let stopping = false;
  const recorder = new AttemptRecorder(deps.db, {
    // A batch with an attempt whose endpoint (or this instance) was at its limit: the claim that
    // its freed slot calls for goes in the outcomes' transaction, instead of a poll of its own.
    wants: (records) =>
      !stopping &&
      (inFlight.size >= maxInFlight || records.some((r) => (perEndpointHere.get(r.endpointId) ?? 0) >= perEndpoint)),
    async within(trx, records) {
      // The batch's attempts are still counted in flight here; their slots are free once it commits.
      const limit = Math.min(batch, maxInFlight - inFlight.size + records.length);
      const claimed = limit > 0 ? await claimWithin(trx, claimLimits(limit)) : null;
      return () => {
        for (const record of records) refilled.add(record.id);
        if (!claimed) return;
        start(claimed);
        // A full claim may have left more due, as after a poll's.
        if (claimed.deliveries.length >= limit) schedule(0);
      };
    },
    failed: (error) => deps.log?.warn({ err: error }, 'webhook claim after outcomes failed; the next poll claims'),
  });
  const agents = new ReceiverAgents();

  function claimLimits(limit: number) {
    const now = Date.now();
    for (const [id, until] of deepUntil) if (until <= now) deepUntil.delete(id);
    for (const [id, until] of pausedUntil) if (until <= now) pausedUntil.delete(id);
    // No claim older than a lease still waits to be sent.
    for (const [id, at] of goneAt) if (performance.now() - at > leaseMs) goneAt.delete(id);
    return { limit, perEndpoint, perSlot, deep: [...deepUntil.keys()], leaseMs, owner };
  }
  const secretCache = new Map<string, string>();

  /** @returns when to poll again (lib/poll-scheduler.ts keeps any sooner ask made meanwhile). */
  async function poll(): Promise<number> {
    const limit = Math.min(batch, maxInFlight - inFlight.size);
    let claimed = 0;
    if (limit > 0) {
      try {
        const due = await claimBatch(deps.db, claimLimits(limit));
        claimed = due.deliveries.length;
        start(due);
      } catch (error) {
        deps.log?.warn({ err: error }, 'webhook delivery poll failed; trying again');
      }
    }
    // A full claim may have left more due: look again at once. A claim short of its limit took all
    // that may go now; what it left waits for a slot (each finished attempt polls), a pause or
    // the rate's second (the poll interval), or a write (the nudge): an immediate poll would
    // mostly find nothing and cost a transaction.
    return limit > 0 && claimed >= limit ? 0 : options.pollMs;
  }

  function start({ deliveries, endpoints }: ClaimedBatch): void {
    const claimedAt = performance.now();
    for (const delivery of deliveries) {
      const endpoint = endpoints.get(delivery.endpoint_id);
      const slot = `${delivery.endpoint_id}/${delivery.lease_slot}`;
      track(
        delivery.id,
        delivery.endpoint_id,
        queues.run(slot, (turn) => turnOf(delivery, endpoint, turn, claimedAt)),
      );
    }
  }

  /** A delivery's turn on its slot: sent, or given back when what happened while it waited says so. */
  async function turnOf(
    delivery: ClaimedDelivery,
    endpoint: ClaimedEndpoint | undefined,
    turn: SlotTurn,
    claimedAt: number,
  ): Promise<void> {
    if (!mayStillSend(delivery.endpoint_id, turn.waited, claimedAt)) {
      turn.answered();
      // Its finish frees nothing that a poll could use now: what held it back still holds.
      refilled.add(delivery.id);
      await releaseClaims(deps.db, owner, [delivery]);
      return;
    }
    await attempt(delivery, endpoint, turn.answered);
  }

  /**
   * Whether a claimed delivery goes now. Not when this worker is stopping, its endpoint's receiver
   * asked for time or is gone, it waited behind an attempt that failed or was slow (what waits on a
   * slot is for a receiver that keeps up), or its lease no longer covers a whole attempt.
   */
  function mayStillSend(endpointId: string, waited: boolean, claimedAt: number): boolean {
    if (stopping || (pausedUntil.get(endpointId) ?? 0) > Date.now()) return false;
    if ((goneAt.get(endpointId) ?? -Infinity) >= claimedAt) return false;
    if (waited && !((deepUntil.get(endpointId) ?? 0) > Date.now())) return false;
    return performance.now() - claimedAt < leaseMs - options.timeoutMs - 5_000;
  }

  /**
   * /webhooks.md "Pace": the wait a 429 or 503 with Retry-After asks for, clamped to the
   * schedule's bounds; null for any other answer.
   */
  function askedWaitMs(outcome: PostOutcome): number | null {
    if (outcome.status === null || !PACING_STATUSES.includes(outcome.status)) return null;
    const asked = parseRetryAfter(outcome.retryAfter, Date.now());
    return asked === null ? null : clampRetryAfterMs(asked, options.retryBaseMs);
  }

  /**
   * Whether the answer postpones the delivery (and pauses its endpoint, recordAttempts) rather
   * than failing it: up to MAX_POSTPONEMENTS times per delivery.
   */
  const postpones = (delivery: ClaimedDelivery, askedMs: number | null): askedMs is number =>
    askedMs !== null && delivery.postponements < MAX_POSTPONEMENTS;

  /**
   * What an answer says of its endpoint here, before the next on its slot goes: whether it keeps
   * up, is gone, or paused itself, as the outcome's record will say (so what this worker holds
   * for it waits as a new claim would).
   */
  function noteAnswer(delivery: ClaimedDelivery, outcome: PostOutcome, askedMs: number | null): void {
    const endpointId = delivery.endpoint_id;
    const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    if (!ok || outcome.durationMs > FAST_ATTEMPT_MS) deepUntil.delete(endpointId);
    else if (deepUntil.size < MAX_DEEP || deepUntil.has(endpointId)) deepUntil.set(endpointId, Date.now() + DEEP_MS);
    if (outcome.status === 410) goneAt.set(endpointId, performance.now());
    else if (postpones(delivery, askedMs)) pausedUntil.set(endpointId, Date.now() + askedMs);
  }

  function track(deliveryId: string, endpointId: string, work: Promise<void>): void {
    perEndpointHere.set(endpointId, (perEndpointHere.get(endpointId) ?? 0) + 1);
    const settled: Promise<void> = work
      .catch((error: unknown) => {
        // The lease runs out and the delivery is claimed again, as after a crash.
        deps.log?.warn({ err: error }, 'webhook delivery outcome not recorded; it will be tried again');
      })
      .finally(() => {
        const wasFull = inFlight.size >= maxInFlight || perEndpointHere.get(endpointId)! >= perEndpoint;
        inFlight.delete(settled);
        const left = perEndpointHere.get(endpointId)! - 1;
        if (left > 0) perEndpointHere.set(endpointId, left);
        else perEndpointHere.delete(endpointId);
        // A slot that was the limit is free: claim again at once (completions at the same moment
        // share one poll), so a busy endpoint is not held to perEndpoint per interval, unless the
        // outcome's own transaction claimed already. A slot that held nothing back frees nothing:
        // the poll would find nothing and cost a transaction.
        const claimedAlready = refilled.delete(deliveryId);
        if (wasFull && !claimedAlready) schedule(0);
      });
    inFlight.add(settled);
  }

  async function attempt(
    delivery: ClaimedDelivery,
    endpoint: ClaimedEndpoint | undefined,
    answered: () => void,
  ): Promise<void> {
    // /webhooks.md "Who may receive what": nothing goes out that the endpoint's owner may no longer
    // read. Not the receiver's failure: recorded as not sent, never retried, no failing run.
    if (!ownerFactsAllow(endpoint?.owner, delivery.event_type)) {
      answered();
      await recorder.record({
        ...unsent(delivery, { kind: 'owner_standing' }),
        status: 'failed',
        retryInMs: null,
        postponed: false,
      });
      return;
    }
    const now = new Date();
    let headers: Record<string, string>;
    try {
      const secrets = (endpoint?.secrets ?? []).map((row) => secretOf(row));
      headers = signedHeaders(delivery.event_id, delivery.payload, secrets, now);
    } catch (error) {
      // A secret that does not decrypt (another KEY_ENCRYPTION_KEY) is a failed attempt, on the
      // schedule like any other, never a claim held until its lease runs out again and again.
      deps.log?.error({ err: error, endpoint_id: delivery.endpoint_id }, 'webhook delivery cannot be signed');
      deepUntil.delete(delivery.endpoint_id);
      answered();
      const signing = deliveryError({ kind: 'signing' });
      await settle(
        delivery,
        { status: null, error: signing, errorClass: 'signing', durationMs: 0, body: null, retryAfter: undefined },
        null,
      );
      return;
    }
    const outcome = await postWebhook(
      delivery.url,
      delivery.payload,
      { ...headers },
      {
        allowSpecialUseAddresses: options.allowPrivateAddresses,
        timeoutMs: options.timeoutMs,
        agents,
      },
    );
    const askedMs = askedWaitMs(outcome);
    noteAnswer(delivery, outcome, askedMs);
    answered();
    await settle(delivery, outcome, askedMs);
  }

  /** A decrypted secret, kept by its row's id: a secret's row never changes, only goes. */
  function secretOf(row: SealedSecretRow): string {
    let secret = secretCache.get(row.id);
    if (secret === undefined) {
      if (secretCache.size >= SECRET_CACHE_SIZE) secretCache.clear();
      secret = openSecret(deps.keyEncryptionKey, row);
      secretCache.set(row.id, secret);
    }
    return secret;
  }

  /** `askedMs`: what the answer asked for (askedWaitMs). */
  async function settle(delivery: ClaimedDelivery, outcome: PostOutcome, askedMs: number | null): Promise<void> {
    const common = {
      id: delivery.id,
      endpointId: delivery.endpoint_id,
      responseCode: outcome.status,
      error: outcome.error,
      errorClass: outcome.errorClass,
      durationMs: outcome.durationMs,
      responseBody: outcome.body,
    };
    if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) {
      await recorder.record({ ...common, status: 'succeeded', retryInMs: null, postponed: false });
      return;
    }
    if (outcome.status === 410) {
      await recorder.record({ ...common, status: 'failed', retryInMs: null, postponed: false });
      await disable(delivery, 'gone');
      return;
    }
    // /webhooks.md "Pace": a 429 or 503 with Retry-After is the receiver setting the pace, not
    // failing: the delivery (and its endpoint) waits that long, up to MAX_POSTPONEMENTS times.
    if (postpones(delivery, askedMs)) {
      await recorder.record({ ...common, status: null, retryInMs: askedMs, postponed: true });
      return;
    }
    // The failing run is marked before the retry is scheduled (both on the database's clock): a
    // run then starts no later than its first retry's wait, and a delivery that used up its
    // schedule within one run has failed for at least a whole window (retryWindowMs).
    const failingForMs = await markFailing(deps.db, delivery.endpoint_id);
    // Postponed attempts are no step of the schedule: it counts failures only.
    const scheduled = retryDelayMs(delivery.attempts - delivery.postponements, options.retryBaseMs);
    const wait = scheduled === null ? null : Math.max(scheduled, askedMs ?? 0);
    await recorder.record({ ...common, status: wait === null ? 'failed' : null, retryInMs: wait, postponed: false });
    if (shouldDisable(failingForMs, wait === null, options.retryBaseMs)) await disable(delivery, 'failing');
  }

  async function disable(delivery: ClaimedDelivery, reason: 'gone' | 'failing'): Promise<void> {
    if (await disableEndpoint(deps.db, delivery.site_id, delivery.endpoint_id, reason))
      deps.log?.warn({ endpoint_id: delivery.endpoint_id, reason }, 'webhook endpoint disabled');
  }

  // The nudge comes once deliveries are committed (db/committed-writes.ts), with their endpoints:
  // claim now, unless every one of them is at its limit here, or this instance is: then a finishing
  // attempt's refill claims them, and a poll now would find no room and cost a transaction.
  const stopWaking = deps.wake.listen((rows) => {
    const endpoints = rows.map((row) => row.endpoint_id);
    const roomHere = (id: unknown) => typeof id !== 'string' || (perEndpointHere.get(id) ?? 0) < perEndpoint * perSlot;
    if (endpoints.length === 0 || (inFlight.size < maxInFlight && endpoints.some(roomHere))) schedule(0);
  });
  loop.start();
  return {
    async stop() {
      stopping = true;
      stopWaking();
      await loop.stop();
      // An outcome's transaction under way may still start what it claimed: wait for those too.
      while (inFlight.size > 0) await Promise.all(inFlight);
      await recorder.idle();
      agents.close();
    },
  };
}
