// The refresh grant's group commit (lib/group-commit.ts): common-case rotations that arrive
// while a school's previous batch is in flight go to the database together in one statement, so a
// burst of N rotations costs one statement and one commit instead of N (PostgreSQL's work per
// rotation is the limit of the grant, bench/FINDINGS.md "Group commit and grouped reads"). Every caller still waits for the commit
// that carries its rotation before it answers: nothing is acknowledged that is not durable.
import type { Db } from '../../../db/database.ts';
import { rotateLiveRefreshTokens, type Rotation, type RotationInput } from '../../../db/repositories/oauth-grants.ts';
import { createGroupCommit } from '../../../lib/group-commit.ts';
import { GRANT_USE_RESOLUTION_MS } from '../grant-use.ts';

type Answer = { rotation: Rotation | undefined } | { error: unknown };

export function createRefreshRotations(db: Db) {
  // Keyed by school: grants never span schools, so batches of different schools lock nothing in
  // common and may be in flight together.
  const submit = createGroupCommit(async (_siteId: string, items: RotationInput[]): Promise<Answer[]> => {
    try {
      return (await rotateLiveRefreshTokens(db, items, GRANT_USE_RESOLUTION_MS)).map((rotation) => ({ rotation }));
    } catch (error) {
      if (items.length === 1) return [{ error }];
      // The statement failed as a whole (a deadlock or a unique violation, say), so none
      // of it was committed: each item alone, so that each caller gets its own exact answer.
      const alone = await Promise.allSettled(
        items.map((item) => rotateLiveRefreshTokens(db, [item], GRANT_USE_RESOLUTION_MS)),
      );
      return alone.map((outcome) =>
        outcome.status === 'fulfilled' ? { rotation: outcome.value[0] } : { error: outcome.reason as unknown },
      );
    }
  });

  return {
    /**
     * Rotates a live token as rotateLiveRefreshTokens says, or answers undefined when any of its
     * conditions fails (the caller's exact path then decides); resolves once that is committed.
     */
    async rotate(item: RotationInput): Promise<Rotation | undefined> {
      const { outcome, position } = await submit(item.siteId, item);
      const answer = outcome[position - 1]!;
      if ('error' in answer) throw answer.error;
      return answer.rotation;
    },
  };
}

export type RefreshRotations = ReturnType<typeof createRefreshRotations>;
