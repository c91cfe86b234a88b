// A refresh-token family (a grant) holds at most one live refresh token, and the database now says
// so: a unique index on grant_id over the live tokens (neither rotated nor revoked). RFC 9700
// 4.14.2's rule, that a family never forks into two working branches, was kept by every writer by
// construction (a rotation marks the presented token and revokes the others before it inserts the
// successor); now a writer that broke it would fail instead of forking the family.
// It is also the rotation's path to its family's live token: the family's other live tokens were
// found through the index of every token of the grant, so a rotation read the whole history of its
// chain, one more row each time (bench/ANALYSIS.md, refresh); through this index it reads one entry.
// A family that already holds two live tokens is a fork: its grant ends, as a reuse would end it.
// Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`with forked as (
      select grant_id from oauth_refresh_tokens
      where rotated_at is null and revoked_at is null
      group by grant_id having count(*) > 1
    ),
    grants as (
      update oauth_grants g set revoked_at = now(), revoked_reason = 'refresh token family forked'
      from forked f where g.id = f.grant_id and g.revoked_at is null
    ),
    access as (
      update oauth_access_tokens a set revoked_at = now()
      from forked f where a.grant_id = f.grant_id and a.revoked_at is null
    )
    update oauth_refresh_tokens r set revoked_at = now()
    from forked f where r.grant_id = f.grant_id and r.revoked_at is null`.execute(db);
  await sql`create unique index oauth_refresh_tokens_live on oauth_refresh_tokens (grant_id)
    where rotated_at is null and revoked_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index oauth_refresh_tokens_live`.execute(db);
}
