// SQL for the admin API's school settings: the school's own `sites` row, found by id only, so a
// token of one school can never read or change another's.
import { sql, type Updateable } from 'kysely';
import type { Db } from '../database.ts';
import type { SitesTable } from '../schema.ts';
import type { SiteRow } from './sites.ts';

/** Settings the admin API may change; origin and slug identify the school and stay put. */
export type SchoolSettingsChanges = Omit<
  Updateable<SitesTable>,
  'id' | 'slug' | 'origin' | 'beta_features' | 'created_at' | 'updated_at'
>;

export async function getSchoolSettings(db: Db, siteId: string): Promise<SiteRow> {
  return db.selectFrom('sites').selectAll().where('id', '=', siteId).executeTakeFirstOrThrow();
}

/**
 * @param betaFeatures flags to set; merged into the stored object (jsonb ||) in the same
 *   statement, so two writers setting different flags both keep theirs.
 */
export async function updateSchoolSettings(
  db: Db,
  siteId: string,
  changes: SchoolSettingsChanges,
  betaFeatures?: Record<string, boolean>,
): Promise<SiteRow> {
  return db
    .updateTable('sites')
    .set({
      ...changes,
      ...(betaFeatures ? { beta_features: sql<string>`beta_features || ${JSON.stringify(betaFeatures)}::jsonb` } : {}),
    })
    .where('id', '=', siteId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
