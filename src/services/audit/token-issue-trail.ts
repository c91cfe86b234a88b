// token.issued in the access trail: one event per grant and hour, not one per refresh
// (docs/operations.md "Access trail"). The token endpoint's hot path gets no extra round trip: it
// notes the issue in memory (a grant already noted this hour costs a map look-up), and the noted
// issues are written together every few seconds in one statement. "At most one per grant and hour"
// is held by the database's unique index (grant_id, token_hour): another instance, or this one after
// a restart, that notes the same hour inserts nothing. A failed write keeps its issues for the next
// one, once; stop() writes what is pending (graceful shutdown), so an event is lost only when the process dies.
import { periodicFlush } from '../../lib/periodic-flush.ts';
import type { Db } from '../../db/database.ts';
import { insertTokenIssues } from '../../db/repositories/auth-events.ts';

const HOUR_MS = 3600_000;

export type TokenIssue = {
  siteId: string;
  grantId: string;
  personId: string;
  clientId: string;
  grantType: string;
  ip: string | null;
  userAgent?: string | null;
};

export type TokenIssueTrailOptions = {
  flushIntervalMs: number;
  now?: () => Date;
  onError?: (error: unknown) => void;
};

export function createTokenIssueTrail(db: Db, options: TokenIssueTrailOptions) {
  const now = options.now ?? (() => new Date());
  /** Grant id → the hour (since the epoch) last noted for it. */
  const noted = new Map<string, number>();
  let pending: Array<TokenIssue & { hour: number; at: Date; retried?: boolean }> = [];

  function note(issue: TokenIssue): void {
    const at = now();
    const hour = Math.floor(at.getTime() / HOUR_MS);
    if (noted.get(issue.grantId) === hour) return;
    noted.set(issue.grantId, hour);
    pending.push({ ...issue, hour, at });
  }

  async function write(): Promise<void> {
    const hour = Math.floor(now().getTime() / HOUR_MS);
    // The map holds this hour's grants only.
    for (const [grantId, noticed] of noted) if (noticed < hour) noted.delete(grantId);
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    try {
      await insertTokenIssues(
        db,
        batch.map((issue) => ({
          siteId: issue.siteId,
          kind: 'token.issued',
          personId: issue.personId,
          clientId: issue.clientId,
          grantId: issue.grantId,
          reason: issue.grantType,
          ip: issue.ip,
          userAgent: issue.userAgent ?? null,
          hour: issue.hour,
          at: issue.at,
        })),
      );
    } catch (error) {
      // Tried once more with the next write; an issue that fails twice (its school deleted meanwhile) is dropped.
      pending = [...batch.filter((issue) => !issue.retried).map((issue) => ({ ...issue, retried: true })), ...pending];
      options.onError?.(error);
    }
  }

  const { flush, stop } = periodicFlush(write, options.flushIntervalMs);

  return { note, flush, stop };
}

export type TokenIssueTrail = ReturnType<typeof createTokenIssueTrail>;
