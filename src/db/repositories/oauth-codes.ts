// SQL for authorization codes: single use is one atomic UPDATE (RFC 6749 4.1.2), so two
// concurrent exchanges can never both succeed.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { OAuthAuthorizationCodesTable } from '../schema-oauth.ts';

export type CodeRow = Selectable<OAuthAuthorizationCodesTable>;

export async function insertAuthorizationCode(db: Db, code: Insertable<OAuthAuthorizationCodesTable>): Promise<void> {
  await db.insertInto('oauth_authorization_codes').values(code).execute();
}

/** Marks the code used and returns it, or returns undefined when it was already used or is unknown. */
export async function consumeAuthorizationCode(db: Db, siteId: string, codeHash: string): Promise<CodeRow | undefined> {
  return db
    .updateTable('oauth_authorization_codes')
    .set({ consumed_at: new Date() })
    .where('code_hash', '=', codeHash)
    .where('site_id', '=', siteId)
    .where('consumed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function findAuthorizationCode(db: Db, siteId: string, codeHash: string): Promise<CodeRow | undefined> {
  return db
    .selectFrom('oauth_authorization_codes')
    .selectAll()
    .where('code_hash', '=', codeHash)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
}

export async function linkCodeToGrant(db: Db, codeHash: string, grantId: string): Promise<void> {
  await db
    .updateTable('oauth_authorization_codes')
    .set({ grant_id: grantId })
    .where('code_hash', '=', codeHash)
    .execute();
}
