// A token's school, client and person are its grant's, and the database now says so: each token
// table has one composite foreign key to its grant, (grant_id, site_id, client_row_id[, person_id]),
// instead of one key per column. The invariant that every writer kept by construction is now
// enforced, and a token insert checks one key instead of four. Each single-column key took a
// KEY SHARE lock on its row: every rotation of a school locked the same school and client rows,
// which PostgreSQL records as multixacts once transactions overlap (bench/ANALYSIS.md, refresh).
// Deleting a school, client or person still removes its tokens: through their grants, which cascade.
// Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index oauth_grants_family on oauth_grants (id, site_id, client_row_id, person_id)`.execute(
    db,
  );
  await sql`create unique index oauth_grants_family_client on oauth_grants (id, site_id, client_row_id)`.execute(db);
  await sql`alter table oauth_access_tokens
    drop constraint oauth_access_tokens_grant_id_fkey,
    drop constraint oauth_access_tokens_site_id_fkey,
    drop constraint oauth_access_tokens_client_row_id_fkey,
    drop constraint oauth_access_tokens_person_id_fkey,
    add constraint oauth_access_tokens_grant foreign key (grant_id, site_id, client_row_id, person_id)
      references oauth_grants (id, site_id, client_row_id, person_id) on delete cascade`.execute(db);
  await sql`alter table oauth_refresh_tokens
    drop constraint oauth_refresh_tokens_grant_id_fkey,
    drop constraint oauth_refresh_tokens_site_id_fkey,
    drop constraint oauth_refresh_tokens_client_row_id_fkey,
    add constraint oauth_refresh_tokens_grant foreign key (grant_id, site_id, client_row_id)
      references oauth_grants (id, site_id, client_row_id) on delete cascade`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table oauth_refresh_tokens
    drop constraint oauth_refresh_tokens_grant,
    add constraint oauth_refresh_tokens_grant_id_fkey foreign key (grant_id) references oauth_grants (id) on delete cascade,
    add constraint oauth_refresh_tokens_site_id_fkey foreign key (site_id) references sites (id) on delete cascade,
    add constraint oauth_refresh_tokens_client_row_id_fkey foreign key (client_row_id)
      references oauth_clients (id) on delete cascade`.execute(db);
  await sql`alter table oauth_access_tokens
    drop constraint oauth_access_tokens_grant,
    add constraint oauth_access_tokens_grant_id_fkey foreign key (grant_id) references oauth_grants (id) on delete cascade,
    add constraint oauth_access_tokens_site_id_fkey foreign key (site_id) references sites (id) on delete cascade,
    add constraint oauth_access_tokens_client_row_id_fkey foreign key (client_row_id)
      references oauth_clients (id) on delete cascade,
    add constraint oauth_access_tokens_person_id_fkey foreign key (person_id) references people (id) on delete cascade`.execute(
    db,
  );
  await sql`drop index oauth_grants_family_client`.execute(db);
  await sql`drop index oauth_grants_family`.execute(db);
}
