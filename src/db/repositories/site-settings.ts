// SQL for the settings a school's operators change in the admin area: beta features,
// ID-token signing and who may identify clients by metadata document. Sites are read per request,
// so each change takes effect on the next request everywhere.
import { sql } from 'kysely';
import type { Db } from '../database.ts';

/** Sets one key of beta_features, keeping the others (jsonb concatenation replaces only it). */
export async function setBetaFeature(db: Db, siteId: string, name: string, enabled: boolean): Promise<void> {
  await db
    .updateTable('sites')
    .set({
      beta_features: sql`beta_features || jsonb_build_object(${name}::text, ${enabled}::boolean)`,
      updated_at: new Date(),
    })
    .where('id', '=', siteId)
    .execute();
}

export async function setIdTokenSigning(db: Db, siteId: string, enabled: boolean): Promise<void> {
  await db
    .updateTable('sites')
    .set({ id_token_signing_enabled: enabled, updated_at: new Date() })
    .where('id', '=', siteId)
    .execute();
}

export async function setOpenRegistration(db: Db, siteId: string, enabled: boolean): Promise<void> {
  await db
    .updateTable('sites')
    .set({ open_registration: enabled, updated_at: new Date() })
    .where('id', '=', siteId)
    .execute();
}

/** Adds a host once; a second add of the same host changes nothing. */
export async function addAllowedMetadataHost(db: Db, siteId: string, host: string): Promise<boolean> {
  const result = await db
    .updateTable('sites')
    .set({ allowed_metadata_hosts: sql`array_append(allowed_metadata_hosts, ${host}::text)`, updated_at: new Date() })
    .where('id', '=', siteId)
    .where(sql<boolean>`not (${host}::text = any(allowed_metadata_hosts))`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function removeAllowedMetadataHost(db: Db, siteId: string, host: string): Promise<boolean> {
  const result = await db
    .updateTable('sites')
    .set({ allowed_metadata_hosts: sql`array_remove(allowed_metadata_hosts, ${host}::text)`, updated_at: new Date() })
    .where('id', '=', siteId)
    .where(sql<boolean>`${host}::text = any(allowed_metadata_hosts)`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
