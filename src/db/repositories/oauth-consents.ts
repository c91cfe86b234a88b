// SQL for remembered consents: what a person allowed a client at a school, so that the same
// request again skips the consent page (/auth.md "3. Authorize": remembered consent).
import type { Db } from '../database.ts';

export type ConsentRow = { scopes: string[]; resource: string; granted_at: Date };

export async function findConsent(
  db: Db,
  siteId: string,
  personId: string,
  clientRowId: string,
): Promise<ConsentRow | undefined> {
  return db
    .selectFrom('oauth_consents')
    .select(['scopes', 'resource', 'granted_at'])
    .where('site_id', '=', siteId)
    .where('person_id', '=', personId)
    .where('client_row_id', '=', clientRowId)
    .executeTakeFirst();
}

export async function upsertConsent(
  db: Db,
  consent: { siteId: string; personId: string; clientRowId: string; scopes: string[]; resource: string },
): Promise<void> {
  await db
    .insertInto('oauth_consents')
    .values({
      site_id: consent.siteId,
      person_id: consent.personId,
      client_row_id: consent.clientRowId,
      scopes: consent.scopes,
      resource: consent.resource,
    })
    .onConflict((oc) =>
      oc
        .columns(['site_id', 'person_id', 'client_row_id'])
        .doUpdateSet({ scopes: consent.scopes, resource: consent.resource, updated_at: new Date() }),
    )
    .execute();
}

export async function deleteConsent(db: Db, siteId: string, personId: string, clientRowId: string): Promise<void> {
  await db
    .deleteFrom('oauth_consents')
    .where('site_id', '=', siteId)
    .where('person_id', '=', personId)
    .where('client_row_id', '=', clientRowId)
    .execute();
}
