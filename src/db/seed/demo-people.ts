// Global identities with their password credential, and each school's role assignments.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { DemoAccount } from './demo-accounts.ts';
import type { SchoolContext } from './demo-types.ts';

/** Creates one person per distinct e-mail; returns person ids by e-mail. */
export async function seedPeople(
  db: Kysely<Database>,
  accounts: readonly DemoAccount[],
  passwordHash: string,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const account of accounts) if (!names.has(account.email)) names.set(account.email, account.name);
  const rows = await db
    .insertInto('people')
    .values([...names].map(([email, name]) => ({ email, name })))
    .returning(['id', 'email'])
    .execute();
  await db
    .insertInto('credentials')
    .values(rows.map((row) => ({ person_id: row.id, password_hash: passwordHash })))
    .execute();
  return new Map(rows.map((row) => [row.email, row.id]));
}

export async function seedSiteRoles(ctx: SchoolContext, accounts: readonly DemoAccount[]): Promise<void> {
  await ctx.db
    .insertInto('site_roles')
    .values(
      accounts
        .filter((account) => account.siteSlug === ctx.siteSlug)
        .map((account) => ({ site_id: ctx.siteId, person_id: ctx.person(account.email), role: account.role })),
    )
    .execute();
}
