// A demo database outlives the port it was seeded for: `PORT=4000 npm start` on a database seeded
// at :3000 would otherwise answer 404 for both schools. This re-points the two demo schools (found
// by slug) at the configured origins. It never touches another school and seeds nothing.
import type { Db } from '../database.ts';

const DEMO_SLUGS = { primary: 'demo-academy', secondary: 'second-school' } as const;

export async function alignDemoOrigins(db: Db, origins: { primary: string; secondary: string }): Promise<string[]> {
  const moved: string[] = [];
  await db.transaction().execute(async (trx) => {
    const demos = await trx
      .selectFrom('sites')
      .select(['id', 'slug', 'origin'])
      .where('slug', 'in', Object.values(DEMO_SLUGS))
      .execute();
    for (const [key, slug] of Object.entries(DEMO_SLUGS) as Array<[keyof typeof DEMO_SLUGS, string]>) {
      const site = demos.find((s) => s.slug === slug);
      const wanted = origins[key];
      if (!site || site.origin === wanted) continue;
      const taken = await trx.selectFrom('sites').select('id').where('origin', '=', wanted).executeTakeFirst();
      if (taken) continue; // another school already lives there: leave both alone
      await trx.updateTable('sites').set({ origin: wanted }).where('id', '=', site.id).execute();
      moved.push(`${slug}: ${site.origin} -> ${wanted}`);
    }
  });
  return moved;
}
