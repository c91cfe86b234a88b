// SQL for schools (sites). A site is found by its exact origin; nothing else identifies it on
// the wire.
import type { Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';

export type SiteRow = Selectable<Database['sites']>;

export async function findSiteByOrigin(db: Db, origin: string): Promise<SiteRow | undefined> {
  return db.selectFrom('sites').selectAll().where('origin', '=', origin).executeTakeFirst();
}

export async function findSiteById(db: Db, id: string): Promise<SiteRow | undefined> {
  return db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countSites(db: Db): Promise<number> {
  const row = await db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every school's slug, for a command's "unknown --site" answer (one line listing the valid slugs). */
export async function listSiteSlugs(db: Db): Promise<string[]> {
  return (await db.selectFrom('sites').select('slug').orderBy('slug').execute()).map((row) => row.slug);
}
