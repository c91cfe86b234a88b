// SQL for the admin home's counts of a school: its members, its students whose access runs now,
// the enrollments since a moment, and its webhook endpoints in trouble. Each one count, scoped by
// site_id; revenue and connected applications come from their own services.
import { sql } from 'kysely';
import type { Db } from '../database.ts';

export type SchoolCounts = {
  members: number;
  activeStudents: number;
  enrollmentsSince: number;
  failingWebhooks: number;
};

/**
 * @param since the start of the period whose new enrollments are counted
 * Active students: an active enrollment whose access has not ended (expires_at in the future or
 * none), the rule of repositories/enrollments.ts. Failing webhooks: endpoints the delivery worker
 * disabled (410 Gone, or failing for the retry window) and enabled ones in a failing run (their
 * last attempt failed; the worker clears it at the next success).
 */
export async function schoolCounts(db: Db, siteId: string, since: Date): Promise<SchoolCounts> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('site_members')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('site_id', '=', siteId)
        .as('members'),
      eb
        .selectFrom('enrollments')
        .select(sql<number>`count(distinct person_id)::int`.as('n'))
        .where('site_id', '=', siteId)
        .where('status', '=', 'active')
        .where((w) => w.or([w('expires_at', 'is', null), w('expires_at', '>', sql<Date>`now()`)]))
        .as('active_students'),
      eb
        .selectFrom('enrollments')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('site_id', '=', siteId)
        .where('enrolled_at', '>=', since)
        .as('enrollments_since'),
      eb
        .selectFrom('webhook_endpoints as w')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('w.site_id', '=', siteId)
        .where((w) =>
          w.or([
            w.and([w('w.status', '=', 'disabled'), w('w.disabled_reason', 'in', ['gone', 'failing'])]),
            w.and([w('w.status', '=', 'enabled'), w('w.failing_since', 'is not', null)]),
          ]),
        )
        .as('failing_webhooks'),
    ])
    .executeTakeFirstOrThrow();
  return {
    members: row.members ?? 0,
    activeStudents: row.active_students ?? 0,
    enrollmentsSince: row.enrollments_since ?? 0,
    failingWebhooks: row.failing_webhooks ?? 0,
  };
}
