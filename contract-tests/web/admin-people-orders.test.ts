// The admin area's Students, Staff and Orders pages in a real Chromium, at both demo schools (Demo
// Academy English, Second School German: docs/development.md "Page languages"). They run on the
// admin API's own services, so every change made on a page is read back through the admin API
// (OpenAPI getStudent, listStudentEnrollments, getMember, getOrder); every form answers 303 to the
// page it changed, so reloading that page changes nothing; a refusal is said beside its field in
// the school's language; and who may do what is the admin API's rule (members:write is the owners':
// an admin changes no roles, least of all to owner). Lecturers and students do not get in.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { answered } from '../support/answered.ts';
import { axeViolations } from '../support/axe.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { acceptInvitation } from '../support/invitations.ts';
import { invitationLink, mailMark } from '../support/mailbox.ts';
import { operatorToken } from '../support/tokens.ts';
import { signInAt, useBrowserPage } from './area-helpers.ts';
import { csrfFor, pageHtml, postForm, signedIn } from './area-http.ts';

const primary = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const BUDGET_MS = 120_000;
const SCOPES = 'students:read students:write members:read orders:read';

// The words looked for, by hand in each language (a page showing English at the German school fails).
const WORDS = {
  en: {
    badEmail: 'Please enter an e-mail address such as name@example.com.',
    active: 'Active',
    expired: 'Expired',
    progress: /^0 of \d+ lectures? completed \(0\s?%\)$/,
    revokeHeading: 'Revoke this enrollment?',
    endsOneCourse: 'It ends access to 1 course:',
    refunded: 'Refunded',
    amount: '12.50',
    admin: 'admin',
    tooMuch: /^Please enter at most .*12\.50/,
  },
  de: {
    badEmail: 'Bitte geben Sie eine E-Mail-Adresse ein, etwa name@example.com.',
    active: 'Aktiv',
    expired: 'Abgelaufen',
    progress: /^0 von \d+ Lektionen? abgeschlossen \(0\s?%\)$/,
    revokeHeading: 'Diese Einschreibung widerrufen?',
    endsOneCourse: 'Sie beendet den Zugang zu 1 Kurs:',
    refunded: 'Erstattet',
    amount: '12,50',
    admin: 'admin',
    tooMuch: /^Bitte höchstens .*12,50/,
  },
};

type School = { name: string; origin: string; lang: 'en' | 'de'; owner: string };
const schools: School[] = [
  { name: 'Demo Academy', origin: primary, lang: 'en', owner: ACCOUNTS.owner },
  ...(secondary
    ? [{ name: 'Second School', origin: secondary, lang: 'de' as const, owner: ACCOUNTS.secondSchoolOwner }]
    : []),
];

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function api(school: School) {
  return operatorToken(school.origin, SCOPES, school.owner).then((token) => adminClient(school.origin, token));
}

/** Clicks a form's submit button and waits for the page the form's 303 leads to. */
async function submit(page: Page, form: string, to: RegExp): Promise<void> {
  await Promise.all([page.waitForURL(to), page.locator(`${form} button[type="submit"]`).click()]);
}

/** A new person invited by the school through the API and accepted at the mailed link: a student here. */
async function newStudent(school: School): Promise<{ id: string; email: string }> {
  const client = await api(school);
  const email = `buyer-${unique()}@example.test`;
  const mark = await mailMark();
  await answered(sdk.inviteStudent({ client, body: { email, name: 'Order Buyer' } }));
  await acceptInvitation(await invitationLink(email, { after: mark }));
  const found = await answered(sdk.listStudents({ client, query: { q: email } }));
  return { id: found.data[0]!.id, email };
}

describe.skipIf(skipBrowserTests)("admin area: students, staff and orders on the admin API's services", () => {
  const session = useBrowserPage();

  it.each(schools)(
    '$name: an owner invites a student (mailed), enrolls them, sees progress, expires and revokes; the API agrees',
    async (school) => {
      const { page } = session;
      const words = WORDS[school.lang];
      session.screenshot = `admin-students-${school.lang}`;
      const client = await api(school);
      const email = `student-${unique()}@example.test`;
      await signInAt(page, school.origin, '/admin/students', school.owner);

      // A refusal beside its field, in the school's language, and nothing sent.
      await page.goto(`${school.origin}/admin/students/invite`);
      await page.locator('#invite-email').fill('not-an-address');
      await page.locator('#invite-name').fill('New Student');
      await page.locator('form[action="/admin/students/invite"] button[type="submit"]').click();
      await page.locator('#invite-email-error').waitFor();
      expect((await page.locator('#invite-email-error').textContent())?.trim()).toBe(words.badEmail);
      expect(await page.locator('#invite-email').getAttribute('aria-invalid')).toBe('true');

      const mark = await mailMark();
      await page.locator('#invite-email').fill(email);
      await submit(page, 'form[action="/admin/students/invite"]', /\/admin\/invitations\?done=student-invited/);
      expect(await page.locator('#invitations-student-section').textContent()).toContain(email);
      // The mail reaches the test's SMTP listener; accepting there makes them a student.
      await acceptInvitation(await invitationLink(email, { after: mark }));
      await page.reload();
      expect(await page.locator('#invitations-student-section').textContent()).not.toContain(email);

      // Found by the list's search; their page.
      await page.goto(`${school.origin}/admin/students?q=${encodeURIComponent(email)}`);
      await Promise.all([
        page.waitForURL(/\/admin\/students\/[0-9a-f-]{36}$/),
        page.locator('#students a').first().click(),
      ]);
      const studentId = new URL(page.url()).pathname.split('/').pop()!;
      const student = await answered(sdk.getStudent({ client, path: { person_id: studentId } }));
      expect(student.email).toBe(email);

      // Enroll in the first course offered: one enrollment, 0 % done, on the page and through the API.
      const courseId = await page.locator('#enroll-course option').nth(1).getAttribute('value');
      await page.locator('#enroll-course').selectOption(courseId);
      await submit(page, `form[action="/admin/students/${studentId}/enrollments"]`, /done=enrolled/);
      const rows = page.locator('tr.enrollment');
      expect(await rows.count()).toBe(1);
      expect((await rows.locator('.progress-text').textContent())?.trim()).toMatch(words.progress);
      await page.reload();
      expect(await rows.count()).toBe(1);
      let enrollments = await answered(sdk.listStudentEnrollments({ client, path: { person_id: studentId } }));
      expect(enrollments.data.map((e) => [e.course.id, e.status, e.percent_complete])).toEqual([
        [courseId, 'active', 0],
      ]);
      expect(await rows.locator('td').nth(1).textContent()).toBe(words.active);

      // Expire: access ends, the enrollment stays.
      await submit(page, 'tr.enrollment form[action$="/expire"]', /done=enrollment-expired/);
      expect(await rows.locator('td').nth(1).textContent()).toBe(words.expired);
      await page.reload();
      enrollments = await answered(sdk.listStudentEnrollments({ client, path: { person_id: studentId } }));
      expect(enrollments.data.map((e) => e.status)).toEqual(['expired']);

      // Revoke: a page says what will happen first; confirming deletes the enrollment.
      await Promise.all([page.waitForURL(/\/revoke$/), page.locator('tr.enrollment a[href$="/revoke"]').click()]);
      expect(await page.locator('h1').textContent()).toBe(words.revokeHeading);
      await submit(page, 'form[action$="/revoke"]', /done=enrollment-revoked/);
      expect(await rows.count()).toBe(0);
      await page.reload();
      expect(await rows.count()).toBe(0);
      enrollments = await answered(sdk.listStudentEnrollments({ client, path: { person_id: studentId } }));
      expect(enrollments.data).toEqual([]);
      expect(await page.locator('#form-errors').count()).toBe(0);

      // A seeded student with lectures completed: the page says the API's numbers (percent-complete.ts).
      const seeded = (await answered(sdk.listStudents({ client, query: { q: ACCOUNTS.student } }))).data[0]!;
      const progress = await answered(sdk.getStudentProgress({ client, path: { person_id: seeded.id } }));
      const started = progress.data.find((p) => p.completed_lectures > 0)!;
      await page.goto(`${school.origin}/admin/students/${seeded.id}`);
      const text = await page
        .locator(`tr.enrollment[data-enrollment="${started.enrollment_id}"] .progress-text`)
        .textContent();
      expect(text?.trim()).toMatch(
        new RegExp(
          `^${started.completed_lectures} \\D+ ${started.total_lectures} \\D+\\(${started.percent_complete}\\s?%\\)$`,
        ),
      );
    },
    BUDGET_MS,
  );

  it.each(schools)(
    "$name: an owner invites a lecturer, resends and cancels, and changes a member's roles; the API agrees",
    async (school) => {
      const { page } = session;
      session.screenshot = `admin-staff-${school.lang}`;
      const client = await api(school);
      const cancelled = `lecturer-${unique()}@example.test`;
      await signInAt(page, school.origin, '/admin/members', school.owner);

      // Invite, resend (a fresh link mailed; the first stops working), cancel (the link ends).
      let mark = await mailMark();
      await page.goto(`${school.origin}/admin/members/invite`);
      await page.locator('#invite-email').fill(cancelled);
      await page.locator('#invite-name').fill('Lecturer Invited');
      await page.locator('#role-lecturer').check();
      await submit(page, 'form[action="/admin/members/invite"]', /\/admin\/invitations\?done=member-invited/);
      const first = await invitationLink(cancelled, { after: mark });
      const row = page.locator('#invitations-staff-section tr.invitation').filter({ hasText: cancelled });
      expect(await row.count()).toBe(1);
      mark = await mailMark();
      await submit(
        page,
        `#invitations-staff-section tr.invitation:has-text("${cancelled}") form[action$="/resend"]`,
        /done=invitation-resent/,
      );
      const second = await invitationLink(cancelled, { after: mark });
      expect(second).not.toBe(first);
      expect((await fetch(first)).status).not.toBe(200);
      await submit(
        page,
        `#invitations-staff-section tr.invitation:has-text("${cancelled}") form[action$="/cancel"]`,
        /done=invitation-cancelled/,
      );
      expect(await row.count()).toBe(0);
      await page.reload();
      expect(await row.count()).toBe(0);
      expect((await fetch(second)).status).not.toBe(200);

      // A lecturer who accepted: made admin too, on their page and through the API.
      const email = `lecturer-${unique()}@example.test`;
      mark = await mailMark();
      await page.goto(`${school.origin}/admin/members/invite`);
      await page.locator('#invite-email').fill(email);
      await page.locator('#invite-name').fill('Lecturer Accepted');
      await page.locator('#role-lecturer').check();
      await submit(page, 'form[action="/admin/members/invite"]', /done=member-invited/);
      await acceptInvitation(await invitationLink(email, { after: mark }));
      await page.goto(`${school.origin}/admin/members?q=${encodeURIComponent(email)}`);
      await Promise.all([
        page.waitForURL(/\/admin\/members\/[0-9a-f-]{36}$/),
        page.locator('#members a').first().click(),
      ]);
      const memberId = new URL(page.url()).pathname.split('/').pop()!;
      expect((await answered(sdk.getMember({ client, path: { person_id: memberId } }))).roles).toEqual(['lecturer']);
      await page.locator('#role-admin').check();
      await submit(page, `form[action="/admin/members/${memberId}/roles"]`, /done=roles-changed/);
      await page.reload();
      expect(await page.locator('#role-admin').isChecked()).toBe(true);
      expect((await answered(sdk.getMember({ client, path: { person_id: memberId } }))).roles).toEqual([
        'admin',
        'lecturer',
      ]);

      // Taking every role away is refused beside the roles, and nothing changes.
      await page.locator('#role-admin').uncheck();
      await page.locator('#role-lecturer').uncheck();
      await page.locator(`form[action="/admin/members/${memberId}/roles"] button[type="submit"]`).click();
      await page.locator('#member-roles-error').waitFor();
      expect((await answered(sdk.getMember({ client, path: { person_id: memberId } }))).roles).toEqual([
        'admin',
        'lecturer',
      ]);
    },
    BUDGET_MS,
  );

  // Money at Second School only: Demo Academy's revenue is the seed's on the shared server, which the
  // analytics suite reads to the cent (contract-tests/admin/analytics.test.ts).
  it.each(schools.filter((school) => school.name === 'Second School'))(
    '$name: an owner records an order paid elsewhere and refunds it taking access back; the API agrees',
    async (school) => {
      const { page } = session;
      const words = WORDS[school.lang];
      session.screenshot = `admin-orders-${school.lang}`;
      const client = await api(school);
      const buyer = await newStudent(school);
      await signInAt(page, school.origin, `/admin/orders/new?person_id=${buyer.id}`, school.owner);
      expect(await page.locator('#order-email').inputValue()).toBe(buyer.email);
      const item = await page.locator('#order-item optgroup').first().locator('option').first().getAttribute('value');
      await page.locator('#order-item').selectOption(item);
      await page.locator('#source-external').check();
      await page.locator('#order-amount').fill(words.amount);
      await submit(page, 'form[action="/admin/orders"]', /\/admin\/orders\/[0-9a-f-]{36}\?done=order-recorded/);
      const orderId = new URL(page.url()).pathname.split('/').pop()!;
      await page.reload();
      let order = await answered(sdk.getOrder({ client, path: { order_id: orderId } }));
      expect([order.status, order.source, order.total.amount, order.customer.id]).toEqual([
        'paid',
        'external',
        1250,
        buyer.id,
      ]);
      const listed = await answered(sdk.listOrders({ client, query: { person_id: buyer.id } }));
      expect(listed.data.map((o) => o.id)).toEqual([orderId]);
      const courseId = item!.split(':')[1];
      const enrolled = await answered(sdk.listStudentEnrollments({ client, path: { person_id: buyer.id } }));
      expect(enrolled.data.map((e) => [e.course.id, e.status])).toEqual([[courseId, 'active']]);

      // Too much: said beside the amount, in the school's money.
      await page.locator('#refund-amount').fill('99999');
      await page.locator(`form[action="/admin/orders/${orderId}/refund"] button[type="submit"]`).click();
      await page.locator('#refund-amount-error').waitFor();
      expect((await page.locator('#refund-amount-error').textContent())?.trim()).toMatch(words.tooMuch);

      // Everything, taking access back: the confirmation says in numbers what ends; nothing changed yet.
      await page.locator('#refund-amount').fill('');
      await page.locator('#refund-revoke').check();
      await Promise.all([
        page.waitForURL(/\/refund\?/),
        page.locator(`form[action="/admin/orders/${orderId}/refund"] button[type="submit"]`).click(),
      ]);
      expect(await page.locator('#refund-access-text').textContent()).toBe(words.endsOneCourse);
      expect((await answered(sdk.getOrder({ client, path: { order_id: orderId } }))).status).toBe('paid');
      await submit(page, `form[method="post"][action="/admin/orders/${orderId}/refund"]`, /done=order-refunded/);
      expect(await page.locator('#order-status').textContent()).toBe(words.refunded);
      await page.reload();
      order = await answered(sdk.getOrder({ client, path: { order_id: orderId } }));
      expect([order.status, order.refunded.amount]).toEqual(['refunded', 1250]);
      const after = await answered(sdk.listStudentEnrollments({ client, path: { person_id: buyer.id } }));
      expect(after.data.map((e) => e.status)).toEqual(['revoked']);
      // The refunded list shows it, as the API's status filter does.
      await page.goto(`${school.origin}/admin/orders?status=refunded`);
      expect(await page.locator(`tr.order[data-order="${orderId}"]`).count()).toBe(1);
    },
    BUDGET_MS,
  );
});

describe.skipIf(skipBrowserTests)(
  'admin area: students, staff and orders pages are accessible at 1280 and 390 px',
  () => {
    const session = useBrowserPage();

    it.each(schools)(
      '$name: axe-core finds no WCAG 2.1 A/AA violation, and no page is wider than a 390 px phone',
      async (school) => {
        const { page } = session;
        await signInAt(page, school.origin, '/admin/students', school.owner);
        // Each list, its forms (one showing its errors), and the first row's page and confirmation.
        const paths = ['/admin/students', '/admin/students/invite', '/admin/members', '/admin/members/invite'];
        paths.push('/admin/invitations', '/admin/orders', '/admin/orders/new');
        for (const [list, table] of [
          ['/admin/students', '#students'],
          ['/admin/members', '#members'],
          ['/admin/orders?status=paid', '#orders'],
        ] as const) {
          await page.goto(`${school.origin}${list}`);
          const href = (await page.locator(`${table} a`).first().getAttribute('href'))!;
          paths.push(href);
          if (table === '#orders') paths.push(`${href}/refund?revoke_access=1`, `${href}/refund?amount=x`);
        }
        // At 390 px, web/area-phone.test.ts checks every page a link reaches: here only the states no
        // link shows (a refund asked with its options or refused, a form answered with its errors).
        const unlinked = paths.filter((path) => path.includes('/refund?'));
        const problems: string[] = [];
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 900 });
          for (const path of width === 390 ? unlinked : paths) {
            await page.goto(`${school.origin}${path}`);
            problems.push(...(await axeViolations(page)));
            if (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
              problems.push(`${path}: wider than ${width} px`);
          }
          // A form answered with its errors beside the fields.
          await page.goto(`${school.origin}/admin/students/invite`);
          await page.locator('form[action="/admin/students/invite"] button[type="submit"]').click();
          await page.locator('#invite-email-error').waitFor();
          problems.push(...(await axeViolations(page)));
        }
        expect(problems).toEqual([]);
      },
      BUDGET_MS,
    );
  },
);

describe("admin area: who reaches students, staff and orders (the admin API's rule)", () => {
  const pages = ['/admin/students', '/admin/members', '/admin/orders', '/admin/invitations', '/admin/orders/new'];

  it.each([ACCOUNTS.lecturer, ACCOUNTS.student])('%s gets a 403 page on each', async (email) => {
    const jar = await signedIn(primary, email);
    for (const path of pages) {
      const response = await fetch(`${primary}${path}`, { headers: { cookie: jar.header(`${primary}${path}`) } });
      expect(response.status, path).toBe(403);
    }
  });

  it("an admin sees the staff but may change no roles: granting owner is refused (members:write is the owners')", async () => {
    const client = await api(schools[0]!);
    const lecturer = (await answered(sdk.listMembers({ client, query: { q: ACCOUNTS.lecturer } }))).data[0]!;
    const jar = await signedIn(primary, ACCOUNTS.admin);
    const html = await pageHtml(jar, `${primary}/admin/members/${lecturer.id}`);
    const action = `/admin/members/${lecturer.id}/roles`;
    expect(html).toContain('disabled');
    const refused = await postForm(jar, `${primary}${action}`, [
      ['csrf_token', csrfFor(html, action)],
      ['role', 'owner'],
      ['role', 'lecturer'],
    ]);
    expect(refused.status).toBe(403);
    expect((await answered(sdk.getMember({ client, path: { person_id: lecturer.id } }))).roles).toEqual(lecturer.roles);
    // Inviting staff is the owners' too; students and orders are an admin's.
    expect((await fetch(`${primary}/admin/members/invite`, { headers: { cookie: jar.header(primary) } })).status).toBe(
      403,
    );
    for (const path of ['/admin/students', '/admin/orders', '/admin/members', '/admin/invitations'])
      expect((await fetch(`${primary}${path}`, { headers: { cookie: jar.header(`${primary}${path}`) } })).status).toBe(
        200,
      );
  });
});
