// SQL of the one-time links mailed to a person (migration 2026-12-06T0302-person-links). A link is
// found by its digest only; using it is one statement that succeeds once.
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import type { PersonLinkPurpose } from '../schema-identity.ts';

export type PersonLinkRow = {
  id: string;
  person_id: string;
  site_id: string;
  purpose: PersonLinkPurpose;
  new_email: string | null;
  expires_at: Date;
};

const COLUMNS = ['id', 'person_id', 'site_id', 'purpose', 'new_email', 'expires_at'] as const;

/** The person's live link of this purpose, replacing an earlier one (which stops working). */
export async function upsertPersonLink(
  db: Db,
  link: {
    personId: string;
    siteId: string;
    purpose: PersonLinkPurpose;
    tokenHash: string;
    newEmail: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await sql`
    insert into person_links (person_id, site_id, purpose, token_hash, new_email, expires_at)
    values (${link.personId}, ${link.siteId}, ${link.purpose}, ${link.tokenHash}, ${link.newEmail}, ${link.expiresAt})
    on conflict (person_id, purpose) where used_at is null
    do update set token_hash = excluded.token_hash, site_id = excluded.site_id, new_email = excluded.new_email,
      expires_at = excluded.expires_at, created_at = now()`.execute(db);
}

/** The live link with this digest at this school, for showing its page (nothing is used). */
export async function findLivePersonLink(
  db: Db,
  siteId: string,
  purpose: PersonLinkPurpose,
  tokenHash: string,
): Promise<PersonLinkRow | undefined> {
  return db
    .selectFrom('person_links')
    .select(COLUMNS)
    .where('token_hash', '=', tokenHash)
    .where('site_id', '=', siteId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Uses the live link with this digest: once; undefined when it is unknown, spent or expired. */
export async function usePersonLink(
  db: Db,
  siteId: string,
  purpose: PersonLinkPurpose,
  tokenHash: string,
): Promise<PersonLinkRow | undefined> {
  return db
    .updateTable('person_links')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('site_id', '=', siteId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** Spends every live link of the person of these purposes (a password set elsewhere, an address changed). */
export async function spendPersonLinks(
  db: Db,
  personId: string,
  purposes: readonly PersonLinkPurpose[],
): Promise<void> {
  await db
    .updateTable('person_links')
    .set({ used_at: sql`now()` })
    .where('person_id', '=', personId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .execute();
}
