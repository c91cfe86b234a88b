// SQL for OAuth clients. A client is usable at a school when it belongs to that school or is a
// deployment-wide vendor integration (site_id null).
import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { coalescedRead } from '../coalesced-read.ts';
import { hotQuery } from '../hot-queries.ts';
import type { OAuthClientsTable } from '../schema-oauth.ts';

export type ClientRow = Selectable<OAuthClientsTable>;
export type NewClientRow = Insertable<OAuthClientsTable>;

const clientForSite = hotQuery<ClientRow>(
  'client_for_site',
  'select * from oauth_clients where client_id = $1 and (site_id = $2 or site_id is null)',
);

// Read on every token-endpoint and introspection call; concurrent calls of one client share a read.
const clientRead = coalescedRead(
  (siteId: string, clientId: string) => `${siteId}\n${clientId}`,
  async (db, siteId: string, clientId: string) => (await clientForSite(db, [clientId, siteId]))[0],
);

/** A client of this school, or a deployment-wide one (vendor integrations): every token-endpoint call. */
export async function findClientForSite(db: Db, siteId: string, clientId: string): Promise<ClientRow | undefined> {
  return clientRead(db, siteId, clientId);
}

export async function findClientByRowId(db: Db, id: string): Promise<ClientRow | undefined> {
  return db.selectFrom('oauth_clients').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertClient(db: Db, client: NewClientRow): Promise<ClientRow> {
  return db.insertInto('oauth_clients').values(client).returningAll().executeTakeFirstOrThrow();
}

/** Insert or refresh a metadata-document client; its review status survives re-fetches. */
export async function upsertMetadataDocumentClient(
  db: Db,
  client: NewClientRow,
): Promise<ClientRow & { inserted: boolean }> {
  return (
    db
      .insertInto('oauth_clients')
      .values(client)
      .onConflict((oc) =>
        oc.columns(['site_id', 'client_id']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          redirect_uris: eb.ref('excluded.redirect_uris'),
          grant_types: eb.ref('excluded.grant_types'),
          client_uri: eb.ref('excluded.client_uri'),
          logo_uri: eb.ref('excluded.logo_uri'),
          metadata_document: eb.ref('excluded.metadata_document'),
          metadata_expires_at: eb.ref('excluded.metadata_expires_at'),
          post_logout_redirect_uris: eb.ref('excluded.post_logout_redirect_uris'),
          backchannel_logout_uri: eb.ref('excluded.backchannel_logout_uri'),
          backchannel_logout_session_required: eb.ref('excluded.backchannel_logout_session_required'),
          updated_at: new Date(),
        })),
      )
      .returningAll()
      // xmax is 0 on a row this statement inserted and set on one it updated (PostgreSQL's MVCC).
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .executeTakeFirstOrThrow()
  );
}

export async function updateClient(db: Db, id: string, changes: Updateable<OAuthClientsTable>): Promise<void> {
  await db
    .updateTable('oauth_clients')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function findVendorIntegrationByName(db: Db, name: string): Promise<ClientRow | undefined> {
  return db
    .selectFrom('oauth_vendor_integrations as v')
    .innerJoin('oauth_clients as c', 'c.id', 'v.client_row_id')
    .selectAll('c')
    .where('v.match_name', '=', name.trim().toLowerCase())
    .executeTakeFirst();
}

export async function insertVendorIntegration(db: Db, clientRowId: string, matchName: string): Promise<void> {
  await db
    .insertInto('oauth_vendor_integrations')
    .values({ client_row_id: clientRowId, match_name: matchName.trim().toLowerCase() })
    .execute();
}

export async function touchClientLastUsed(db: Db, id: string): Promise<void> {
  await db.updateTable('oauth_clients').set({ last_used_at: new Date() }).where('id', '=', id).execute();
}

export async function listClients(
  db: Db,
  filter: { siteId: string | null; kind: ClientRow['kind'] },
): Promise<ClientRow[]> {
  let query = db.selectFrom('oauth_clients').selectAll().where('kind', '=', filter.kind);
  query = filter.siteId === null ? query.where('site_id', 'is', null) : query.where('site_id', '=', filter.siteId);
  return query.orderBy('created_at').execute();
}

/** Deleting a client deletes its grants and tokens with it (foreign keys cascade). */
export async function deleteClient(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('oauth_clients').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findSiteIdBySlug(db: Db, slug: string): Promise<string | undefined> {
  return (await db.selectFrom('sites').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
}

export async function findVendorClient(db: Db, clientId: string): Promise<ClientRow | undefined> {
  return db
    .selectFrom('oauth_clients')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('kind', '=', 'vendor')
    .executeTakeFirst();
}

// --- The admin area's view of a school's own clients. Every statement names the site,
// so a row id from another school's page can never reach a client of this one.

/** A client that belongs to this school (never a deployment-wide vendor integration). */
export async function findSiteClient(db: Db, siteId: string, rowId: string): Promise<ClientRow | undefined> {
  return db
    .selectFrom('oauth_clients')
    .selectAll()
    .where('id', '=', rowId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
}

export async function updateSiteClient(
  db: Db,
  siteId: string,
  rowId: string,
  changes: Updateable<OAuthClientsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('oauth_clients')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', rowId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deleting a client deletes its grants and tokens with it (foreign keys cascade). */
export async function deleteSiteClient(
  db: Db,
  siteId: string,
  rowId: string,
  kind: ClientRow['kind'],
): Promise<ClientRow | undefined> {
  return db
    .deleteFrom('oauth_clients')
    .where('id', '=', rowId)
    .where('site_id', '=', siteId)
    .where('kind', '=', kind)
    .returningAll()
    .executeTakeFirst();
}

/** The review queue: unreviewed documents first, then the newest. */
export async function listMetadataDocumentClients(db: Db, siteId: string): Promise<ClientRow[]> {
  return db
    .selectFrom('oauth_clients')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('kind', '=', 'metadata_document')
    .orderBy((eb) => eb.case().when('review_status', '=', 'unreviewed').then(0).else(1).end())
    .orderBy('created_at', 'desc')
    .execute();
}
