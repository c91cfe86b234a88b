// Analytics through the generated client (OpenAPI tag Analytics: revenue by period,
// enrollments and completion per course, aggregate reads with date ranges). Revenue is checked
// against Demo Academy's seeded orders (no API writes orders); per-course figures against Second
// School's seeded enrollments, which no suite changes, and a course made here without any.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createCourse,
  getRevenueReport,
  listCompletionRates,
  listEnrollmentsByCourse,
} from '../../generated/openapi/client/sdk.gen.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { operatorToken } from '../support/tokens.ts';
import { allPages, pointersOf, unique, utcDate } from './commerce-fixtures.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

// DA-10001 14900, DA-10002 1900 (SAVE5), DA-10003 7920 (WELCOME20), DA-10004 7900 paid then
// refunded; DA-10005 is unpaid. All within the last 60 days.
const GROSS = 14900 + 1900 + 7920 + 7900;
const REFUNDS = 7900;

describe('analytics (analytics:read; OpenAPI tag Analytics)', () => {
  let client: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    client = adminClient(origin, await operatorToken(origin, 'analytics:read courses:write'));
  });

  it('revenue per day: every day of the range present, zeros included, paid totals minus refunds', async () => {
    const from = utcDate(-60);
    const to = utcDate(0);
    const { data, response } = await getRevenueReport({ client, query: { from, to, interval: 'day' } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ from, to, interval: 'day' });
    expect(data!.series.map((s) => s.currency)).toEqual(['USD']);
    const usd = data!.series[0]!;
    expect(usd).toMatchObject({
      gross: { amount: GROSS, currency: 'USD' },
      refunds: { amount: REFUNDS },
      net: { amount: GROSS - REFUNDS },
      orders: 4,
    });
    expect(usd.buckets).toHaveLength(61);
    expect([usd.buckets[0]!.start, usd.buckets.at(-1)!.start]).toEqual([from, to]);
    expect(usd.buckets.filter((b) => b.orders === 0 && b.gross.amount === 0).length).toBeGreaterThan(50);
    expect(usd.buckets.reduce((sum, b) => sum + b.net.amount, 0)).toBe(GROSS - REFUNDS);
  });

  it('revenue per ISO week and per month: buckets labelled by their first day, same totals', async () => {
    const from = utcDate(-60);
    const to = utcDate(0);
    const weeks = (await getRevenueReport({ client, query: { from, to, interval: 'week' } })).data!;
    const mondays = weeks.series[0]!.buckets.map((b) => b.start);
    expect(mondays.every((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(mondays[0]! <= from && mondays.at(-1)! <= to).toBe(true);
    expect(weeks.series[0]).toMatchObject({ gross: { amount: GROSS }, net: { amount: GROSS - REFUNDS } });
    const months = (await getRevenueReport({ client, query: { from, to, interval: 'month' } })).data!;
    expect(months.series[0]!.buckets.every((b) => b.start.endsWith('-01'))).toBe(true);
    expect(months.series[0]!.buckets.reduce((sum, b) => sum + b.gross.amount, 0)).toBe(GROSS);
  });

  it('a range without sales still answers every bucket, in the school currency, as zero', async () => {
    const { data } = await getRevenueReport({
      client,
      query: { from: '2001-01-01', to: '2001-12-31', interval: 'month' },
    });
    expect(data!.series).toHaveLength(1);
    expect(data!.series[0]!.buckets).toHaveLength(12);
    expect(data!.series[0]).toMatchObject({ currency: 'USD', gross: { amount: 0 }, net: { amount: 0 }, orders: 0 });
  });

  it('a backwards or over-long range is 422 with a pointer to /query/to (bounded reports)', async () => {
    const backwards = await getRevenueReport({ client, query: { from: '2026-02-01', to: '2026-01-31' } });
    expect(backwards.response.status).toBe(422);
    expect(pointersOf(backwards.error)).toEqual(['/query/to']);
    const tooLong = await getRevenueReport({
      client,
      query: { from: '2025-01-01', to: '2026-01-02', interval: 'day' },
    });
    expect(tooLong.response.status).toBe(422);
    expect(pointersOf(tooLong.error)).toEqual(['/query/to']);
    const leapYear = await getRevenueReport({
      client,
      query: { from: '2024-01-01', to: '2024-12-31', interval: 'day' },
    });
    expect(leapYear.data!.series[0]!.buckets).toHaveLength(366);
  });

  it('malformed revenue parameters are 400 with a pointer', async () => {
    const missing = await getRevenueReport({ client, query: { to: '2026-01-31' } as never });
    expect(missing.response.status).toBe(400);
    expect(pointersOf(missing.error)).toContain('/query/from');
    const badDate = await getRevenueReport({ client, query: { from: '2026-02-30', to: '2026-03-01' } });
    expect(pointersOf(badDate.error)).toContain('/query/from');
    const badInterval = await getRevenueReport({
      client,
      query: { from: '2026-01-01', to: '2026-03-01', interval: 'quarter' as never },
    });
    expect(pointersOf(badInterval.error)).toContain('/query/interval');
  });

  it('per-course reports list every course, a new one with zeros, consistently across pages', async () => {
    const course = (await createCourse({ client, body: { title: `Analytics empty ${unique()}` } })).data!;
    // Other suites add courses meanwhile, so the checks hold for any set: every course, once each.
    const enrollments = await allPages((cursor) =>
      listEnrollmentsByCourse({ client, query: { limit: 2, ...(cursor ? { cursor } : {}) } }),
    );
    const ids = enrollments.map((r) => r.course.id);
    expect(ids).toContain(course.id);
    expect(new Set(ids).size).toBe(ids.length);
    const slugs = enrollments.map((r) => r.course.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        'web-development-bootcamp',
        'python-for-data-analysis',
        'ux-design-fundamentals',
        'git-essentials',
      ]),
    );
    expect(enrollments.every((r) => r.total === r.active + r.expired + r.revoked)).toBe(true);
    const totals = enrollments.map((r) => r.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const mine = await listEnrollmentsByCourse({ client, query: { course_id: course.id } });
    expect(mine.data!.data).toEqual([
      {
        course: { id: course.id, slug: course.slug, title: course.title, status: 'draft' },
        total: 0,
        active: 0,
        expired: 0,
        revoked: 0,
      },
    ]);
    const completion = await listCompletionRates({ client, query: { course_id: course.id } });
    expect(completion.data!.data[0]).toMatchObject({
      published_lectures: 0,
      enrollments: 0,
      completed: 0,
      completion_percent: null,
      average_progress_percent: null,
    });
    const byRate = await allPages((cursor) =>
      listCompletionRates({ client, query: { sort: '-completion_percent', limit: 3, ...(cursor ? { cursor } : {}) } }),
    );
    const rates = byRate.map((r) => r.completion_percent ?? -1);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    expect(new Set(byRate.map((r) => r.course.id)).size).toBe(byRate.length);
  });

  it('invalid report parameters and cursors of another sort are 400 with a pointer (OpenAPI response BadRequest)', async () => {
    const badSort = await listEnrollmentsByCourse({ client, query: { sort: 'revenue' as never } });
    expect(pointersOf(badSort.error)).toContain('/query/sort');
    const badCourse = await listCompletionRates({ client, query: { course_id: 'git-essentials' } });
    expect(badCourse.response.status).toBe(400);
    expect(pointersOf(badCourse.error)).toContain('/query/course_id');
    const byTitle = await listCompletionRates({ client, query: { sort: 'title', limit: 1 } });
    const otherSort = await listCompletionRates({
      client,
      query: { sort: '-enrollments', cursor: byTitle.data!.next_cursor! },
    });
    expect(otherSort.response.status).toBe(400);
    expect(pointersOf(otherSort.error)).toContain('/query/cursor');
  });

  describe.skipIf(!secondary)('on Second School', () => {
    let other: ReturnType<typeof adminClient>;
    beforeAll(async () => {
      other = adminClient(secondary, await operatorToken(secondary, 'analytics:read', ACCOUNTS.secondSchoolOwner));
    });

    it('counts enrollments per course by state, and only those made in the date range', async () => {
      const rows = (await listEnrollmentsByCourse({ client: other, query: { sort: 'title', limit: 100 } })).data!.data;
      const bySlug = Object.fromEntries(rows.map((r) => [r.course.slug, r]));
      expect(bySlug['fotografie-grundkurs']).toMatchObject({ total: 2, active: 2, expired: 0, revoked: 0 });
      expect(bySlug['excel-fuer-profis']).toMatchObject({ total: 2, active: 2 });
      expect(bySlug['yoga-fuer-jeden-tag']).toMatchObject({ total: 1, active: 0, expired: 1 });
      const recent = (
        await listEnrollmentsByCourse({
          client: other,
          query: { enrolled_after: new Date(Date.now() - 20 * 86_400_000).toISOString(), limit: 100 },
        })
      ).data!.data;
      expect(Object.fromEntries(recent.map((r) => [r.course.slug, r.total]))).toMatchObject({
        'fotografie-grundkurs': 1,
        'excel-fuer-profis': 1,
        'yoga-fuer-jeden-tag': 0,
      });
    });

    it('completion: finished (completed_at or every published lecture) over enrollments, and average progress', async () => {
      const rows = (await listCompletionRates({ client: other, query: { limit: 100 } })).data!.data;
      const excel = rows.find((r) => r.course.slug === 'excel-fuer-profis')!;
      expect(excel).toMatchObject({
        published_lectures: 5,
        enrollments: 2,
        completed: 1,
        completion_percent: 50,
        average_progress_percent: 50,
      });
      const photo = rows.find((r) => r.course.slug === 'fotografie-grundkurs')!;
      const expected = Math.round(((1 + 2) / 2 / photo.published_lectures) * 1000) / 10;
      expect(photo).toMatchObject({
        enrollments: 2,
        completed: 0,
        completion_percent: 0,
        average_progress_percent: expected,
      });
    });

    it("a school's reports never include another school's orders or courses (OpenAPI response NotFound: never another school's data)", async () => {
      const mine = (await getRevenueReport({ client, query: { from: utcDate(-60), to: utcDate(0) } })).data!;
      const theirs = (await getRevenueReport({ client: other, query: { from: utcDate(-60), to: utcDate(0) } })).data!;
      expect(mine.series.map((s) => s.currency)).toEqual(['USD']);
      expect(theirs.series.map((s) => s.currency)).toEqual(['EUR']);
      const theirCourses = (await listEnrollmentsByCourse({ client: other, query: { limit: 100 } })).data!.data.map(
        (r) => r.course.id,
      );
      const response = await listEnrollmentsByCourse({ client, query: { course_id: theirCourses[0]! } });
      expect(response.data!.data).toEqual([]);
    });
  });
});
