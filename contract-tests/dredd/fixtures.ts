// The objects the dredd hooks point path ids at: demo objects of Demo Academy that are only read
// (GET), and fresh objects made here through the generated client for everything that writes, so
// the demo data other suites read stays as seeded. Deletions act on what the dredd run itself
// creates (see hooks.cjs), never on anything listed here.
import { invitationLink, mailMark } from '../support/mailbox.ts';
import { randomUUID } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import type { adminClient } from '../support/admin-client.ts';
import { acceptInvitation } from '../support/invitations.ts';
import { authorizeInBrowser, discover, exchangeCode, registerLoopbackClient } from '../support/oauth-flow.ts';
import { PDF, upload } from '../admin/content-fixtures.ts';

type Client = ReturnType<typeof adminClient>;

/** The first item of a list call, or a clear arrangement error. */
async function first<T>(
  what: string,
  call: Promise<{ data?: { data: T[] } | undefined; response: Response }>,
): Promise<T> {
  const { data, response } = await call;
  const item = data?.data[0];
  if (!item) throw new Error(`no ${what} to point dredd at (${response.status})`);
  return item;
}

/** The body of a 2xx answer, or a clear arrangement error. */
async function made<T>(what: string, call: Promise<{ data?: T | undefined; response: Response }>): Promise<T> {
  const { data, response } = await call;
  if (!response.ok || !data) throw new Error(`could not arrange ${what}: ${response.status}`);
  return data;
}

function bySlug<T extends { slug: string }>(what: string, items: T[], slug: string): T {
  const item = items.find((i) => i.slug === slug);
  if (!item) throw new Error(`no demo ${what} ${slug}`);
  return item;
}

const label = () => randomUUID().slice(0, 8);
const inDays = (days: number, hour = 17) => new Date(Date.UTC(2031, 0, 1 + days, hour)).toISOString();

/** Demo Academy objects: read, or the target of writes the server refuses (409, 422). */
async function demoObjects(client: Client) {
  const course = bySlug(
    'course',
    (await made('courses', sdk.listCourses({ client, query: { q: 'web-development-bootcamp' } }))).data,
    'web-development-bootcamp',
  );
  const student = await first('demo student', sdk.listStudents({ client, query: { q: ACCOUNTS.student } }));
  const enrollment = await first(
    'demo enrollment',
    sdk.listStudentEnrollments({ client, path: { person_id: student.id } }),
  );
  const progress = (await made('progress', sdk.getStudentProgress({ client, path: { person_id: student.id } }))).data;
  const startedLecture = progress.flatMap((p) => p.lectures).find((l) => l.completed || l.position_seconds > 0);
  if (!startedLecture) throw new Error('no demo lecture with student progress');
  const subscriptions = (await made('subscriptions', sdk.listSubscriptions({ client, query: { limit: 100 } }))).data;
  const [running, canceled] = [
    subscriptions.find((s) => s.status === 'active'),
    subscriptions.find((s) => s.status === 'canceled'),
  ];
  if (!running || !canceled) throw new Error('no running and canceled demo subscriptions');
  // The targets of refused deletions are picked by their seeded slugs and checked to be in use,
  // so that a refusal (409) is what the school's rules say, never a deletion of the wrong object.
  const lecturer = bySlug(
    'lecturer',
    (await made('lecturers', sdk.listLecturers({ client, query: { limit: 100 } }))).data,
    'priya-natarajan',
  );
  if (lecturer.course_ids.length === 0) throw new Error('the demo lecturer teaches no course');
  const plan = await made('plan', sdk.getMembershipPlan({ client, path: { membership_plan_id: running.plan.id } }));
  const product = bySlug(
    'digital product',
    (await made('digital products', sdk.listDigitalProducts({ client, query: { limit: 100 } }))).data,
    'web-dev-cheat-sheets',
  );
  const event = bySlug(
    'event',
    (await made('events', sdk.listEvents({ client, query: { limit: 100 } }))).data,
    'live-qa-react-hooks',
  );
  if (event.registered_count + event.attended_count === 0) throw new Error('the demo event has no registrations');
  const coupon = await first('demo coupon', sdk.listCoupons({ client }));
  const post = bySlug(
    'post',
    (await made('posts', sdk.listPosts({ client, query: { limit: 100 } }))).data,
    'five-habits-of-developers-who-keep-learning',
  );
  const page = bySlug('page', (await made('pages', sdk.listPages({ client, query: { limit: 100 } }))).data, 'about');
  return {
    course: course.id,
    courseSlug: course.slug,
    section: (await first('demo section', sdk.listSections({ client, path: { course_id: course.id } }))).id,
    startedLecture: startedLecture.lecture_id,
    student: student.id,
    enrollment: enrollment.id,
    owner: (await first('demo owner', sdk.listMembers({ client, query: { q: ACCOUNTS.owner } }))).id,
    comment: (await first('demo comment', sdk.listComments({ client }))).id,
    form: (await first('demo form', sdk.listForms({ client }))).id,
    order: (await first('demo order', sdk.listOrders({ client }))).id,
    refundedOrder: (await first('demo refunded order', sdk.listOrders({ client, query: { status: 'refunded' } }))).id,
    runningSubscription: running.id,
    runningSubscriptionPlan: running.plan.id,
    runningSubscriber: running.subscriber.id,
    canceledSubscription: canceled.id,
    plan: plan.id,
    planSlug: plan.slug,
    coupon: coupon.id,
    couponCode: coupon.code,
    event: event.id,
    eventSlug: event.slug,
    post: post.id,
    postSlug: post.slug,
    page: page.id,
    pageSlug: page.slug,
    digitalProduct: product.id,
    digitalProductSlug: product.slug,
    lecturer: lecturer.id,
    lecturerSlug: lecturer.slug,
  };
}

/** A draft course with two sections: A holds two lectures, B one. */
async function curriculum(client: Client) {
  const course = await made('course', sdk.createCourse({ client, body: { title: `Dredd course ${label()}` } }));
  const section = (title: string) =>
    made('section', sdk.createSection({ client, path: { course_id: course.id }, body: { title } }));
  const lecture = (sectionId: string, title: string) =>
    made(
      'lecture',
      sdk.createLecture({
        client,
        path: { course_id: course.id, section_id: sectionId },
        body: { title, content_type: 'text', content: '<p>Dredd</p>' },
      }),
    );
  const a = await section('Dredd section A');
  const b = await section('Dredd section B');
  const lectures = [await lecture(a.id, 'A1'), await lecture(a.id, 'A2'), await lecture(b.id, 'B1')];
  return {
    course: course.id,
    sectionA: a.id,
    sectionB: b.id,
    lectureA1: lectures[0]!.id,
    lectureA2: lectures[1]!.id,
    lectureB1: lectures[2]!.id,
  };
}

/** Fresh objects of every family that the write transactions change. */
async function freshObjects(client: Client) {
  const tree = await curriculum(client);
  // OpenAPI inviteStudent, inviteMember: people join by accepting their invitation; inviting again then answers them.
  // The accept link is mailed to the person alone: read from the run's mailbox (support/mailbox.ts).
  const join = async <T>(
    what: string,
    email: string,
    invite: () => Promise<{ data?: T | object | undefined; response: Response }>,
  ): Promise<T> => {
    const mark = await mailMark();
    await made(`${what} invitation`, invite());
    await acceptInvitation(await invitationLink(email, { after: mark }));
    return (await made(what, invite())) as T;
  };
  const invite = (email: string) =>
    join('student', email, () => sdk.inviteStudent({ client, body: { email, name: 'Dredd Student' } }));
  const lecturerMember = (email: string) =>
    join('member', email, () => sdk.inviteMember({ client, body: { email, name: 'Dredd Member', role: 'lecturer' } }));
  const studentA = await invite(`dredd-a-${label()}@dredd.example`);
  const studentB = await invite(`dredd-b-${label()}@dredd.example`);
  // Members here who lack a role, for the invites that add it at once (201).
  const joiner = await invite(`dredd-j-${label()}@dredd.example`);
  const staff = await lecturerMember(`dredd-s-${label()}@dredd.example`);
  const enrollment = await made(
    'enrollment',
    sdk.enrollStudent({ client, path: { person_id: studentA.id }, body: { course_id: tree.course } }),
  );
  const member = await lecturerMember(`dredd-m-${label()}@dredd.example`);
  const lecturer = await made('lecturer', sdk.createLecturer({ client, body: { name: `Dredd Lecturer ${label()}` } }));
  const plan = await made(
    'plan',
    sdk.createMembershipPlan({
      client,
      body: { name: `Dredd plan ${label()}`, price: { amount: 1000, currency: 'USD' }, billing_interval: 'month' },
    }),
  );
  const coupon = await made(
    'coupon',
    sdk.createCoupon({ client, body: { code: `DREDD${label().toUpperCase()}`, percent_off: 10 } }),
  );
  const newEvent = async (capacity?: number) => {
    const event = await made(
      'event',
      sdk.createEvent({
        client,
        body: {
          title: `Dredd event ${label()}`,
          starts_at: inDays(10),
          ends_at: inDays(10, 19),
          ...(capacity ? { capacity } : {}),
        },
      }),
    );
    return made('published event', sdk.publishEvent({ client, path: { event_id: event.id } }));
  };
  const event = await newEvent();
  const registration = await made(
    'registration',
    sdk.registerEventAttendee({ client, path: { event_id: event.id }, body: { person_id: studentA.id } }),
  );
  // One seat, taken by an attended registration: full (409) and not cancellable (422).
  const fullEvent = await newEvent(1);
  const attended = await made(
    'registration',
    sdk.registerEventAttendee({ client, path: { event_id: fullEvent.id }, body: { person_id: studentA.id } }),
  );
  await made(
    'attendance',
    sdk.markEventAttendance({ client, path: { event_id: fullEvent.id, registration_id: attended.id } }),
  );
  const cancelledEvent = await newEvent();
  await made('cancelled event', sdk.cancelEvent({ client, path: { event_id: cancelledEvent.id } }));
  const archivedCourse = await made(
    'course',
    sdk.createCourse({ client, body: { title: `Dredd archived course ${label()}` } }),
  );
  await made('archived course', sdk.archiveCourse({ client, path: { course_id: archivedCourse.id } }));
  const productWithoutFile = await made(
    'digital product',
    sdk.createDigitalProduct({ client, body: { name: `Dredd product without file ${label()}` } }),
  );
  const post = await made('post', sdk.createPost({ client, body: { title: `Dredd post ${label()}` } }));
  const page = await made('page', sdk.createPage({ client, body: { title: `Dredd page ${label()}` } }));
  const file = await made('file', upload(client, PDF, 'dredd.pdf', 'application/pdf'));
  const product = await made(
    'digital product',
    sdk.createDigitalProduct({
      client,
      body: { name: `Dredd product ${label()}`, price: { amount: 500, currency: 'USD' }, file_id: file.id },
    }),
  );
  // Webhook endpoints at a host that never resolves (RFC 6761 6.4): deliveries are attempted and fail.
  const webhookBody = {
    url: `https://hooks-${label()}.dredd.invalid/hook`,
    event_types: ['course.published' as const],
  };
  const webhook = await made('webhook endpoint', sdk.createWebhookEndpoint({ client, body: webhookBody }));
  const webhookDelivery = await made(
    'webhook test delivery',
    sdk.sendWebhookTestEvent({ client, path: { webhook_id: webhook.id } }),
  );
  const disabledWebhook = await made('webhook endpoint', sdk.createWebhookEndpoint({ client, body: webhookBody }));
  await made(
    'disabled webhook endpoint',
    sdk.updateWebhookEndpoint({ client, path: { webhook_id: disabledWebhook.id }, body: { enabled: false } }),
  );
  // Invitations left pending, for the resend operations (OpenAPI resendStudentInvitation, resendMemberInvitation).
  const pendingStudentInvitation = (await made(
    'pending student invitation',
    sdk.inviteStudent({ client, body: { email: `dredd-pending-${label()}@dredd.example`, name: 'Dredd Pending' } }),
  )) as { id: string };
  const pendingMemberInvitation = (await made(
    'pending member invitation',
    sdk.inviteMember({
      client,
      body: { email: `dredd-pending-${label()}@dredd.example`, name: 'Dredd Pending', role: 'admin' },
    }),
  )) as { id: string };
  return {
    ...tree,
    pendingStudentInvitation: pendingStudentInvitation.id,
    pendingMemberInvitation: pendingMemberInvitation.id,
    webhook: webhook.id,
    webhookDelivery: webhookDelivery.id,
    disabledWebhook: disabledWebhook.id,
    studentA: studentA.id,
    studentAEmail: studentA.email,
    studentB: studentB.id,
    enrollment: enrollment.id,
    member: member.id,
    memberEmail: member.email,
    joinerEmail: joiner.email,
    staffEmail: staff.email,
    lecturer: lecturer.id,
    plan: plan.id,
    coupon: coupon.id,
    archivedCourse: archivedCourse.id,
    event: event.id,
    registration: registration.id,
    fullEvent: fullEvent.id,
    attendedRegistration: attended.id,
    cancelledEvent: cancelledEvent.id,
    productWithoutFile: productWithoutFile.id,
    post: post.id,
    page: page.id,
    file: file.id,
    fileName: file.filename,
    digitalProduct: product.id,
  };
}

/**
 * OpenAPI tag Applications: the demo member application (listed, whoever holds access) and two
 * loopback clients the owner authorized, one grant each: one to revoke the owner's access from,
 * one to revoke every grant of, so neither touches a grant another transaction uses.
 */
async function applicationObjects(client: Client) {
  const origin = client.getConfig().baseUrl!;
  const as = await discover(origin);
  const redirectUri = 'http://127.0.0.1:8765/callback';
  const grantedClient = async () => {
    const registered = await registerLoopbackClient(as, { client_name: `Dredd access ${label()}` });
    const outcome = await authorizeInBrowser(as, {
      clientId: registered.client_id,
      redirectUri,
      scope: 'courses:read',
      email: ACCOUNTS.owner,
    });
    await exchangeCode(as, registered, oauth.None(), outcome, redirectUri);
    return registered.client_id;
  };
  const wanted = { listed: CLIENTS.memberApp, one: await grantedClient(), all: await grantedClient() };
  const ids = new Map<string, string>();
  let cursor: string | undefined;
  do {
    const page = await made('applications', sdk.listApplications({ client, query: { limit: 100, cursor } }));
    for (const app of page.data) ids.set(app.client_id, app.id);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  const idOf = (clientId: string) => {
    const id = ids.get(clientId);
    if (!id) throw new Error(`listApplications does not list ${clientId}`);
    return id;
  };
  return { listed: idOf(wanted.listed), one: idOf(wanted.one), all: idOf(wanted.all) };
}

export async function arrangeFixtures(client: Client) {
  const school = await made('school', sdk.getSchool({ client }));
  const appearance = await made('appearance', sdk.getAppearance({ client }));
  return {
    demo: await demoObjects(client),
    fresh: await freshObjects(client),
    applications: await applicationObjects(client),
    school: { name: school.name },
    appearance: { theme: appearance.theme },
  };
}

export type Fixtures = Awaited<ReturnType<typeof arrangeFixtures>>;
