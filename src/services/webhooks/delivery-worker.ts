// The delivery worker: started by main.ts beside the server, stopped on SIGTERM after the
// attempts under way end (each is bounded by the request timeout). Every poll claims due
// deliveries (claimer.ts), signs each per Standard Webhooks with every live secret of its
// endpoint, POSTs it (webhook-post.ts) and records the outcome:
// - 2xx: succeeded (Standard Webhooks "Delivery behaviour": any 2xx is success);
// - 410 Gone: the receiver asks never to be called again, so the endpoint is disabled at once;
// - anything else (3xx, 4xx, 5xx, timeout, network, refused address): tried again on the
//   retry schedule (retry-schedule.ts), `failed` when it is over; an endpoint failing without a
//   success for the whole window is disabled.
// Each outcome is written in its own statement; an instance killed between the POST and that
// write leaves a lease that runs out, and the delivery is sent again with the same webhook-id.
// At most `batch` attempts are in flight per instance; a poll that claimed something is followed
// by another at once, and an event written in this process nudges the worker (delivery-wake.ts),
// so delivery keeps up with writes instead of waiting out the poll interval each time.
import type { Logger } from 'pino';
import type { Db } from '../../db/database.ts';
import type { ClaimedDelivery } from '../../db/repositories/webhook-deliveries.ts';
import { recordOutcome } from '../../db/repositories/webhook-deliveries.ts';
import { listLiveSecrets, markFailing, markHealthy } from '../../db/repositories/webhook-endpoints.ts';
import { claimDeliveries } from './claimer.ts';
import { onEventRecorded } from './delivery-wake.ts';
import { disableEndpoint } from './disable.ts';
import { retryDelayMs, shouldDisable } from './retry-schedule.ts';
import { openSecret } from './secrets.ts';
import { signedHeaders } from './signature.ts';
import { postWebhook, type PostOutcome } from './webhook-post.ts';

export type DeliveryWorkerOptions = {
  /** WEBHOOK_RETRY_BASE_MS: the first retry's wait. */
  retryBaseMs: number;
  /** WEBHOOK_POLL_MS: how often an idle worker looks for due deliveries. */
  pollMs: number;
  /** WEBHOOK_TIMEOUT_MS: one attempt's deadline, connect to last byte. */
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES: development only. */
  allowPrivateAddresses: boolean;
  /** Deliveries claimed per poll. */
  batch?: number;
  /** Attempts in flight per endpoint, across instances. */
  perEndpoint?: number;
};

export type DeliveryWorkerDeps = { db: Db; keyEncryptionKey: Buffer; log?: Logger };

export type DeliveryWorker = { stop(): Promise<void> };

/** After a nudge (delivery-wake.ts), long enough for the writer's transaction to commit, as a rule. */
const WAKE_DELAY_MS = 25;

export function startDeliveryWorker(deps: DeliveryWorkerDeps, options: DeliveryWorkerOptions): DeliveryWorker {
  const batch = options.batch ?? 20;
  const perEndpoint = options.perEndpoint ?? 4;
  // Longer than an attempt can take, so a live instance's claim never runs out under it.
  const leaseMs = options.timeoutMs * 2 + 5_000;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let due = Infinity;
  let polling: Promise<void> | null = null;
  // The soonest poll asked for while one was running, made once it ends.
  let requested = Infinity;
  // Attempts run on their own: a slow receiver holds its own slots (at most perEndpoint of them),
  // never the poll, so deliveries to other endpoints are claimed and sent meanwhile.
  const inFlight = new Set<Promise<void>>();

  /** Polls in `delayMs`, or sooner if a poll is already due sooner; one poll at a time. */
  const schedule = (delayMs: number): void => {
    if (stopping) return;
    if (polling) {
      requested = Math.min(requested, delayMs);
      return;
    }
    const at = Date.now() + delayMs;
    if (timer && at >= due) return;
    clearTimeout(timer);
    due = at;
    timer = setTimeout(() => {
      timer = undefined;
      due = Infinity;
      polling = poll().finally(() => {
        polling = null;
      });
    }, delayMs);
  };

  async function poll(): Promise<void> {
    let claimed: ClaimedDelivery[] = [];
    try {
      const room = batch - inFlight.size;
      if (room > 0) claimed = await claimDeliveries(deps.db, { limit: room, perEndpoint, leaseMs });
      for (const delivery of claimed) {
        const running: Promise<void> = attempt(delivery)
          .catch((error: unknown) =>
            deps.log?.warn({ err: error }, 'webhook delivery attempt failed; its lease will run out'),
          )
          .finally(() => {
            inFlight.delete(running);
            // A slot here, and one of the endpoint's perEndpoint, is free: claim again at once
            // (completions at the same moment share one poll), so a busy endpoint is not held to
            // perEndpoint deliveries per poll interval.
            schedule(0);
          });
        inFlight.add(running);
      }
    } catch (error) {
      deps.log?.warn({ err: error }, 'webhook delivery poll failed; trying again');
    }
    const next = claimed.length > 0 ? 0 : Math.min(requested, options.pollMs);
    requested = Infinity;
    polling = null;
    // Something was due: more may be, so look again at once; otherwise when asked, or at the poll interval.
    schedule(next);
  }

  async function attempt(delivery: ClaimedDelivery): Promise<void> {
    const now = new Date();
    let headers: Record<string, string>;
    try {
      const secrets = (await listLiveSecrets(deps.db, delivery.endpoint_id, now)).map((row) =>
        openSecret(deps.keyEncryptionKey, row),
      );
      headers = signedHeaders(delivery.event_id, delivery.payload, secrets, now);
    } catch (error) {
      // A secret that does not decrypt (another KEY_ENCRYPTION_KEY) is a failed attempt, on the
      // schedule like any other, never a claim held until its lease runs out again and again.
      deps.log?.error({ err: error, endpoint_id: delivery.endpoint_id }, 'webhook delivery cannot be signed');
      await record(delivery, { status: null, error: 'cannot be signed', durationMs: 0 });
      return;
    }
    const outcome = await postWebhook(
      delivery.url,
      delivery.payload,
      { ...headers },
      {
        allowSpecialUseAddresses: options.allowPrivateAddresses,
        timeoutMs: options.timeoutMs,
      },
    );
    await record(delivery, outcome);
  }

  async function record(delivery: ClaimedDelivery, outcome: PostOutcome): Promise<void> {
    const common = {
      last_response_code: outcome.status,
      last_error: outcome.error,
      last_duration_ms: outcome.durationMs,
    };
    if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) {
      await recordOutcome(deps.db, delivery.id, { ...common, status: 'succeeded' });
      await markHealthy(deps.db, delivery.endpoint_id);
      return;
    }
    if (outcome.status === 410) {
      await recordOutcome(deps.db, delivery.id, { ...common, status: 'failed' });
      await disable(delivery, 'gone');
      return;
    }
    const wait = retryDelayMs(delivery.attempts, options.retryBaseMs);
    await recordOutcome(deps.db, delivery.id, {
      ...common,
      ...(wait === null ? { status: 'failed' } : { next_attempt_at: new Date(Date.now() + wait) }),
    });
    const failingSince = await markFailing(deps.db, delivery.endpoint_id);
    if (shouldDisable(failingSince, new Date())) await disable(delivery, 'failing');
  }

  async function disable(delivery: ClaimedDelivery, reason: 'gone' | 'failing'): Promise<void> {
    if (await disableEndpoint(deps.db, delivery.site_id, delivery.endpoint_id, reason))
      deps.log?.warn({ endpoint_id: delivery.endpoint_id, reason }, 'webhook endpoint disabled');
  }

  const stopWaking = onEventRecorded(() => schedule(WAKE_DELAY_MS));
  schedule(0);
  return {
    async stop() {
      stopping = true;
      stopWaking();
      clearTimeout(timer);
      await polling;
      await Promise.all(inFlight);
    },
  };
}
