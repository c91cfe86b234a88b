// The member data API's writes on the demo schools: lecture progress only inside an active
// enrollment and within the lecture's length; event registration idempotent both ways.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountService, type AccountService } from './own-data.ts';
import { openAccountFixture, type AccountFixture } from './own-data-test-fixture.ts';
import { CursorCodec } from '../../db/pagination/cursor.ts';

let f: AccountFixture;
let account: AccountService;
let student1: string;
let student2: string;

beforeAll(async () => {
  f = await openAccountFixture();
  account = createAccountService(f.db, new CursorCodec());
  student1 = await f.person('student1@demo-academy.test');
  student2 = await f.person('student2@demo-academy.test');
});
afterAll(() => f.test.drop());

describe('recordLectureProgress', () => {
  it('sets the last-watched lecture and counts a completed lecture once', async () => {
    const lecture = await f.lecture(f.academy, 'python-for-data-analysis', 3);
    const watching = await account.recordLectureProgress(f.academy, student1, {
      lectureId: lecture.id,
      positionSeconds: 42,
      completed: false,
    });
    expect(watching.lastWatchedLecture).toEqual({
      lectureId: lecture.id,
      title: 'DataFrames and Series',
      positionSeconds: 42,
    });
    expect(watching.progress).toEqual({ completedLectures: 1, totalLectures: 5, percentComplete: 20 });
    const done = await account.recordLectureProgress(f.academy, student1, {
      lectureId: lecture.id,
      positionSeconds: lecture.duration,
      completed: true,
    });
    expect(done.progress).toEqual({ completedLectures: 2, totalLectures: 5, percentComplete: 40 });
    // Watching a finished lecture again does not un-finish it.
    const again = await account.recordLectureProgress(f.academy, student1, {
      lectureId: lecture.id,
      positionSeconds: 0,
      completed: false,
    });
    expect(again.progress.completedLectures).toBe(2);
    expect(again.lastWatchedLecture?.positionSeconds).toBe(0);
  });

  it('completes the enrollment when its last published lecture is completed', async () => {
    for (let n = 1; n <= 4; n++) {
      const lecture = await f.lecture(f.academy, 'git-essentials', n);
      await account.recordLectureProgress(f.academy, student1, {
        lectureId: lecture.id,
        positionSeconds: lecture.duration,
        completed: true,
      });
    }
    const row = await f.db
      .selectFrom('enrollments as e')
      .innerJoin('courses as c', 'c.id', 'e.course_id')
      .select('e.completed_at')
      .where('c.slug', '=', 'git-essentials')
      .where('e.person_id', '=', student1)
      .executeTakeFirstOrThrow();
    expect(row.completed_at).toBeInstanceOf(Date);
  });

  it.each([
    ['a negative position', -1, 'INVALID_INPUT'],
    ['a position past the end', 'duration+1', 'INVALID_INPUT'],
    ['a fractional position', 1.5, 'INVALID_INPUT'],
  ] as const)('refuses %s', async (_name, position, code) => {
    const lecture = await f.lecture(f.academy, 'web-development-bootcamp', 2);
    const positionSeconds = position === 'duration+1' ? lecture.duration + 1 : position;
    await expect(
      account.recordLectureProgress(f.academy, student1, { lectureId: lecture.id, positionSeconds }),
    ).rejects.toMatchObject({ code, field: 'positionSeconds' });
  });

  it.each([
    ['an expired enrollment', 'demo-academy', 'ux-design-fundamentals'],
    ['a course the person is not enrolled in', 'demo-academy', 'intro-to-machine-learning'],
    ["the other school's course of the same identity", 'second-school', 'fotografie-grundkurs'],
  ])('treats a lecture of %s as unknown', async (_name, school, course) => {
    const lecture = await f.lecture(school === 'demo-academy' ? f.academy : f.secondSchool, course, 1);
    await expect(
      account.recordLectureProgress(f.academy, student1, { lectureId: lecture.id, positionSeconds: 0 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'lectureId' });
  });

  it('treats an id that is no UUID as unknown rather than a database error', async () => {
    await expect(
      account.recordLectureProgress(f.academy, student1, { lectureId: "1' or '1'='1", positionSeconds: 0 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'lectureId' });
  });
});

describe('registerForEvent and cancelEventRegistration', () => {
  it('are idempotent: register, register again, cancel, cancel again, register again', async () => {
    const eventId = await f.event(f.academy, 'live-qa-react-hooks');
    const first = await account.registerForEvent(f.academy, student1, eventId);
    expect(first.status).toBe('registered');
    expect(await account.registerForEvent(f.academy, student1, eventId)).toEqual(first);
    const cancelled = await account.cancelEventRegistration(f.academy, student1, eventId);
    expect(cancelled).toMatchObject({ id: first.id, status: 'cancelled' });
    expect(await account.cancelEventRegistration(f.academy, student1, eventId)).toEqual(cancelled);
    const back = await account.registerForEvent(f.academy, student1, eventId);
    expect(back).toMatchObject({ id: first.id, status: 'registered', event: { id: eventId } });
  });

  it.each([
    ['a draft event', 'ml-study-group-kickoff', 'NOT_FOUND'],
    ['an event that already took place', 'portfolio-review-night', 'INVALID_INPUT'],
  ])('refuses to register student2 for %s', async (_name, slug, code) => {
    const eventId = await f.event(f.academy, slug);
    await expect(account.registerForEvent(f.academy, student2, eventId)).rejects.toMatchObject({
      code,
      field: 'eventId',
    });
  });

  it("treats the other school's event as unknown", async () => {
    const [event] = await f.db
      .selectFrom('events')
      .select('id')
      .where('site_id', '=', f.secondSchool)
      .where('status', '=', 'published')
      .execute();
    await expect(account.registerForEvent(f.academy, student1, event!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a paid event without a ticket and a full event', async () => {
    const base = {
      site_id: f.academy,
      currency: 'USD',
      status: 'published' as const,
      starts_at: sql<Date>`now() + interval '7 days'`,
      ends_at: sql<Date>`now() + interval '8 days'`,
    };
    const paid = await f.db
      .insertInto('events')
      .values({ ...base, slug: 'paid-workshop', title: 'Paid workshop', price_amount: 2500 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(account.registerForEvent(f.academy, student1, paid.id)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringContaining('paid'),
    });
    const small = await f.db
      .insertInto('events')
      .values({ ...base, slug: 'one-seat', title: 'One seat', capacity: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await account.registerForEvent(f.academy, student2, small.id);
    await expect(account.registerForEvent(f.academy, student1, small.id)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'The event is full.',
    });
  });

  it('cannot cancel what does not exist or was attended', async () => {
    await expect(
      account.cancelEventRegistration(f.academy, student2, await f.event(f.academy, 'ml-study-group-kickoff')),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      account.cancelEventRegistration(f.academy, student1, await f.event(f.academy, 'portfolio-review-night')),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
