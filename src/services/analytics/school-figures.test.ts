// The admin home's numbers (school-figures.ts) on a school of the test's own: members are people
// holding any role, students with access are those with an active enrollment whose access has not
// ended (repositories/enrollments.ts), enrollments count from the first of the month (UTC),
// failing webhooks are endpoints the delivery worker disabled (410 Gone, failing) or that are in a
// failing run, never one an operator turned off; revenue is the analytics service's, in the
// school's currency when nothing sold; another school's rows never count.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CursorCodec } from '../../db/pagination/cursor.ts';
import { createTestDatabase, insertTestSite, type TestDatabase } from '../../db/testing.ts';
import { createAuditLog } from '../audit/audit-log.ts';
import { createConnectedAppActions } from '../auth/connected-apps/of-school.ts';
import { toSite, type Site } from '../school/sites.ts';
import { createAnalyticsAdmin } from './analytics.ts';
import { createSchoolFigures } from './school-figures.ts';

const NOW = new Date('2026-12-15T10:00:00Z');
const DAY = 86_400_000;

describe('the admin home numbers of a school', () => {
  let test: TestDatabase;
  let site: Site;
  let other: string;

  beforeAll(async () => {
    test = await createTestDatabase();
    const { db } = test;
    site = toSite(
      await db
        .selectFrom('sites')
        .selectAll()
        .where('id', '=', await insertTestSite(db, 'figures'))
        .executeTakeFirstOrThrow(),
    );
    other = await insertTestSite(db, 'figures-other');
    const people = await db
      .insertInto('people')
      .values(['owner', 'a', 'b', 'c', 'd'].map((n) => ({ email: `${n}-${randomUUID()}@figures.test` })))
      .returning('id')
      .execute();
    const [owner, a, b, c, d] = people.map((p) => p.id);
    await db
      .insertInto('site_roles')
      .values([
        { site_id: site.id, person_id: owner!, role: 'owner' },
        ...[a, b, c].map((id) => ({ site_id: site.id, person_id: id!, role: 'student' as const })),
        { site_id: other, person_id: d!, role: 'student' },
      ])
      .execute();
    const course = (siteId: string, slug: string) => ({ site_id: siteId, slug, title: slug, currency: 'USD' });
    const [mine, theirs] = await db
      .insertInto('courses')
      .values([course(site.id, 'mine'), course(other, 'theirs')])
      .returning('id')
      .execute();
    const enrollment = (
      personId: string,
      enrolledAt: Date,
      expiresAt: Date | null,
      courseId = mine!.id,
      siteId = site.id,
    ) => ({
      site_id: siteId,
      person_id: personId,
      course_id: courseId,
      enrolled_at: enrolledAt,
      expires_at: expiresAt,
      has_lifetime_access: expiresAt === null,
    });
    await db
      .insertInto('enrollments')
      .values([
        // a: lifetime, enrolled this month. b: enrolled last month, access runs on. c: access ended.
        enrollment(a!, new Date(NOW.getTime() - 2 * DAY), null),
        enrollment(b!, new Date('2026-11-20T00:00:00Z'), new Date(Date.now() + 30 * DAY)),
        enrollment(c!, new Date('2026-12-01T00:00:00Z'), new Date(Date.now() - DAY)),
        enrollment(d!, new Date(NOW.getTime() - DAY), null, theirs!.id, other),
      ])
      .execute();
    const endpoint = (
      siteId: string,
      status: 'enabled' | 'disabled',
      reason: 'operator' | 'gone' | 'failing' | null,
      failing: boolean,
    ) => ({
      site_id: siteId,
      url: `https://hooks.example.test/${randomUUID()}`,
      event_types: JSON.stringify(['course.published']),
      version: '1',
      status,
      disabled_reason: reason,
      disabled_at: status === 'disabled' ? NOW : null,
      failing_since: failing ? NOW : null,
    });
    await db
      .insertInto('webhook_endpoints')
      .values([
        endpoint(site.id, 'enabled', null, false),
        endpoint(site.id, 'enabled', null, true),
        endpoint(site.id, 'disabled', 'gone', false),
        endpoint(site.id, 'disabled', 'failing', true),
        endpoint(site.id, 'disabled', 'operator', false),
        endpoint(other, 'enabled', null, true),
      ])
      .execute();
  });
  afterAll(async () => test?.drop());

  it('counts members, students with access, this month’s enrollments and failing endpoints of this school only', async () => {
    const figures = createSchoolFigures(test.db, {
      analytics: createAnalyticsAdmin(test.db, new CursorCodec()),
      connectedApps: createConnectedAppActions(test.db, createAuditLog(test.db)),
    });
    expect(await figures.load(site, NOW)).toEqual({
      monthStart: '2026-12-01',
      members: 4,
      activeStudents: 2,
      enrollmentsThisMonth: 2,
      revenueThisMonth: [{ amount: 0, currency: site.currency }],
      connectedApps: 0,
      failingWebhooks: 3,
    });
  });
});
