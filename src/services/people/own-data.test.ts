// The member data API's reads on the demo schools: one person at one school only, opaque cursors,
// page sizes 1..50 refused outside, and a bounded number of SQL statements per page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CursorCodec } from '../../db/pagination/cursor.ts';
import {
  AccountInputError,
  createAccountService,
  MAX_PAGE_SIZE,
  type AccountService,
  type Connection,
} from './own-data.ts';
import { countingDb, openAccountFixture, type AccountFixture } from './own-data-test-fixture.ts';

// The service's own codec, so a cursor forged here is signed as the service would sign it.
const cursors = new CursorCodec();
const encodeCursor = cursors.encode.bind(cursors);

let f: AccountFixture;
let account: AccountService;
let student1: string;

beforeAll(async () => {
  f = await openAccountFixture();
  account = createAccountService(f.db, cursors);
  student1 = await f.person('student1@demo-academy.test');
});
afterAll(() => f.test.drop());

async function walk<T>(load: (after: string | null) => Promise<Connection<T>>): Promise<T[]> {
  const all: T[] = [];
  let after: string | null = null;
  for (let guard = 0; guard < 20; guard++) {
    const page: Connection<T> = await load(after);
    all.push(...page.nodes);
    if (page.nextCursor === null) return all;
    after = page.nextCursor;
  }
  throw new Error('pagination did not end');
}

describe('viewer', () => {
  const sam = { id: 'p1', email: 'student1@demo-academy.test', name: 'Sam Carter' };

  it('is the person as read with the token, with their roles at this school in role order', () => {
    expect(account.viewer({ ...sam, roles: ['student', 'owner'] })).toEqual({ ...sam, roles: ['owner', 'student'] });
  });

  it('is not found at a school where the person holds no role', () => {
    expect(account.viewer({ ...sam, roles: [] })).toBeUndefined();
  });
});

describe('enrolledCourses', () => {
  it('pages most recently enrolled first with the totals of the whole list (SDL Viewer.enrolledCourses)', async () => {
    const page = await account.enrolledCourses(f.academy, student1, { first: 2 });
    expect(page.totalCount).toBe(4);
    expect(page.nextCursor).toEqual(expect.any(String));
    expect(page.nodes.map((c) => c.slug)).toEqual(['git-essentials', 'python-for-data-analysis']);
    const all = await walk((after) => account.enrolledCourses(f.academy, student1, { first: 2, after }));
    expect(all.map((c) => c.slug)).toEqual([
      'git-essentials',
      'python-for-data-analysis',
      'web-development-bootcamp',
      'ux-design-fundamentals',
    ]);
  });

  it('shows access, last-watched lecture and progress of each course', async () => {
    const all = await walk((after) => account.enrolledCourses(f.academy, student1, { first: 4, after }));
    const bootcamp = all.find((c) => c.slug === 'web-development-bootcamp');
    const lecture4 = await f.lecture(f.academy, 'web-development-bootcamp', 4);
    expect(bootcamp).toMatchObject({
      hasLifetimeAccess: true,
      expireDate: null,
      status: 'active',
      lastWatchedLecture: { lectureId: lecture4.id, title: 'CSS selectors and the cascade', positionSeconds: 312 },
      progress: { completedLectures: 3, totalLectures: 6, percentComplete: 50 },
    });
    const python = all.find((c) => c.slug === 'python-for-data-analysis');
    expect(python?.hasLifetimeAccess).toBe(false);
    expect(python?.expireDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // The earlier names are aliases of the very same values (spec/graphql/account.graphql @deprecated).
    for (const course of all) {
      expect(course.expiresAt).toBe(course.expireDate);
      expect(course.lastWatched).toBe(course.lastWatchedLecture);
    }
    expect(all.find((c) => c.slug === 'ux-design-fundamentals')?.status).toBe('expired');
  });

  it("shows the same identity's own records at the other school, never this school's", async () => {
    const there = await account.enrolledCourses(f.secondSchool, student1, { first: 50 });
    expect(there.nodes.map((c) => c.slug)).toEqual(['fotografie-grundkurs']);
    expect(there.totalCount).toBe(1);
  });

  it.each([0, -1, MAX_PAGE_SIZE + 1, 1.5])('refuses first: %s, never cutting silently', async (first) => {
    const error = await account.enrolledCourses(f.academy, student1, { first }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccountInputError);
    expect(error).toMatchObject({ code: 'INVALID_INPUT', field: 'first' });
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    [
      'a cursor of another connection',
      encodeCursor(
        { list: 'account-orders', sort: '-created_at' },
        { v: '2026-02-01T00:00:00.000000Z', id: '0190a7c4-0000-7000-8000-000000000000' },
      ),
    ],
    [
      'a cursor of another sort order',
      encodeCursor(
        { list: 'account-enrolled-courses', sort: 'enrolled_at' },
        { v: '2026-02-01T00:00:00.000000Z', id: '0190a7c4-0000-7000-8000-000000000000' },
      ),
    ],
    [
      'an impossible date',
      encodeCursor(
        { list: 'account-enrolled-courses', sort: '-enrolled_at' },
        { v: '2026-02-30T00:00:00.000000Z', id: '0190a7c4-0000-7000-8000-000000000000' },
      ),
    ],
  ])('refuses %s as the after cursor', async (_name, after) => {
    await expect(account.enrolledCourses(f.academy, student1, { first: 2, after })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'after',
    });
  });

  it('costs the same number of SQL statements for first: 1 and first: 3 (no per-row queries)', async () => {
    const counter = countingDb(f.db);
    const counted = createAccountService(counter.db, cursors);
    const one = await counted.enrolledCourses(f.academy, student1, { first: 1 });
    const afterOne = counter.count();
    counter.reset();
    const three = await counted.enrolledCourses(f.academy, student1, { first: 3 });
    expect(one.nodes).toHaveLength(1);
    expect(three.nodes).toHaveLength(3);
    expect(counter.count()).toBe(afterOne);
    expect(afterOne).toBe(2); // the page with its joins and counts, and one COUNT
  });

  it('the page for GraphQL runs its COUNT only when totalCount is asked for (one statement per page)', async () => {
    const counter = countingDb(f.db);
    const counted = createAccountService(counter.db, cursors);
    const page = await counted.enrolledCoursesPage(f.academy, student1, { first: 2 }, { progress: true });
    expect(page.nodes).toHaveLength(2);
    expect(counter.count()).toBe(1);
    expect(await page.countTotal()).toBe(4);
    expect(counter.count()).toBe(2);
  });

  it('a page read without progress leaves out the counts and holds the same courses otherwise (no work a query did not ask for)', async () => {
    // The counts travel as columns of the page's one statement: a course without progress is a row without them.
    const withProgress = await account.enrolledCoursesPage(f.academy, student1, { first: 10 }, { progress: true });
    const without = await account.enrolledCoursesPage(f.academy, student1, { first: 10 }, { progress: false });
    expect(withProgress.nodes).toHaveLength(4);
    expect(withProgress.nodes.every((course) => course.progress !== undefined)).toBe(true);
    expect(without.nodes.every((course) => course.progress === undefined)).toBe(true);
    expect(without.nodes).toEqual(withProgress.nodes.map(({ progress: _progress, ...rest }) => rest));
    expect(without.edges.map((edge) => edge.cursor)).toEqual(withProgress.edges.map((edge) => edge.cursor));
  });
});

describe('orders', () => {
  it('pages newest first with money in minor units, the coupon and the items', async () => {
    const all = await walk((after) => account.orders(f.academy, student1, { first: 1, after }));
    expect(all.map((o) => o.number)).toEqual(['DA-10003', 'DA-10002', 'DA-10001']);
    const withCoupon = all[1]!;
    expect(withCoupon.couponCode).toBe('SAVE5');
    expect(withCoupon.items.map((i) => i.itemType).sort()).toEqual(['digital_product', 'event']);
    expect(withCoupon.total.amount).toBe(
      withCoupon.subtotal.amount - withCoupon.discount.amount + withCoupon.tax.amount,
    );
    expect(withCoupon.total.currency).toBe('USD');
    expect(withCoupon.paidAt).toMatch(/Z$/);
  });

  it('loads the items of a whole page in one statement', async () => {
    const counter = countingDb(f.db);
    const counted = createAccountService(counter.db, cursors);
    await counted.orders(f.academy, student1, { first: 1 });
    const small = counter.count();
    counter.reset();
    const page = await counted.orders(f.academy, student1, { first: 3 });
    expect(page.nodes.flatMap((o) => o.items)).toHaveLength(4);
    // The orders, all their items, and the COUNT; the whole list (3 orders) is its own total, no COUNT.
    expect(small).toBe(3);
    expect(counter.count()).toBe(2);
  });
});

describe('eventRegistrations', () => {
  it('lists the person’s registrations by event start with the event', async () => {
    const page = await account.eventRegistrations(f.academy, student1, { first: 10 });
    expect(page.totalCount).toBe(2);
    expect(page.nodes.map((r) => [r.event.title, r.status])).toEqual([
      ['Portfolio Review Night', 'attended'],
      ['Live Q&A: React Hooks in Practice', 'registered'],
    ]);
    expect(page.nodes[1]?.event.onlineUrl).toBe('https://meet.demo-academy.test/react-hooks');
    const second = await account.eventRegistrations(f.academy, student1, {
      first: 1,
      after: (await account.eventRegistrations(f.academy, student1, { first: 1 })).nextCursor,
    });
    expect(second.nodes.map((r) => r.event.title)).toEqual(['Live Q&A: React Hooks in Practice']);
    // The last page has no next cursor: nothing more to read.
    expect(second.nextCursor).toBeNull();
  });
});
