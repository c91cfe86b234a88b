// Migration 2026-12-06T0201-one-of-each: one running subscription per person and plan by the
// database's rule (a partial unique index over trialing, active and past_due); going up ends the
// running duplicates made before it, the oldest kept, and marks as the school's own grant the
// enrollments and subscriptions no order ever sold (OpenAPI refundOrder). PGlite, and PostgreSQL with DATABASE_URL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, insertTestSite, type TestDatabase } from '../testing.ts';
import { down, up } from './2026-12-06T0201-one-of-each.ts';

const UNIQUE_VIOLATION = expect.objectContaining({ code: '23505' });

describe('migration 2026-12-06T0201-one-of-each', () => {
  let test: TestDatabase;
  let site = '';
  let ann = '';
  let plan = '';
  beforeAll(async () => {
    test = await createTestDatabase();
    site = await insertTestSite(test.db, 'school');
    ann = (await test.db.insertInto('people').values({ email: 'ann@m.test' }).returning('id').executeTakeFirstOrThrow())
      .id;
    plan = (
      await test.db
        .insertInto('membership_plans')
        .values({
          site_id: site,
          slug: 'gold',
          name: 'Gold',
          price_amount: 100,
          currency: 'USD',
          billing_interval: 'month',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => test?.drop());

  const subscribe = async (status: 'active' | 'trialing' | 'canceled', createdAt: string) =>
    (
      await test.db
        .insertInto('subscriptions')
        .values({
          site_id: site,
          person_id: ann,
          plan_id: plan,
          status,
          canceled_at: status === 'canceled' ? sql<Date>`now()` : null,
          current_period_start: sql<Date>`now()`,
          current_period_end: sql<Date>`now() + interval '1 month'`,
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  it('refuses a second running subscription of a person to a plan, beside ended ones', async () => {
    await subscribe('canceled', '2026-01-01T00:00:00Z');
    await subscribe('active', '2026-01-02T00:00:00Z');
    await expect(subscribe('trialing', '2026-01-03T00:00:00Z')).rejects.toEqual(UNIQUE_VIOLATION);
    await test.db.deleteFrom('subscriptions').execute();
  });

  it('ends, going up, the running duplicates made before it, keeping the oldest, and marks unsold access as granted by hand', async () => {
    await down(test.db);
    const oldest = await subscribe('active', '2026-02-01T00:00:00Z');
    const newer = await subscribe('trialing', '2026-02-02T00:00:00Z');
    const ended = await subscribe('canceled', '2026-01-01T00:00:00Z');
    await up(test.db);

    const rows = await test.db.selectFrom('subscriptions').select(['id', 'status', 'manual_grant']).execute();
    const statusOf = Object.fromEntries(rows.map((r) => [r.id, r.status]));
    expect(statusOf).toEqual({ [oldest]: 'active', [newer]: 'canceled', [ended]: 'canceled' });
    // No order sold the plan to Ann: every one of her subscriptions is the school's own grant.
    expect(rows.every((r) => r.manual_grant)).toBe(true);
    await expect(subscribe('active', '2026-03-01T00:00:00Z')).rejects.toEqual(UNIQUE_VIOLATION);
  });
});
