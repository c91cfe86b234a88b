// Every admin list over rows that grow with a school's people and time (orders, enrollments,
// members, students, subscriptions, event registrations, form submissions, comments, the audit log,
// webhook deliveries) pages in the order of an index (guide "bounded work per request"): for each
// sort it offers, PostgreSQL can plan its page without a Sort (with sorting priced out of reach,
// none remains), so a page reads its rows in order and stops however many the school has. Lists
// of what a school writes by hand (coupons, plans, pages, posts, events, forms, lecturers,
// products, endpoints) stay small enough to sort, and a member's own lists hold only that member's
// rows; the course lists are held to the same rule with data in course-list-plans.test.ts. Runs on
// PGlite and, in CI's second pass, on PostgreSQL.
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import type { Db } from '../database.ts';
import type { KeysetPage } from '../pagination/keyset.ts';
import { nodesOf, planWithoutSorting, recording } from '../statement-plans.ts';
import { createTestDatabase, insertTestSite, type TestDatabase } from '../testing.ts';
import { listAuditEvents } from './audit-log.ts';
import { listComments } from './comments.ts';
import { listEnrollments } from './enrollments.ts';
import { listRegistrations } from './event-registrations.ts';
import { listSubmissions } from './forms.ts';
import { listOrders } from './orders.ts';
import { listMembers, listStudents } from './people-lists.ts';
import { listSubscriptions } from './subscriptions.ts';
import { listDeliveries } from './webhook-deliveries.ts';

const someId = '00000000-0000-7000-8000-000000000001';
type List = (db: Db, siteId: string, page: KeysetPage) => Promise<unknown>;
const LISTS: Record<string, { list: List; sorts: string[] }> = {
  orders: { list: (db, site, page) => listOrders(db, site, page), sorts: ['created_at', 'total'] },
  enrollments: { list: (db, site, page) => listEnrollments(db, site, page), sorts: ['enrolled_at'] },
  'enrollments of a course': {
    list: (db, site, page) => listEnrollments(db, site, { ...page, courseId: someId }),
    sorts: ['enrolled_at'],
  },
  members: { list: listMembers, sorts: ['created_at', 'email'] },
  students: { list: listStudents, sorts: ['created_at', 'email'] },
  subscriptions: {
    list: (db, site, page) => listSubscriptions(db, site, page),
    sorts: ['created_at', 'current_period_end'],
  },
  'event registrations': {
    list: (db, site, page) => listRegistrations(db, site, someId, page),
    sorts: ['registered_at'],
  },
  'form submissions': { list: (db, site, page) => listSubmissions(db, site, someId, page), sorts: ['created_at'] },
  comments: { list: (db, site, page) => listComments(db, site, { ...page, filter: {} }), sorts: ['created_at'] },
  'audit log': { list: listAuditEvents, sorts: ['created_at'] },
  'webhook deliveries': {
    list: (db, site, page) => listDeliveries(db, site, someId, page),
    sorts: ['created_at'],
  },
};

const CASES = Object.entries(LISTS).flatMap(([name, { list, sorts }]) =>
  sorts.flatMap((column) =>
    (['asc', 'desc'] as const).flatMap((direction) =>
      [
        null,
        {
          v:
            column.endsWith('_at') || column.endsWith('_end')
              ? '2026-01-01T00:00:00.000000Z'
              : column === 'total'
                ? 100
                : 'm',
          id: someId,
        },
      ].map((after) => ({ name, list, sort: { column, direction }, after })),
    ),
  ),
);

describe('lists that grow with a school page in index order (bounded work per request)', () => {
  let test: TestDatabase;
  let siteId = '';
  beforeAll(async () => {
    test = await createTestDatabase();
    siteId = await insertTestSite(test.db, 'plans');
  });
  afterAll(async () => test?.drop());

  it.each(CASES)('$name by $sort.column $sort.direction, after $after: no Sort', async ({ list, sort, after }) => {
    const { db, last } = recording(test.db);
    await list(db, siteId, { limit: 20, sort, after });
    const nodes = nodesOf(await planWithoutSorting(test.db, last()));
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
  });
});
