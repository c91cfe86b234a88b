// Counts, in SQL, how the refresh-token families (grants) of a database stand (RFC 9700 4.14.2): a live
// grant must have exactly one live refresh token. Zero means half-rotated (the old token spent,
// no successor: the client is locked out); two or more means a fork (two clients, or a thief and
// a client, each holding a working successor: RFC 9700 4.14.2 is defeated).
import pg from 'pg';
import { hashSecret } from '../../src/lib/secrets.ts';

/** Where the test reads: a PostgreSQL URL (live), or a PGlite directory (its instance stopped). */
export type DatabaseAt = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string };

export type FamilyCount = {
  /** Grants holding at least one refresh token. */
  grants: number;
  revoked: number;
  /** Unrevoked grants without a live refresh token. */
  halfRotated: number;
  /** Grants (revoked or not) with two or more live refresh tokens. */
  forked: number;
};

const FAMILIES = `
  select g.id, g.revoked_at is not null as revoked,
         count(*) filter (where r.revoked_at is null and r.rotated_at is null and r.expires_at > now())::int as live
    from oauth_grants g join oauth_refresh_tokens r on r.grant_id = g.id
   group by g.id, g.revoked_at`;

export async function query<T>(at: DatabaseAt, text: string, values: unknown[] = []): Promise<T[]> {
  if (at.kind === 'postgres') {
    const client = new pg.Client({ connectionString: at.url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(at.dir);
  try {
    return (await db.query<T>(text, values)).rows;
  } finally {
    await db.close();
  }
}

export async function countFamilies(at: DatabaseAt): Promise<FamilyCount> {
  const rows = await query<{ id: string; revoked: boolean; live: number }>(at, FAMILIES);
  return {
    grants: rows.length,
    revoked: rows.filter((r) => r.revoked).length,
    halfRotated: rows.filter((r) => !r.revoked && r.live === 0).length,
    forked: rows.filter((r) => r.live >= 2).length,
  };
}

/** How many of these refresh tokens are live (unrevoked, unrotated, unexpired, grant unrevoked). */
export async function liveAmong(at: DatabaseAt, refreshTokens: string[]): Promise<number> {
  if (refreshTokens.length === 0) return 0;
  const rows = await query<{ live: number }>(
    at,
    `select count(*)::int as live from oauth_refresh_tokens r join oauth_grants g on g.id = r.grant_id
      where r.token_hash = any($1) and r.revoked_at is null and r.rotated_at is null and r.expires_at > now() and g.revoked_at is null`,
    [refreshTokens.map(hashSecret)],
  );
  return rows[0]!.live;
}
