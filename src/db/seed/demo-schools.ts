// Seeds the two demo schools on an empty database, so that a fresh checkout serves something
// real: catalogue, learners with progress, orders, events, memberships and content. Both schools
// come from data (demo-academy-data.ts, second-school-data.ts) through one routine.
import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../../lib/password-hash.ts';
import { markUnsoldAccessGranted } from '../repositories/access-support.ts';
import type { Database } from '../schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';
import { demoAcademy } from './demo-academy-data.ts';
import { seedCatalog } from './demo-catalog.ts';
import { seedCommerce } from './demo-commerce.ts';
import { seedContent, seedEvents } from './demo-community.ts';
import { seedLearning } from './demo-learning.ts';
import { seedDemoOAuthClients } from './demo-oauth-clients.ts';
import { seedPeople, seedSiteRoles } from './demo-people.ts';
import { lookup, type SchoolContext, type SchoolSeed } from './demo-types.ts';
import { secondSchool } from './second-school-data.ts';

export async function seedDemoSchools(
  db: Kysely<Database>,
  origins: { primary: string; secondary: string },
): Promise<{ seeded: boolean }> {
  // Any school at all means the operator's data is here: never mix the demo into it.
  if (await anySite(db)) return { seeded: false };
  // One scrypt hash (~100 ms) shared by every demo account keeps seeding fast.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute(async (trx) => {
    // Two processes starting at once on one empty database: the second waits here, then sees
    // the first one's schools and leaves.
    await sql`lock table sites in share row exclusive mode`.execute(trx);
    if (await anySite(trx)) return { seeded: false };
    const now = new Date();
    const people = await seedPeople(trx, DEMO_ACCOUNTS, passwordHash);
    await seedSchool(trx, demoAcademy, origins.primary, people, now);
    await seedSchool(trx, secondSchool, origins.secondary, people, now);
    const academy = await trx
      .selectFrom('sites')
      .select('id')
      .where('slug', '=', demoAcademy.slug)
      .executeTakeFirstOrThrow();
    await seedDemoOAuthClients(trx, academy.id, lookup(people, 'owner@demo-academy.test', 'person'));
    return { seeded: true };
  });
}

async function anySite(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('sites').select('id').limit(1).executeTakeFirst()) !== undefined;
}

async function seedSchool(
  db: Kysely<Database>,
  school: SchoolSeed,
  origin: string,
  people: Map<string, string>,
  now: Date,
) {
  const site = await db
    .insertInto('sites')
    .values({
      slug: school.slug,
      // The canonical form the sites table requires: lower case, no path, no trailing slash.
      origin: new URL(origin).origin,
      name: school.name,
      description: school.description,
      locale: school.locale,
      currency: school.currency,
      timezone: school.timezone,
      contact_email: school.contactEmail,
      beta_features: JSON.stringify(school.betaFeatures),
      id_token_signing_enabled: school.idTokenSigningEnabled,
      allowed_metadata_hosts: school.allowedMetadataHosts ?? [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ctx: SchoolContext = {
    db,
    siteId: site.id,
    siteSlug: school.slug,
    currency: school.currency,
    now,
    person: (email) => lookup(people, email, 'person'),
  };
  await seedSiteRoles(ctx, DEMO_ACCOUNTS);
  const courses = await seedCatalog(ctx, school);
  await seedLearning(ctx, school.enrollments, courses);
  const events = await seedEvents(ctx, school);
  await seedCommerce(ctx, school, courses, events);
  // What the demo grants without an order is the school's own grant: a refund leaves it (OpenAPI refundOrder).
  await markUnsoldAccessGranted(db, site.id);
  await seedContent(ctx, school, courses);
}
