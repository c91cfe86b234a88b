// Cursor connections of the member lists (Relay Cursor Connections specification) over the demo
// data: student1 has 4 enrollments at Demo Academy, most recent first git-essentials,
// python-for-data-analysis, web-development-bootcamp, ux-design-fundamentals. Backward pages use
// the one keyset builder turned around; their cursors are those forward pages hand out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountService, MAX_PAGE_SIZE, type AccountService, type PageArgs } from './own-data.ts';
import { countingDb, openAccountFixture, type AccountFixture } from './own-data-test-fixture.ts';
import { CursorCodec } from '../../db/pagination/cursor.ts';

const ALL = ['git-essentials', 'python-for-data-analysis', 'web-development-bootcamp', 'ux-design-fundamentals'];

// One deployment's codec: a cursor one service instance issued is read by another (create-services.ts).
const codec = new CursorCodec();

let f: AccountFixture;
let account: AccountService;
let student1: string;

beforeAll(async () => {
  f = await openAccountFixture();
  account = createAccountService(f.db, codec);
  student1 = await f.person('student1@demo-academy.test');
});
afterAll(() => f.test.drop());

async function page(args: PageArgs, service: AccountService = account) {
  const connection = await service.enrolledCoursesPage(f.academy, student1, args, { progress: true });
  return {
    slugs: connection.nodes.map((c) => c.slug),
    cursors: connection.edges.map((e) => e.cursor),
    edgeSlugs: connection.edges.map((e) => e.node.slug),
    startCursor: connection.pageInfo.startCursor,
    endCursor: connection.pageInfo.endCursor,
    hasPreviousPage: await connection.pageInfo.hasPreviousPage(),
    hasNextPage: await connection.pageInfo.hasNextPage(),
  };
}

describe('cursor connections of the member lists (Relay Cursor Connections)', () => {
  it('gives every edge its own cursor, edges and nodes alike, startCursor and endCursor the ends (4.1, 5)', async () => {
    const all = await page({ first: 4 });
    expect(all.slugs).toEqual(ALL);
    expect(all.edgeSlugs).toEqual(ALL);
    expect(new Set(all.cursors).size).toBe(4);
    expect(all.startCursor).toBe(all.cursors[0]);
    expect(all.endCursor).toBe(all.cursors[3]);
  });

  it('reads first after any edge cursor, and last before any edge cursor (2.1, 4.3)', async () => {
    const { cursors } = await page({ first: 4 });
    for (const [i, cursor] of cursors.entries()) {
      expect((await page({ first: 4, after: cursor })).slugs).toEqual(ALL.slice(i + 1));
      expect((await page({ last: 4, before: cursor })).slugs).toEqual(ALL.slice(0, i));
    }
  });

  it('keeps the list order on a backward page, the last items of the window (4.3 EdgesToReturn)', async () => {
    expect((await page({ last: 2 })).slugs).toEqual(ALL.slice(2));
    const between = await page({ first: 4 });
    expect((await page({ last: 1, after: between.cursors[0], before: between.cursors[3] })).slugs).toEqual([ALL[2]]);
    expect((await page({ first: 1, after: between.cursors[0], before: between.cursors[3] })).slugs).toEqual([ALL[1]]);
  });

  it('walks backward from the end to the start with last/before, every item once (4.3)', async () => {
    const seen: string[] = [];
    let before: string | null = null;
    for (let guard = 0; guard < 10; guard++) {
      const p: Awaited<ReturnType<typeof page>> = await page({ last: 1, before });
      seen.unshift(...p.slugs);
      if (!p.hasPreviousPage) break;
      before = p.startCursor;
    }
    expect(seen).toEqual(ALL);
  });

  it('tells hasPreviousPage and hasNextPage on both sides (4.2 HasPreviousPage, HasNextPage)', async () => {
    const { cursors } = await page({ first: 4 });
    expect(await page({ first: 2 })).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
    expect(await page({ first: 2, after: cursors[1] })).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    expect(await page({ last: 2 })).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    expect(await page({ last: 2, before: cursors[2] })).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
    // With `first` and `before`, hasNextPage is whether more than `first` lie before the cursor.
    expect(await page({ first: 1, before: cursors[2] })).toMatchObject({ hasNextPage: true });
    expect(await page({ first: 2, before: cursors[2] })).toMatchObject({ hasNextPage: false });
  });

  it('asks the database about the far side only when hasPreviousPage or hasNextPage is read, once', async () => {
    const { cursors } = await page({ first: 4 });
    const counter = countingDb(f.db);
    const connection = await createAccountService(counter.db, codec).enrolledCoursesPage(
      f.academy,
      student1,
      { first: 1, after: cursors[0] },
      { progress: true },
    );
    expect(counter.count()).toBe(1);
    expect(await connection.pageInfo.hasNextPage()).toBe(true);
    expect(counter.count()).toBe(1);
    expect(await connection.pageInfo.hasPreviousPage()).toBe(true);
    expect(await connection.pageInfo.hasPreviousPage()).toBe(true);
    expect(counter.count()).toBe(2);
  });

  it('counts the total only when the page does not show the whole list (a page holding all of it is the total)', async () => {
    const counter = countingDb(f.db);
    const service = createAccountService(counter.db, codec);
    const whole = await service.enrolledCoursesPage(f.academy, student1, { first: 10 }, { progress: true });
    expect(await whole.countTotal()).toBe(ALL.length);
    const wholeFromEnd = await service.enrolledCoursesPage(f.academy, student1, { last: 10 }, { progress: true });
    expect(await wholeFromEnd.countTotal()).toBe(ALL.length);
    expect(counter.count()).toBe(2); // the two pages, no COUNT
    const { cursors } = await page({ first: 4 });
    for (const args of [{ first: 2 }, { first: 10, after: cursors[0] }, { last: 10, before: cursors[3] }]) {
      counter.reset();
      const partial = await service.enrolledCoursesPage(f.academy, student1, args, { progress: true });
      expect(await partial.countTotal()).toBe(ALL.length);
      expect(counter.count()).toBe(2); // the page and its COUNT
    }
  });

  it('refuses first with last (2.1: strongly discouraged), and last outside 1..50, as input to correct', async () => {
    await expect(page({ first: 1, last: 1 })).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'last' });
    for (const last of [0, -1, MAX_PAGE_SIZE + 1, 1.5])
      await expect(page({ last })).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'last' });
  });

  it('refuses a before cursor of another connection, naming before', async () => {
    const order = (await account.ordersPage(f.academy, student1, { first: 1 })).pageInfo.endCursor!;
    await expect(page({ last: 1, before: order })).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'before' });
    await expect(page({ last: 1, before: 'garbage' })).rejects.toMatchObject({ field: 'before' });
  });
});
