// The outbox worker: started and stopped by process/serve.ts beside the webhook delivery worker.
// Each poll claims a bounded batch of due messages (SKIP LOCKED, so any number of instances and
// cluster workers share the outbox without sending a message twice at once), hands each to the
// sender of its kind, and records the outcome: sent; tried again later with exponential back-off
// and jitter (retry.ts); or given up at once when the sender throws PermanentOutboxFailure (a
// mail server that refuses the address) or when the attempts are used up. A worker killed during
// a send leaves a claim that runs out, and the message is sent again: at least once.
// A message written through this app's database handle wakes the worker (lib/wake-signal.ts); others
// (another instance, a message due again later) are found by the poll every OUTBOX_POLL_MS.
import type { Logger } from 'pino';
import type { Db } from '../../db/database.ts';
import {
  claimDueOutboxMessages,
  markOutboxMessageFailed,
  markOutboxMessageSent,
  rescheduleOutboxMessage,
  type ClaimedOutboxMessage,
} from '../../db/repositories/outbox-messages.ts';
import type { OutboxKind } from './kinds.ts';
import { outboxRetryDelayMs } from './retry.ts';
import { createPollScheduler } from '../../lib/poll-scheduler.ts';
import type { WakeSignal } from '../../lib/wake-signal.ts';
import { storableText } from '../../lib/nul-text.ts';

/** A sender's verdict that trying again cannot help: the message is given up at once. */
export class PermanentOutboxFailure extends Error {
  override name = 'PermanentOutboxFailure';
}

export type OutboxMessage = {
  id: string;
  siteId: string;
  kind: OutboxKind;
  payload: unknown;
  /** This attempt's number, from 1. */
  attempt: number;
};

export type OutboxSender = (message: OutboxMessage) => Promise<void>;
export type OutboxSenders = { [K in OutboxKind]?: OutboxSender };

/** outbox_messages_total{kind, outcome}: bounded labels (metrics/metrics.ts). */
export type OutboxCounter = { inc(labels: { kind: string; outcome: 'sent' | 'retried' | 'failed' }): void };

export type OutboxWorkerDeps = {
  db: Db;
  log?: Logger;
  senders: OutboxSenders;
  /** Fired on every write to outbox_messages through this app's database handle. */
  wake?: WakeSignal;
  counter?: OutboxCounter;
  /** OUTBOX_POLL_MS: how often an idle worker looks for due messages. */
  pollMs: number;
  /** OUTBOX_RETRY_BASE_MS: the first retry's wait. */
  retryBaseMs: number;
  /** Messages claimed per poll at most. */
  batch?: number;
  /** How long a claim lasts: longer than a sender may take (each sender bounds its own time). */
  leaseMs?: number;
};

export type OutboxWorker = {
  start(): void;
  /** Stops polling and waits for the sends under way. */
  stop(): Promise<void>;
};

/** last_error is a few words (the column allows 200 characters): never a whole server answer. */
const ERROR_LENGTH = 200;

/**
 * What is recorded of a failure: the sender's message, cut short; senders keep secrets out of it.
 * It may quote a server's reply (an SMTP answer), so it is made storable (lib/nul-text.ts).
 */
function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
  return storableText(text.slice(0, ERROR_LENGTH));
}

export function createOutboxWorker(deps: OutboxWorkerDeps): OutboxWorker {
  const batch = deps.batch ?? 20;
  const leaseMs = deps.leaseMs ?? 5 * 60_000;
  const kinds = Object.keys(deps.senders) as OutboxKind[];
  const loop = createPollScheduler(poll, deps.pollMs);
  let stopWaking: (() => void) | undefined;

  /** @returns when to poll again: at once after a full batch (more may be due), else at the poll interval. */
  async function poll(): Promise<number> {
    let claimed: ClaimedOutboxMessage[] = [];
    try {
      claimed = await claimDueOutboxMessages(deps.db, { kinds, limit: batch, leaseMs });
      // One batch at a time: a poll ends when its sends end, which bounds what is in flight.
      await Promise.all(claimed.map((row) => attempt(row)));
    } catch (error) {
      deps.log?.warn({ err: error }, 'outbox poll failed; trying again');
    }
    return claimed.length === batch ? 0 : deps.pollMs;
  }

  async function attempt(row: ClaimedOutboxMessage): Promise<void> {
    const kind = row.kind as OutboxKind;
    const sender = deps.senders[kind]!;
    const message: OutboxMessage = {
      id: row.id,
      siteId: row.site_id,
      kind,
      payload: row.payload,
      attempt: row.attempts,
    };
    try {
      await sender(message);
    } catch (error) {
      const text = errorText(error);
      const wait = error instanceof PermanentOutboxFailure ? null : outboxRetryDelayMs(row.attempts, deps.retryBaseMs);
      try {
        if (wait === null) await markOutboxMessageFailed(deps.db, row.id, text);
        else await rescheduleOutboxMessage(deps.db, row.id, wait, text);
      } catch (recordError) {
        // The claim runs out and the message is tried again, as after a crash.
        deps.log?.warn({ err: recordError, outbox_id: row.id }, 'outbox outcome not recorded; it will be tried again');
        return;
      }
      deps.counter?.inc({ kind, outcome: wait === null ? 'failed' : 'retried' });
      deps.log?.[wait === null ? 'error' : 'warn'](
        { outbox_id: row.id, kind, attempt: row.attempts, error: text, retry_in_ms: wait ?? undefined },
        wait === null ? 'outbox message given up' : 'outbox message failed; it will be tried again',
      );
      return;
    }
    try {
      await markOutboxMessageSent(deps.db, row.id);
      deps.counter?.inc({ kind, outcome: 'sent' });
    } catch (error) {
      // Sent but not recorded: the claim runs out and it is sent again (at least once).
      deps.log?.warn({ err: error, outbox_id: row.id }, 'outbox message sent but not recorded');
    }
  }

  return {
    start() {
      stopWaking ??= deps.wake?.listen(() => loop.schedule(0));
      loop.start();
    },
    async stop() {
      stopWaking?.();
      await loop.stop();
    },
  };
}
