// docs/operations.md "Last used": "last used" of grants, written in batches (services/auth/grant-use.ts). One statement
// for any number of grants; a later time never moves back (a refresh may have written a newer one).
import { sql } from 'kysely';
import type { Db } from '../database.ts';

export async function recordGrantUses(db: Db, uses: ReadonlyArray<{ grantId: string; at: Date }>): Promise<number> {
  if (uses.length === 0) return 0;
  const result = await sql`
    update oauth_grants as g
       set last_used_at = greatest(g.last_used_at, u.at)
      from unnest(${uses.map((u) => u.grantId)}::uuid[], ${uses.map((u) => u.at.toISOString())}::timestamptz[]) as u(id, at)
     where g.id = u.id`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
