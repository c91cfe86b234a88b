// Deletes expired codes, tokens, sessions, mailed links, rate-limit windows, settled outbox messages
// and loopback registrations never used, and webhook history past its retention. Safe on any number of instances: the work runs
// under an advisory lock and every statement is idempotent. Expired rows are kept a day first so
// that reuse of an expired refresh token is still recognised as reuse rather than as an unknown
// token.
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import { purgeExpired, purgeWebhookHistory, withPurgeLock, type PurgeCounts } from '../db/repositories/purge.ts';

export const PURGE_RETENTION_MS = 24 * 3600 * 1000;
export const UNUSED_LOOPBACK_CLIENT_MS = 24 * 3600 * 1000;

/**
 * How long webhook events and settled deliveries are kept by default (WEBHOOK_EVENTS_RETENTION_DAYS):
 * the delivery log receivers' operators expect of a webhook sender (Stripe's events API goes back
 * 30 days), long enough to notice a gap after a holiday or an outage and recover it, while the
 * tables, which gain rows with every change a school makes, stay bounded. A pending delivery and
 * its event are kept however old.
 */
export const WEBHOOK_HISTORY_RETENTION_MS = 30 * 24 * 3600 * 1000;

/** WEBHOOK_EVENTS_RETENTION_DAYS in milliseconds. */
export const webhookRetentionMs = (days: number) => days * 24 * 3600 * 1000;

export async function runPurge(
  db: Db,
  now = new Date(),
  webhookHistoryMs = WEBHOOK_HISTORY_RETENTION_MS,
): Promise<PurgeCounts | false> {
  return withPurgeLock(db, async (trx) => ({
    ...(await purgeExpired(trx, now, PURGE_RETENTION_MS, UNUSED_LOOPBACK_CLIENT_MS)),
    ...(await purgeWebhookHistory(trx, new Date(now.getTime() - webhookHistoryMs))),
  }));
}

/**
 * Every `intervalMs`, with jitter so instances don't line up; returns a stop function.
 * @param webhookHistoryMs WEBHOOK_EVENTS_RETENTION_DAYS (webhookRetentionMs)
 */
export function schedulePurge(
  db: Db,
  log: Logger,
  webhookHistoryMs = WEBHOOK_HISTORY_RETENTION_MS,
  intervalMs = 10 * 60 * 1000,
): () => void {
  const timer = setInterval(
    () => {
      runPurge(db, new Date(), webhookHistoryMs)
        .then(
          (counts) =>
            counts && Object.values(counts).some((n) => n > 0) && log.info({ purged: counts }, 'purged expired rows'),
        )
        .catch((error: unknown) => log.warn({ err: error }, 'purge failed; will retry'));
    },
    intervalMs + Math.floor(Math.random() * 30_000),
  );
  timer.unref();
  return () => clearInterval(timer);
}
