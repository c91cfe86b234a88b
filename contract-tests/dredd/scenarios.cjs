// What each dredd transaction sends, by `<operationId>` (its success response) or
// `<operationId> <status>` (one error response). hooks.cjs derives the generic error requests
// (400, 401, 403, 404) from the success request, so only the rest are listed here. A scenario is
// a function of (fixtures, created): `fixtures` are the objects the vitest part arranged (demo
// objects that are only read, fresh ones that are written), `created` what earlier transactions of
// this run made (deletions act on those, so dredd never deletes demo data other suites read).
//
// Fields: path (path parameters), query (merged over the compiled query string), body (JSON),
// form (urlencoded), raw ({ contentType, body }), token (operator | identity | member | none),
// cookie, host (the Host header, for an origin no school has), prepare (async, before sending),
// capture (reads the response into `created`).
'use strict';

const { formFields, page, signIn } = require('./browser.cjs');

const MISSING = '00000000-0000-7000-8000-0000000000ff';
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const id = (key) => (json) => ({ [key]: json.id });

function multipart(filename, contentType, content, part = 'file') {
  const boundary = `dredd-${unique}`;
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="${part}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { contentType: `multipart/form-data; boundary=${boundary}`, body };
}

/** @type {Record<string, (f: any, created: any) => any>} */
const scenarios = {
  // OAuth pages. The consent page (authorize 200) needs a signed-in session; its form then feeds
  // the consent decision, so the pair runs as a browser would run it.
  authorize: (f) => ({
    query: authorizeQuery(f, f.oauth.clientId),
    cookie: f.oauth.session,
    capture: (_json, real) => ({ consentForm: formFields(real.body) }),
  }),
  'authorize 302': (f) => ({ query: { ...authorizeQuery(f, f.oauth.clientId), scope: 'no-such-scope' } }),
  'authorize 400': (f) => ({ query: { ...authorizeQuery(f, f.oauth.clientId), client_id: 'no-such-client' } }),
  // A student signed in, asked by the operator client: the school's refusal page (/auth.md "3. Authorize").
  'authorize 403': (f) => ({
    query: authorizeQuery(f, f.oauth.clientId),
    prepare: async () => ({ cookie: await signIn(f.origin, f.studentEmail, f.credentials.password) }),
  }),
  // The per-host limit of metadata-document fetches (/auth.md "Rate limits"), exhausted for a localhost port nobody
  // serves: Demo Academy allows Client ID Metadata Documents from localhost on any port.
  // Never-seen URLs share one budget per host and school; a URL that failed is refused for a while
  // without spending it, so the budget is spent with a new URL each time.
  'authorize 429': (f) => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const junk = () => `https://localhost:${port}/dredd-${unique}-${Math.random().toString(36).slice(2)}.json`;
    const query = authorizeQuery(f, junk());
    const send = () =>
      fetch(`${f.origin}/oauth/authorize?${new URLSearchParams(authorizeQuery(f, junk()))}`, { redirect: 'manual' });
    return {
      query,
      prepare: async () => {
        await exhaust(send, 10);
        return {};
      },
    };
  },
  decideAuthorization: (f, c) => ({
    form: { ...c.consentForm, decision: 'allow' },
    cookie: f.oauth.session,
    capture: (_json, real) => ({ code: codeFrom(real) }),
  }),
  'decideAuthorization 400': (f) => ({ form: { csrf_token: 'stale', decision: 'allow' }, cookie: f.oauth.session }),
  'getSignInPage 400': () => ({ query: { login_hint: 'x'.repeat(321) } }),
  // A valid return_to (4096 characters at most) of non-ASCII characters: 36 KB once percent-encoded.
  'getSignInPage 431': () => ({ query: { return_to: `/${'€'.repeat(4095)}` } }),
  submitSignIn: (f) => ({
    prepare: () =>
      signInForm(f, { email: f.credentials.email, password: f.credentials.password, return_to: '/oauth/sign-in' }),
  }),
  'submitSignIn 400': (f) => ({
    form: { csrf_token: 'stale', email: f.credentials.email, password: f.credentials.password },
  }),
  'submitSignIn 401': (f) => ({
    prepare: () => signInForm(f, { email: `nobody-${unique}@dredd.example`, password: 'wrong-password' }),
  }),
  // The per-account throttle, exhausted for an address nobody has (no demo account is locked).
  'submitSignIn 429': (f) => ({
    prepare: async () => {
      const request = await signInForm(f, { email: `throttled-${unique}@dredd.example`, password: 'wrong-password' });
      await exhaust(
        () =>
          fetch(`${f.origin}/oauth/sign-in`, {
            method: 'POST',
            headers: { cookie: request.cookie, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(request.form).toString(),
            redirect: 'manual',
          }),
        1,
      );
      return request;
    },
  }),
  signOut: (f) => ({
    prepare: async () => {
      const session = await signIn(f.origin, f.credentials.email, f.credentials.password);
      const signedIn = await page(`${f.origin}/oauth/sign-in`, session);
      return { form: { csrf_token: signedIn.fields.csrf_token }, cookie: signedIn.cookie };
    },
  }),
  'signOut 400': (f) => ({ form: { csrf_token: 'stale' }, cookie: f.oauth.session }),
  // RP-Initiated Logout 1.0: a browser without a session gets the signed-out page (200), or goes on
  // to a post_logout_redirect_uri its client registered (303); an unknown client is a page (400).
  endSession: () => ({ query: { state: 'dredd' } }),
  'endSession 303': (f) => ({ prepare: async () => ({ query: await logoutRedirect(f) }) }),
  'endSession 400': () => ({ query: { client_id: `no-such-client-${unique}` } }),
  // A valid id_token_hint (8192 characters at most) of non-ASCII characters: 48 KB once percent-encoded.
  'endSession 431': () => ({ query: { id_token_hint: 'é'.repeat(8192) } }),
  endSessionPost: () => ({ form: { state: 'dredd' } }),
  'endSessionPost 303': (f) => ({ prepare: async () => ({ form: await logoutRedirect(f) }) }),
  'endSessionPost 400': () => ({ form: { client_id: `no-such-client-${unique}` } }),
  // Token endpoint: the code of the consent decision above (codes live briefly, so it is fresh).
  token: (f, c) => ({
    form: {
      grant_type: 'authorization_code',
      code: c.code,
      code_verifier: f.oauth.codeVerifier,
      client_id: f.oauth.clientId,
      redirect_uri: f.oauth.redirectUri,
    },
    capture: (json) => ({ accessToken: json.access_token, refreshToken: json.refresh_token }),
  }),
  'token 400': (f) => ({
    form: {
      grant_type: 'authorization_code',
      code: 'no-such-code',
      code_verifier: f.oauth.codeVerifier,
      client_id: f.oauth.clientId,
      redirect_uri: f.oauth.redirectUri,
    },
  }),
  'token 401': (f) => ({ form: { grant_type: 'refresh_token', refresh_token: 'no-such-token', ...wrongSecret(f) } }),
  // The limit counts per authenticated client (a public one per client and address): exhausted for
  // a loopback client registered for it alone, so no other transaction's client is throttled.
  'token 429': (f) => {
    const form = { grant_type: 'refresh_token', refresh_token: 'no-such-token', client_id: '' };
    const send = () =>
      fetch(`${f.origin}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
    return {
      form,
      prepare: async () => {
        const registered = await fetch(`${f.origin}/api/oauth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            client_name: `Dredd throttled ${unique}`,
            redirect_uris: ['http://127.0.0.1:8765/callback'],
            token_endpoint_auth_method: 'none',
            scope: 'courses:read',
          }),
        });
        form.client_id = (await registered.json()).client_id;
        await exhaust(send, 25);
        return {};
      },
    };
  },
  userinfo: () => ({ token: 'member' }),
  'userinfo 403': () => ({ token: 'operator' }),
  userinfoPost: () => ({ token: 'member' }),
  'userinfoPost 403': () => ({ token: 'operator' }),
  revoke: (f, c) => ({
    form: { token: c.refreshToken, token_type_hint: 'refresh_token', client_id: f.oauth.clientId },
  }),
  'revoke 400': (f) => ({ form: { client_id: f.oauth.clientId } }),
  'revoke 401': (f) => ({ form: { token: 'no-such-token', ...wrongSecret(f) } }),
  introspect: (f, c) => ({ form: { token: c.accessToken, client_id: f.oauth.clientId } }),
  'introspect 400': (f) => ({ form: { client_id: f.oauth.clientId } }),
  'introspect 401': (f) => ({ form: { token: 'no-such-token', ...wrongSecret(f) } }),
  registerClient: () => ({
    body: {
      client_name: `Dredd agent ${unique}`,
      redirect_uris: ['http://127.0.0.1:8765/callback'],
      token_endpoint_auth_method: 'none',
      scope: 'courses:read',
    },
  }),
  'registerClient 400': () => ({
    body: { client_name: `Dredd web app ${unique}`, redirect_uris: ['https://dredd.example/callback'] },
  }),

  // Catalog (public).
  getCatalogCourse: (f) => ({ path: { slug: f.demo.courseSlug } }),
  'getCatalogCourse 400': () => ({ path: { slug: 'Not_A_Slug' } }),
  'getCatalogCourse 404': () => ({ path: { slug: `no-such-course-${unique}` } }),
  getCourseDocument: (f) => ({ path: { slug: f.demo.courseSlug } }),
  'getCourseDocument 400': () => ({ path: { slug: 'Not_A_Slug' } }),
  'getCourseDocument 404': () => ({ path: { slug: `no-such-course-${unique}` } }),
  // docs/development.md "Problem types": page a problem type URI resolves to; a name off the pattern is a 400, an unknown one a 404.
  getProblemType: () => ({ path: { problem_type: 'conflict' } }),
  'getProblemType 400': () => ({ path: { problem_type: 'Not_A_Name' } }),
  'getProblemType 404': () => ({ path: { problem_type: 'no-such-problem' } }),

  // Courses.
  createCourse: () => ({
    body: { title: `Dredd course ${unique}`, slug: `dredd-course-${unique}` },
    capture: id('course'),
  }),
  'createCourse 409': (f) => ({ body: { title: 'Duplicate slug', slug: f.demo.courseSlug } }),
  getCourse: (f) => ({ path: { course_id: f.demo.course } }),
  updateCourse: (f) => ({ path: { course_id: f.fresh.course }, body: { subtitle: 'Checked by dredd' } }),
  'updateCourse 409': (f) => ({ path: { course_id: f.fresh.course }, body: { slug: f.demo.courseSlug } }),
  deleteCourse: (_f, c) => ({ path: { course_id: c.course } }),
  'deleteCourse 409': (f) => ({ path: { course_id: f.demo.course } }),
  publishCourse: (f) => ({ path: { course_id: f.fresh.course } }),
  archiveCourse: (f) => ({ path: { course_id: f.fresh.archivedCourse } }),

  // Students and enrollments.
  inviteStudent: (f) => ({ body: { email: f.fresh.studentAEmail, name: 'Dredd Student' } }),
  // OpenAPI inviteStudent: a member here becomes a student at once (201); anyone else is invited (202).
  'inviteStudent 201': (f) => ({ body: { email: f.fresh.staffEmail, name: 'Dredd Staff' }, capture: id('student') }),
  'inviteStudent 202': () => ({ body: { email: `dredd-new-${unique}@dredd.example`, name: 'Dredd New Student' } }),
  getStudent: (f) => ({ path: { person_id: f.demo.student } }),
  updateStudent: (f) => ({ path: { person_id: f.fresh.studentA }, body: { name: 'Dredd Renamed' } }),
  // student1 is also a student of Second School, so the identity's name is not this school's.
  'updateStudent 422': (f) => ({ path: { person_id: f.demo.student }, body: { name: 'Not Allowed' } }),
  removeStudent: (_f, c) => ({ path: { person_id: c.student } }),
  listStudentEnrollments: (f) => ({ path: { person_id: f.demo.student } }),
  enrollStudent: (f) => ({ path: { person_id: f.fresh.studentA }, body: { course_id: f.fresh.course } }),
  'enrollStudent 201': (f) => ({
    path: { person_id: f.fresh.studentB },
    body: { course_id: f.fresh.course },
    capture: id('enrollment'),
  }),
  'enrollStudent 422': (f) => ({ path: { person_id: f.fresh.studentB }, body: { course_id: f.fresh.archivedCourse } }),
  getStudentProgress: (f) => ({ path: { person_id: f.demo.student } }),
  listCourseEnrollments: (f) => ({ path: { course_id: f.demo.course } }),
  getEnrollment: (f) => ({ path: { enrollment_id: f.demo.enrollment } }),
  updateEnrollment: (f) => ({
    path: { enrollment_id: f.fresh.enrollment },
    body: { expires_at: '2030-01-31T23:59:59Z' },
  }),
  'updateEnrollment 422': (f) => ({
    path: { enrollment_id: f.fresh.enrollment },
    body: { expires_at: '2030-01-31T23:59:59Z', has_lifetime_access: true },
  }),
  unenrollStudent: (_f, c) => ({ path: { enrollment_id: c.enrollment } }),
  expireEnrollment: (f) => ({ path: { enrollment_id: f.fresh.enrollment } }),

  // Members.
  inviteMember: (f) => ({ body: { email: f.fresh.memberEmail, name: 'Dredd Member', role: 'lecturer' } }),
  'inviteMember 201': (f) => ({
    body: { email: f.fresh.joinerEmail, name: 'Dredd Joiner', role: 'lecturer' },
    capture: id('member'),
  }),
  'inviteMember 202': () => ({
    body: { email: `dredd-member-${unique}@dredd.example`, name: 'Dredd New Member', role: 'lecturer' },
  }),
  resendMemberInvitation: (f) => ({ path: { invitation_id: f.fresh.pendingMemberInvitation } }),
  resendStudentInvitation: (f) => ({ path: { invitation_id: f.fresh.pendingStudentInvitation } }),
  getMember: (f) => ({ path: { person_id: f.demo.owner } }),
  removeMember: (_f, c) => ({ path: { person_id: c.member } }),
  setMemberRoles: (f) => ({ path: { person_id: f.fresh.member }, body: { roles: ['lecturer', 'admin'] } }),

  // Applications: grants made for dredd alone (fixtures.ts applicationObjects).
  listApplicationGrants: (f) => ({ path: { application_id: f.applications.listed } }),
  revokeApplicationGrant: (f) => ({ path: { application_id: f.applications.one, person_id: f.demo.owner } }),
  revokeApplicationGrants: (f) => ({ path: { application_id: f.applications.all } }),

  // Curriculum: a fresh course with sections A (lectures A1, A2) and B (lecture B1).
  listSections: (f) => ({ path: { course_id: f.fresh.course } }),
  createSection: (f) => ({
    path: { course_id: f.fresh.course },
    body: { title: 'Dredd section' },
    capture: id('section'),
  }),
  reorderSections: (f, c) => ({
    path: { course_id: f.fresh.course },
    body: { section_ids: [f.fresh.sectionB, f.fresh.sectionA, c.section].filter(Boolean) },
  }),
  'reorderSections 422': (f) => ({ path: { course_id: f.fresh.course }, body: { section_ids: [f.fresh.sectionA] } }),
  getSection: (f) => ({ path: { course_id: f.fresh.course, section_id: f.fresh.sectionA } }),
  updateSection: (f) => ({
    path: { course_id: f.fresh.course, section_id: f.fresh.sectionA },
    body: { title: 'Dredd section A, renamed' },
  }),
  deleteSection: (f, c) => ({ path: { course_id: f.fresh.course, section_id: c.section } }),
  'deleteSection 409': (f) => ({ path: { course_id: f.fresh.course, section_id: f.fresh.sectionA } }),
  createLecture: (f) => ({
    path: { course_id: f.fresh.course, section_id: f.fresh.sectionB },
    body: { title: 'Dredd lecture', content_type: 'text', content: '<p>Dredd</p>' },
    capture: id('lecture'),
  }),
  'createLecture 422': (f) => ({
    path: { course_id: f.fresh.course, section_id: f.fresh.sectionB },
    body: { title: 'Dredd video', content_type: 'video', content: 'not a link' },
  }),
  reorderLectures: (f) => ({
    path: { course_id: f.fresh.course, section_id: f.fresh.sectionA },
    body: { lecture_ids: [f.fresh.lectureA2, f.fresh.lectureA1] },
  }),
  'reorderLectures 422': (f) => ({
    path: { course_id: f.fresh.course, section_id: f.fresh.sectionA },
    body: { lecture_ids: [f.fresh.lectureA1] },
  }),
  getLecture: (f) => ({ path: { lecture_id: f.fresh.lectureA1 } }),
  updateLecture: (f) => ({ path: { lecture_id: f.fresh.lectureA1 }, body: { status: 'published' } }),
  'updateLecture 422': (f) => ({ path: { lecture_id: f.fresh.lectureA1 }, body: { content_type: 'video' } }),
  deleteLecture: (_f, c) => ({ path: { lecture_id: c.lecture } }),
  'deleteLecture 409': (f) => ({ path: { lecture_id: f.demo.startedLecture } }),
  moveLecture: (f) => ({
    path: { lecture_id: f.fresh.lectureB1 },
    body: { section_id: f.fresh.sectionA, position: 1 },
  }),
  'moveLecture 422': (f) => ({ path: { lecture_id: f.fresh.lectureB1 }, body: { section_id: f.demo.section } }),

  // Lecturers.
  createLecturer: () => ({ body: { name: `Dredd Lecturer ${unique}` }, capture: id('lecturer') }),
  'createLecturer 409': (f) => ({ body: { name: 'Duplicate slug', slug: f.demo.lecturerSlug } }),
  'createLecturer 422': () => ({ body: { name: 'Nobody here', person_id: MISSING } }),
  getLecturer: (f) => ({ path: { lecturer_id: f.demo.lecturer } }),
  updateLecturer: (f) => ({ path: { lecturer_id: f.fresh.lecturer }, body: { headline: 'Checked by dredd' } }),
  'updateLecturer 409': (f) => ({ path: { lecturer_id: f.fresh.lecturer }, body: { slug: f.demo.lecturerSlug } }),
  'updateLecturer 422': (f) => ({ path: { lecturer_id: f.fresh.lecturer }, body: { person_id: MISSING } }),
  deleteLecturer: (_f, c) => ({ path: { lecturer_id: c.lecturer } }),
  'deleteLecturer 409': (f) => ({ path: { lecturer_id: f.demo.lecturer } }),
  listCourseLecturers: (f) => ({ path: { course_id: f.demo.course } }),
  assignLecturer: (f) => ({ path: { course_id: f.fresh.course, lecturer_id: f.fresh.lecturer } }),
  unassignLecturer: (f) => ({ path: { course_id: f.fresh.course, lecturer_id: f.fresh.lecturer } }),

  // Read-only families.
  getComment: (f) => ({ path: { comment_id: f.demo.comment } }),
  getForm: (f) => ({ path: { form_id: f.demo.form } }),
  listFormSubmissions: (f) => ({ path: { form_id: f.demo.form } }),
  getOrder: (f) => ({ path: { order_id: f.demo.order } }),
  // Recording and refunds: the successes are skipped (hooks.cjs SKIPS); these requests feed the
  // derived 400/401/403/404, and the 422s refuse without writing.
  createOrder: (f) => ({
    body: { person_id: f.fresh.studentA, items: [{ item_type: 'course', item_id: f.fresh.course }] },
  }),
  'createOrder 422': (f) => ({
    body: { person_id: MISSING, items: [{ item_type: 'course', item_id: f.fresh.course }] },
  }),
  refundOrder: (f) => ({ path: { order_id: f.demo.order }, body: { amount: 1 } }),
  'refundOrder 422': (f) => ({ path: { order_id: f.demo.refundedOrder } }),

  // Subscriptions: writes that change nothing, on demo subscriptions (starting a new one is skipped, hooks.cjs SKIPS).
  getSubscription: (f) => ({ path: { subscription_id: f.demo.runningSubscription } }),
  cancelSubscription: (f) => ({
    path: { subscription_id: f.demo.canceledSubscription },
    body: { at_period_end: true },
  }),
  changeSubscriptionPlan: (f) => ({
    path: { subscription_id: f.demo.runningSubscription },
    body: { plan_id: f.demo.runningSubscriptionPlan },
  }),
  // The demo subscriber asking again for the plan they run: answered unchanged (200), nothing written.
  createSubscription: (f) => ({
    body: { person_id: f.demo.runningSubscriber, plan_id: f.demo.runningSubscriptionPlan },
  }),
  'createSubscription 422': (f) => ({ body: { person_id: MISSING, plan_id: f.fresh.plan } }),
  'changeSubscriptionPlan 422': (f) => ({
    path: { subscription_id: f.demo.canceledSubscription },
    body: { plan_id: f.demo.runningSubscriptionPlan },
  }),

  // Membership plans and coupons.
  createMembershipPlan: () => ({
    body: { name: `Dredd plan ${unique}`, price: { amount: 1500, currency: 'USD' }, billing_interval: 'month' },
    capture: id('plan'),
  }),
  'createMembershipPlan 409': (f) => ({
    body: {
      name: 'Duplicate slug',
      slug: f.demo.planSlug,
      price: { amount: 1500, currency: 'USD' },
      billing_interval: 'month',
    },
  }),
  'createMembershipPlan 422': () => ({
    body: {
      name: 'Unknown course',
      price: { amount: 1500, currency: 'USD' },
      billing_interval: 'month',
      course_ids: [MISSING],
    },
  }),
  getMembershipPlan: (f) => ({ path: { membership_plan_id: f.demo.plan } }),
  updateMembershipPlan: (f) => ({ path: { membership_plan_id: f.fresh.plan }, body: { visible: false } }),
  'updateMembershipPlan 409': (f) => ({ path: { membership_plan_id: f.fresh.plan }, body: { slug: f.demo.planSlug } }),
  'updateMembershipPlan 422': (f) => ({ path: { membership_plan_id: f.fresh.plan }, body: { course_ids: [MISSING] } }),
  deleteMembershipPlan: (_f, c) => ({ path: { membership_plan_id: c.plan } }),
  'deleteMembershipPlan 409': (f) => ({ path: { membership_plan_id: f.demo.plan } }),
  createCoupon: () => ({ body: { code: `DREDD${unique.toUpperCase()}`, percent_off: 15 }, capture: id('coupon') }),
  'createCoupon 409': (f) => ({ body: { code: f.demo.couponCode.toLowerCase(), percent_off: 15 } }),
  'createCoupon 422': () => ({
    body: {
      code: `DREDDDATES${unique.toUpperCase()}`,
      percent_off: 15,
      valid_from: '2031-01-01T00:00:00Z',
      valid_until: '2030-01-01T00:00:00Z',
    },
  }),
  getCoupon: (f) => ({ path: { coupon_id: f.demo.coupon } }),
  updateCoupon: (f) => ({ path: { coupon_id: f.fresh.coupon }, body: { active: false } }),
  'updateCoupon 409': (f) => ({ path: { coupon_id: f.fresh.coupon }, body: { code: f.demo.couponCode } }),
  'updateCoupon 422': (f) => ({
    path: { coupon_id: f.fresh.coupon },
    body: { valid_from: '2031-01-01T00:00:00Z', valid_until: '2030-01-01T00:00:00Z' },
  }),
  deleteCoupon: (_f, c) => ({ path: { coupon_id: c.coupon } }),

  // Webhooks: receivers at a host that never resolves (RFC 6761 6.4), so nothing leaves the machine.
  createWebhookEndpoint: () => ({
    body: { url: `https://hooks-${unique}.dredd.invalid/hook`, event_types: ['enrollment.created'] },
    capture: id('webhook'),
  }),
  'createWebhookEndpoint 422': () => ({
    body: { url: `http://hooks-${unique}.dredd.invalid/hook`, event_types: ['enrollment.created'] },
  }),
  getWebhookEndpoint: (f) => ({ path: { webhook_id: f.fresh.webhook } }),
  updateWebhookEndpoint: (f) => ({
    path: { webhook_id: f.fresh.webhook },
    body: { description: 'Dredd receiver', event_types: ['course.published', 'course.archived'] },
  }),
  'updateWebhookEndpoint 422': (f) => ({
    path: { webhook_id: f.fresh.webhook },
    body: { url: 'https://127.0.0.1/hook' },
  }),
  deleteWebhookEndpoint: (_f, c) => ({ path: { webhook_id: c.webhook } }),
  rotateWebhookSecret: (f) => ({ path: { webhook_id: f.fresh.webhook } }),
  sendWebhookTestEvent: (f) => ({ path: { webhook_id: f.fresh.webhook } }),
  'sendWebhookTestEvent 422': (f) => ({ path: { webhook_id: f.fresh.disabledWebhook } }),
  listWebhookDeliveries: (f) => ({ path: { webhook_id: f.fresh.webhook } }),
  getWebhookDelivery: (f) => ({ path: { webhook_id: f.fresh.webhook, delivery_id: f.fresh.webhookDelivery } }),
  redeliverWebhookDelivery: (f) => ({ path: { webhook_id: f.fresh.webhook, delivery_id: f.fresh.webhookDelivery } }),
  // /webhooks.md "Events and recovery": the fixtures' enrollment recorded an event; the newest is read.
  getWebhookEvent: (f) => ({
    path: { webhook_event_id: MISSING },
    prepare: async () => {
      const answer = await fetch(`${f.origin}/api/v1/webhook-events?limit=1`, {
        headers: { authorization: `Bearer ${f.tokens.operator}` },
      });
      return { path: { webhook_event_id: (await answer.json()).data[0].id } };
    },
  }),
  recoverWebhookEndpoint: (f) => ({
    path: { webhook_id: f.fresh.webhook },
    body: { since: new Date(Date.now() - 3600_000).toISOString() },
  }),
  'recoverWebhookEndpoint 422': (f) => ({
    path: { webhook_id: f.fresh.disabledWebhook },
    body: { since: new Date(Date.now() - 3600_000).toISOString() },
  }),
  'redeliverWebhookDelivery 422': (f) => ({
    path: { webhook_id: f.fresh.disabledWebhook, delivery_id: f.fresh.webhookDelivery },
  }),

  // Analytics, school, appearance (the school's own settings are written back unchanged).
  'getRevenueReport 400': () => ({ query: { interval: 'hour' } }),
  'getRevenueReport 422': () => ({ query: { from: '2026-03-31', to: '2026-01-01' } }),
  'listEnrollmentsByCourse 400': () => ({ query: { limit: 0 } }),
  'listCompletionRates 400': () => ({ query: { limit: 0 } }),
  updateSchool: (f) => ({ body: { name: f.school.name } }),
  'updateSchool 400': () => ({ body: { name: '' } }),
  'updateSchool 422': () => ({ body: { timezone: 'Mars/Olympus_Mons' } }),
  // The other 403 of this operation: an admin may not change which hosts identify applications.
  'updateSchool 403 application/problem+json': () => ({
    token: 'admin',
    body: { allowed_metadata_hosts: [`dredd-${unique}.example`] },
  }),
  updateAppearance: (f) => ({ body: { theme: f.appearance.theme } }),
  'updateAppearance 400': () => ({ body: { theme: 'neon' } }),
  'updateAppearance 422': () => ({ body: { custom_css: '</style><script>alert(1)</script>' } }),

  // Events and registrations.
  createEvent: () => ({ body: eventBody(), capture: id('event') }),
  'createEvent 409': (f) => ({ body: { ...eventBody(), slug: f.demo.eventSlug } }),
  'createEvent 422': () => ({ body: { ...eventBody(), ends_at: '2031-02-01T16:00:00Z' } }),
  getEvent: (f) => ({ path: { event_id: f.demo.event } }),
  updateEvent: (f) => ({ path: { event_id: f.fresh.event }, body: { location: 'Room 2, 120 Market Street' } }),
  'updateEvent 409': (f) => ({ path: { event_id: f.fresh.event }, body: { slug: f.demo.eventSlug } }),
  'updateEvent 422': (f) => ({ path: { event_id: f.fresh.fullEvent }, body: { ends_at: '2031-01-01T00:00:00Z' } }),
  deleteEvent: (_f, c) => ({ path: { event_id: c.event } }),
  'deleteEvent 409': (f) => ({ path: { event_id: f.demo.event } }),
  publishEvent: (f) => ({ path: { event_id: f.fresh.event } }),
  'publishEvent 422': (f) => ({ path: { event_id: f.fresh.cancelledEvent } }),
  cancelEvent: (f) => ({ path: { event_id: f.fresh.cancelledEvent } }),
  listEventRegistrations: (f) => ({ path: { event_id: f.demo.event } }),
  registerEventAttendee: (f) => ({ path: { event_id: f.fresh.event }, body: { person_id: f.fresh.studentA } }),
  'registerEventAttendee 201': (f) => ({
    path: { event_id: f.fresh.event },
    body: { person_id: f.fresh.studentB },
    capture: id('registration'),
  }),
  'registerEventAttendee 409': (f) => ({
    path: { event_id: f.fresh.fullEvent },
    body: { person_id: f.fresh.studentB },
  }),
  'registerEventAttendee 422': (f) => ({
    path: { event_id: f.fresh.cancelledEvent },
    body: { person_id: f.fresh.studentB },
  }),
  cancelEventRegistration: (f) => ({ path: { event_id: f.fresh.event, registration_id: f.fresh.registration } }),
  'cancelEventRegistration 422': (f) => ({
    path: { event_id: f.fresh.fullEvent, registration_id: f.fresh.attendedRegistration },
  }),
  markEventAttendance: (f, c) => ({ path: { event_id: f.fresh.event, registration_id: c.registration } }),
  // The registration cancelled by cancelEventRegistration above.
  'markEventAttendance 422': (f) => ({ path: { event_id: f.fresh.event, registration_id: f.fresh.registration } }),

  // Posts, digital products, pages, files.
  createPost: () => ({
    body: { title: `Dredd post ${unique}`, excerpt: 'Checked by dredd.', body: '<p>Dredd</p>', access_type: 'public' },
    capture: id('post'),
  }),
  'createPost 409': (f) => ({ body: { title: 'Duplicate slug', slug: f.demo.postSlug } }),
  'createPost 422': () => ({ body: { title: 'Unknown author', author_id: MISSING } }),
  getPost: (f) => ({ path: { post_id: f.demo.post } }),
  updatePost: (f) => ({ path: { post_id: f.fresh.post }, body: { excerpt: 'Checked by dredd again.' } }),
  'updatePost 409': (f) => ({ path: { post_id: f.fresh.post }, body: { slug: f.demo.postSlug } }),
  'updatePost 422': (f) => ({ path: { post_id: f.fresh.post }, body: { author_id: MISSING } }),
  deletePost: (_f, c) => ({ path: { post_id: c.post } }),
  publishPost: (f) => ({ path: { post_id: f.fresh.post } }),
  unpublishPost: (f) => ({ path: { post_id: f.fresh.post } }),
  createDigitalProduct: (f) => ({
    body: { name: `Dredd product ${unique}`, price: { amount: 900, currency: 'USD' }, file_id: f.fresh.file },
    capture: id('digitalProduct'),
  }),
  'createDigitalProduct 409': (f) => ({ body: { name: 'Duplicate slug', slug: f.demo.digitalProductSlug } }),
  'createDigitalProduct 422': () => ({ body: { name: 'Unknown file', file_id: MISSING } }),
  getDigitalProduct: (f) => ({ path: { digital_product_id: f.demo.digitalProduct } }),
  updateDigitalProduct: (f) => ({
    path: { digital_product_id: f.fresh.digitalProduct },
    body: { price: { amount: 1200, currency: 'USD' } },
  }),
  'updateDigitalProduct 409': (f) => ({
    path: { digital_product_id: f.fresh.digitalProduct },
    body: { slug: f.demo.digitalProductSlug },
  }),
  'updateDigitalProduct 422': (f) => ({ path: { digital_product_id: f.demo.digitalProduct }, body: { file_id: null } }),
  deleteDigitalProduct: (_f, c) => ({ path: { digital_product_id: c.digitalProduct } }),
  'deleteDigitalProduct 409': (f) => ({ path: { digital_product_id: f.demo.digitalProduct } }),
  publishDigitalProduct: (f) => ({ path: { digital_product_id: f.fresh.digitalProduct } }),
  'publishDigitalProduct 422': (f) => ({ path: { digital_product_id: f.fresh.productWithoutFile } }),
  archiveDigitalProduct: (f) => ({ path: { digital_product_id: f.fresh.digitalProduct } }),
  createPage: () => ({ body: { title: `Dredd page ${unique}`, body: '<p>Dredd</p>' }, capture: id('page') }),
  'createPage 409': (f) => ({ body: { title: 'Duplicate slug', slug: f.demo.pageSlug } }),
  getPage: (f) => ({ path: { page_id: f.demo.page } }),
  updatePage: (f) => ({ path: { page_id: f.fresh.page }, body: { title: 'Dredd page, renamed' } }),
  'updatePage 409': (f) => ({ path: { page_id: f.fresh.page }, body: { slug: f.demo.pageSlug } }),
  deletePage: (_f, c) => ({ path: { page_id: c.page } }),
  publishPage: (f) => ({ path: { page_id: f.fresh.page } }),
  unpublishPage: (f) => ({ path: { page_id: f.fresh.page } }),
  uploadFile: () => ({ raw: multipart('dredd.txt', 'text/plain', `Uploaded by dredd ${unique}.`) }),
  'uploadFile 400': () => ({ raw: multipart('dredd.txt', 'text/plain', 'No part named file.', 'attachment') }),
  'uploadFile 413': (f) => ({ raw: multipart('big.txt', 'text/plain', 'a'.repeat(f.uploadMaxBytes + 1)) }),
  'uploadFile 415': () => ({ raw: multipart('page.html', 'text/html', '<html><script>alert(1)</script></html>') }),
  'getFile 404': (f) => ({ path: { file_id: MISSING, filename: f.fresh.fileName } }),
};

/** A loopback client registered with a post-logout redirect URI, and the end-session parameters that use it. */
async function logoutRedirect(f) {
  const post = 'http://127.0.0.1:9/signed-out';
  const response = await fetch(`${f.origin}/api/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/callback'], post_logout_redirect_uris: [post] }),
  });
  const { client_id } = await response.json();
  return { client_id, post_logout_redirect_uri: post, state: 'dredd' };
}

function authorizeQuery(f, clientId) {
  return {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: f.oauth.redirectUri,
    scope: 'courses:read',
    code_challenge: f.oauth.codeChallenge,
    code_challenge_method: 'S256',
    state: `dredd-${unique}`,
  };
}

function codeFrom(real) {
  const location = Object.entries(real.headers).find(([name]) => name.toLowerCase() === 'location')?.[1];
  return location ? new URL(location).searchParams.get('code') : undefined;
}

function wrongSecret(f) {
  return { client_id: f.oauth.confidentialClientId, client_secret: 'not-the-secret' };
}

async function signInForm(f, values) {
  const signInPage = await page(`${f.origin}/oauth/sign-in`);
  return { form: { ...signInPage.fields, ...values }, cookie: signInPage.cookie };
}

/** Sends `send()` (in batches of `parallel`) until the server answers 429, at most 2000 times. */
async function exhaust(send, parallel) {
  for (let sent = 0; sent < 2000; sent += parallel) {
    const answers = await Promise.all(Array.from({ length: parallel }, () => send()));
    await Promise.all(answers.map((answer) => answer.arrayBuffer()));
    if (answers.some((answer) => answer.status === 429)) return;
  }
  throw new Error('no 429 after 2000 requests');
}

function eventBody() {
  return {
    title: `Dredd event ${unique}`,
    starts_at: '2031-02-01T17:00:00Z',
    ends_at: '2031-02-01T18:30:00Z',
    capacity: 20,
  };
}

module.exports = { scenarios, MISSING };
