// The member area leads somewhere (docs/development.md "Page languages"; the account area's pages), in a
// real Chromium at both demo schools: a student opens a course from /account, continues where they
// stopped and marks the lecture completed (the next lecture becomes "continue"), opens a receipt
// with its items, totals and payment method, opens an event registration and cancels it after a
// confirmation (the admin API then shows it cancelled); a lecturer finds the courses they teach;
// nobody opens another member's order or course (404). The course, the event and the student who
// takes them are the test's own, made through the admin API and an invitation, so the seeded data
// other suites read (the demo student's enrollments and registrations) stays as it is.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import {
  createCourse,
  createEvent,
  createLecture,
  createSection,
  enrollStudent,
  listEventRegistrations,
  publishEvent,
  registerEventAttendee,
} from '../../generated/openapi/client/sdk.gen.ts';
import { joinedStudent, uniqueEmail } from '../admin/people-fixtures.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { NEW_PERSON_PASSWORD } from '../support/invitations.ts';
import { operatorToken } from '../support/tokens.ts';
import { signInAt, useBrowserPage } from './area-helpers.ts';

const primary = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const TEST_BUDGET_MS = 60_000;
const DAY_MS = 86_400_000;

type School = {
  name: string;
  origin: string;
  owner: string;
  student: string;
  otherStudent: string;
  lecturer: string;
  /** The demo student whose seeded order's receipt is opened (README demo data). */
  order: { number: string; method: RegExp; total: RegExp };
  words: { cancelled: string; completedNotice: string; lectureCount: (done: number, all: number) => RegExp };
  taught: string[];
};

const schools: School[] = [
  {
    name: 'Demo Academy',
    origin: primary,
    owner: ACCOUNTS.owner,
    student: ACCOUNTS.student,
    otherStudent: ACCOUNTS.student2,
    lecturer: ACCOUNTS.lecturer,
    order: { number: 'DA-10002', method: /^Card$/, total: /^\$\d+\.\d{2}$/ },
    words: {
      cancelled: 'cancelled',
      completedNotice: 'Lecture marked as completed.',
      lectureCount: (done, all) => new RegExp(`^${done} of ${all} lectures completed`),
    },
    taught: ['Git Essentials', 'Python for Data Analysis'],
  },
  ...(secondary
    ? [
        {
          name: 'Second School',
          origin: secondary,
          owner: ACCOUNTS.secondSchoolOwner,
          // One identity, a student of both schools (README "Demo accounts").
          student: ACCOUNTS.student,
          otherStudent: 'student2@second-school.test',
          lecturer: 'lecturer@second-school.test',
          order: { number: 'SS-10003', method: /^Karte$/, total: /^\d{1,3}(\.\d{3})*,\d{2}\s€$/ },
          words: {
            cancelled: 'storniert',
            completedNotice: 'Lektion als abgeschlossen markiert.',
            lectureCount: (done: number, all: number) => new RegExp(`^${done} von ${all} Lektionen abgeschlossen`),
          },
          taught: ['Fotografie Grundkurs', 'Excel für Profis'],
        },
      ]
    : []),
];

type Fixture = {
  /** A student of the school who joined for this test (invited, accepted with NEW_PERSON_PASSWORD). */
  studentEmail: string;
  courseTitle: string;
  lectureTitles: string[];
  eventId: string;
  eventTitle: string;
};

/** A new student, enrolled in a course of three published lectures and registered for a free event. */
async function fixtureFor(school: School): Promise<Fixture> {
  const token = await operatorToken(
    school.origin,
    'courses:write curriculum:write students:read students:write events:read events:write',
    school.owner,
  );
  const client = adminClient(school.origin, token);
  const stamp = Date.now();
  const courseTitle = `Member Area Course ${stamp}`;
  const course = (await createCourse({ client, body: { title: courseTitle } })).data!;
  const section = (await createSection({ client, path: { course_id: course.id }, body: { title: 'Start here' } }))
    .data!;
  const lectureTitles = ['First steps', 'Second steps', 'Third steps'];
  for (const title of lectureTitles)
    expect(
      (
        await createLecture({
          client,
          path: { course_id: course.id, section_id: section.id },
          // School text is escaped on the page: the material shows as written.
          body: {
            title,
            content_type: 'text',
            content: `<b>${title}</b> material`,
            duration_seconds: 300,
            status: 'published',
          },
        })
      ).response.status,
    ).toBe(201);
  const studentEmail = uniqueEmail('member-area');
  const personId = (await joinedStudent(client, { email: studentEmail, name: 'Member Area Student' })).id;
  expect(
    (
      await enrollStudent({
        client,
        path: { person_id: personId },
        body: { course_id: course.id, has_lifetime_access: true },
      })
    ).response.status,
  ).toBe(201);
  const eventTitle = `Member Area Meetup ${stamp}`;
  const startsAt = new Date(Date.now() + 10 * DAY_MS);
  const event = (
    await createEvent({
      client,
      body: {
        title: eventTitle,
        starts_at: startsAt.toISOString(),
        ends_at: new Date(startsAt.getTime() + 3_600_000).toISOString(),
        location: 'Room 1',
      },
    })
  ).data!;
  expect((await publishEvent({ client, path: { event_id: event.id } })).response.status).toBe(200);
  expect(
    (await registerEventAttendee({ client, path: { event_id: event.id }, body: { person_id: personId } })).response
      .status,
  ).toBe(201);
  return { studentEmail, courseTitle, lectureTitles, eventId: event.id, eventTitle };
}

/** The page is no wider than a phone (390 px): nothing scrolls sideways. */
async function fitsPhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

describe.skipIf(skipBrowserTests)('the member area leads somewhere (account area pages)', () => {
  const session = useBrowserPage();
  let page: Page;
  beforeEach(async () => {
    page = session.page;
    await page.setViewportSize({ width: 390, height: 800 });
  });

  it.each(schools)(
    'at $name a student opens a course, continues where they stopped and completes the lecture; the next one is "continue"',
    async (school) => {
      session.screenshot = `member-area-course-${school.name.replace(' ', '-')}`;
      const fixture = await fixtureFor(school);
      await signInAt(page, school.origin, '/account', fixture.studentEmail, NEW_PERSON_PASSWORD);
      await page.locator('#courses h3 a', { hasText: fixture.courseTitle }).click();
      await page.waitForURL(/\/account\/courses\/[0-9a-f-]{36}$/);
      const courseUrl = page.url();
      expect(await page.locator('h1').textContent()).toContain(fixture.courseTitle);
      expect(await page.locator('.progress-text').textContent()).toMatch(school.words.lectureCount(0, 3));
      expect(await page.locator('.lecture-row').allTextContents()).toHaveLength(3);
      await fitsPhone(page);

      await page.locator('a.continue-link').click();
      await page.waitForURL(/\/lectures\/[0-9a-f-]{36}$/);
      expect(await page.locator('h1').textContent()).toBe(fixture.lectureTitles[0]);
      expect(await page.locator('.lecture-content').textContent()).toBe(`<b>${fixture.lectureTitles[0]}</b> material`);
      await fitsPhone(page);
      await page.locator('form[action$="/complete"] button[type="submit"]').click();
      await page.waitForURL((url) => url.toString().startsWith(`${courseUrl}?done=lectureCompleted`));
      expect(await page.getByRole('status').textContent()).toBe(school.words.completedNotice);
      expect(await page.locator('.progress-text').textContent()).toMatch(school.words.lectureCount(1, 3));
      expect(await page.locator('.lecture-row.completed').count()).toBe(1);
      await page.locator('a.continue-link').click();
      expect(await page.locator('h1').textContent()).toBe(fixture.lectureTitles[1]);

      // Another student of the school finds neither this course nor its lecture (404, nothing shown).
      const other = await session.browser.newContext();
      try {
        const otherPage = await other.newPage();
        await signInAt(otherPage, school.origin, '/account', school.otherStudent);
        expect((await otherPage.goto(courseUrl))?.status()).toBe(404);
        expect(await otherPage.content()).not.toContain(fixture.courseTitle);
        expect((await otherPage.goto(page.url()))?.status()).toBe(404);
      } finally {
        await other.close();
      }
    },
    TEST_BUDGET_MS,
  );

  it.each(schools)(
    "at $name a student opens a receipt with items, totals and payment method; another member's order is not found (404)",
    async (school) => {
      session.screenshot = `member-area-receipt-${school.name.replace(' ', '-')}`;
      await signInAt(page, school.origin, '/account', school.student);
      await page.locator('#orders tbody th a', { hasText: school.order.number }).click();
      await page.waitForURL(/\/account\/orders\/[0-9a-f-]{36}$/);
      const receiptUrl = page.url();
      expect(await page.locator('h1').textContent()).toContain(school.order.number);
      expect(await page.locator('.receipt-method').textContent()).toMatch(school.order.method);
      expect((await page.locator('.receipt-total').textContent())?.trim()).toMatch(school.order.total);
      expect(await page.locator('.receipt-items tbody tr').count()).toBeGreaterThan(0);
      await fitsPhone(page);
      // Printable: the area's header and navigation are left out of the printed page.
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('nav.area-nav:visible, details.area-menu:visible').count()).toBe(0);
      expect(await page.locator('.receipt').isVisible()).toBe(true);
      await page.emulateMedia({ media: 'screen' });

      const other = await session.browser.newContext();
      try {
        const otherPage = await other.newPage();
        await signInAt(otherPage, school.origin, '/account', school.otherStudent);
        expect((await otherPage.goto(receiptUrl))?.status()).toBe(404);
        expect(await otherPage.content()).not.toContain(school.order.number);
        expect((await otherPage.goto(`${school.origin}/account/orders/not-an-id`))?.status()).toBe(404);
      } finally {
        await other.close();
      }
    },
    TEST_BUDGET_MS,
  );

  it.each(schools)(
    'at $name a student opens an event registration and cancels it after a confirmation; the admin API shows it cancelled',
    async (school) => {
      session.screenshot = `member-area-event-${school.name.replace(' ', '-')}`;
      const fixture = await fixtureFor(school);
      await signInAt(page, school.origin, '/account', fixture.studentEmail, NEW_PERSON_PASSWORD);
      await page.locator('#events a', { hasText: fixture.eventTitle }).click();
      await page.waitForURL(`${school.origin}/account/events/${fixture.eventId}`);
      expect(await page.locator('h1').textContent()).toContain(fixture.eventTitle);
      await fitsPhone(page);
      await page.locator(`a[href="/account/events/${fixture.eventId}/cancel"]`).click();
      await page.waitForURL(`${school.origin}/account/events/${fixture.eventId}/cancel`);
      await fitsPhone(page);
      await page.locator('form[action$="/cancel"] button[type="submit"]').click();
      await page.waitForURL(`${school.origin}/account/events/${fixture.eventId}?done=registrationCancelled`);
      expect(await page.locator('.registration-status').textContent()).toBe(school.words.cancelled);
      expect(await page.locator(`a[href$="/cancel"]`).count()).toBe(0);

      const token = await operatorToken(school.origin, 'events:read', school.owner);
      const registrations = (
        await listEventRegistrations({
          client: adminClient(school.origin, token),
          path: { event_id: fixture.eventId },
          query: { limit: 100 },
        })
      ).data!.data;
      expect(registrations.find((r) => r.person.email === fixture.studentEmail)).toMatchObject({
        status: 'cancelled',
        cancelled_at: expect.any(String),
      });
    },
    TEST_BUDGET_MS,
  );

  it.each(schools)(
    "at $name a lecturer finds the courses they teach under the account's navigation",
    async (school) => {
      session.screenshot = `member-area-teaching-${school.name.replace(' ', '-')}`;
      await signInAt(page, school.origin, '/account', school.lecturer);
      // The menu is drawn twice (a bar, and on a phone a closed disclosure): the one shown is used.
      const disclosure = page.locator('details.area-menu:visible summary');
      if ((await disclosure.count()) > 0) await disclosure.click();
      await page.locator('nav.area-nav:visible a[href="/account/teaching"]').click();
      await page.waitForURL(`${school.origin}/account/teaching`);
      const titles = await page.locator('.taught-courses tbody th').allTextContents();
      for (const title of school.taught) expect(titles).toContain(title);
      await fitsPhone(page);
    },
    TEST_BUDGET_MS,
  );

  it('a student sees no "Courses you teach" in the navigation, and the page lists nothing for them', async () => {
    await signInAt(page, primary, '/account', ACCOUNTS.student);
    expect(await page.locator('nav.area-nav a[href="/account/teaching"]').count()).toBe(0);
    await page.goto(`${primary}/account/teaching`);
    expect(await page.locator('.taught-courses').count()).toBe(0);
  });
});
