// docs/operations.md "Last used": connected applications show a true "last used". Until now a grant's
// last_used_at moved only when it was refreshed; every request a bearer token authenticates now
// counts too, cheaply: a grant's use is noted in memory at most once a minute, and the noted
// grants are written together every few seconds in one statement (db/repositories/grant-use.ts),
// not one UPDATE per request. A write that fails keeps its grants for the next one. stop() writes
// what is pending (graceful shutdown), so a use is lost only when the process dies.
import { periodicFlush } from '../../lib/periodic-flush.ts';
import type { Db } from '../../db/database.ts';
import { recordGrantUses } from '../../db/repositories/grant-use.ts';

/** A grant's use is written at most this often (its "last used" is minute-accurate). */
export const GRANT_USE_RESOLUTION_MS = 60_000;

export type GrantUseOptions = {
  flushIntervalMs: number;
  now?: () => Date;
  onWritten?: (grants: number) => void;
  onError?: (error: unknown) => void;
  /** The one statement per batch; db/repositories/grant-use.ts unless a test passes its own. */
  write?: (uses: ReadonlyArray<{ grantId: string; at: Date }>) => Promise<number>;
};

export function createGrantUseRecorder(db: Db, options: GrantUseOptions) {
  const now = options.now ?? (() => new Date());
  /** Uses not yet written: grant id → the first use noted since the last write. */
  const pending = new Map<string, Date>();
  /** When each grant's use was last noted, so one grant costs at most one write a minute. */
  const noted = new Map<string, number>();

  function note(grantId: string): void {
    const at = now();
    const last = noted.get(grantId);
    if (last !== undefined && at.getTime() - last < GRANT_USE_RESOLUTION_MS) return;
    noted.set(grantId, at.getTime());
    pending.set(grantId, at);
  }

  async function write(): Promise<void> {
    // Forget grants noted over a minute ago: the map holds only the last minute's grants.
    const horizon = now().getTime() - GRANT_USE_RESOLUTION_MS;
    for (const [grantId, at] of noted) if (at < horizon) noted.delete(grantId);
    if (pending.size === 0) return;
    const uses = [...pending].map(([grantId, at]) => ({ grantId, at }));
    pending.clear();
    try {
      const written = await (options.write ?? ((batch) => recordGrantUses(db, batch)))(uses);
      options.onWritten?.(written);
    } catch (error) {
      for (const use of uses) if (!pending.has(use.grantId)) pending.set(use.grantId, use.at);
      options.onError?.(error);
    }
  }

  const { flush, stop } = periodicFlush(write, options.flushIntervalMs);

  return { note, flush, stop };
}

export type GrantUseRecorder = ReturnType<typeof createGrantUseRecorder>;
