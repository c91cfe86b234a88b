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
import type { Logger } from 'pino';
import type { Db } from '../../db/database.ts';
import type { ClaimedDelivery } from '../../db/repositories/webhook-deliveries.ts';
import { recordOutcome } from '../../db/repositories/webhook-deliveries.ts';
import { listLiveSecrets, markFailing, markHealthy } from '../../db/repositories/webhook-endpoints.ts';
import { claimDeliveries } from './claimer.ts';
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

export function startDeliveryWorker(deps: DeliveryWorkerDeps, options: DeliveryWorkerOptions): DeliveryWorker {
  const batch = options.batch ?? 20;
  const perEndpoint = options.perEndpoint ?? 4;
  // Longer than an attempt can take, so a live instance's claim never runs out under it.
  const leaseMs = options.timeoutMs * 2 + 5_000;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const schedule = (delayMs: number): void => {
    if (stopping) return;
    timer = setTimeout(() => {
      current = tick();
    }, delayMs);
  };

  async function tick(): Promise<void> {
    let claimed: ClaimedDelivery[] = [];
    try {
      claimed = await claimDeliveries(deps.db, { limit: batch, perEndpoint, leaseMs });
      await Promise.all(claimed.map((delivery) => attempt(delivery)));
    } catch (error) {
      deps.log?.warn({ err: error }, 'webhook delivery poll failed; trying again');
    }
    // A full batch suggests more is due: poll again at once.
    schedule(claimed.length === batch ? 0 : options.pollMs);
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

  schedule(0);
  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await current;
    },
  };
}
