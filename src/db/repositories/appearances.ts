// SQL for the school's appearance: one site_appearances row per school, keyed by site_id, made on
// the first change (an upsert, so two first changes at once cannot collide).
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../database.ts';
import type { SiteAppearancesTable } from '../schema.ts';

export type AppearanceRow = Selectable<SiteAppearancesTable> & { logo_filename: string | null };
export type AppearanceChanges = Omit<Updateable<SiteAppearancesTable>, 'site_id' | 'created_at' | 'updated_at'>;

export async function findAppearance(db: Db, siteId: string): Promise<AppearanceRow | undefined> {
  return db
    .selectFrom('site_appearances as a')
    .leftJoin('stored_files as f', (join) =>
      join.onRef('f.id', '=', 'a.logo_file_id').onRef('f.site_id', '=', 'a.site_id'),
    )
    .selectAll('a')
    .select('f.filename as logo_filename')
    .where('a.site_id', '=', siteId)
    .executeTakeFirst();
}

export async function upsertAppearance(db: Db, siteId: string, changes: AppearanceChanges): Promise<void> {
  await db
    .insertInto('site_appearances')
    .values({ site_id: siteId, ...changes })
    .onConflict((oc) => oc.column('site_id').doUpdateSet(changes))
    .execute();
}
