// Every admin operation that names an object by its id refuses another school's object with 404
// and none of its data (OpenAPI response NotFound, "No such object at this school";
// RFC 9457 problem). Derived from the spec's operation list: the ids are real objects of
// Second School, the caller Demo Academy's owner holding every operator scope, and each request
// carries the example body of the spec, so that only the foreign id can be what is refused.
// Afterwards every one of those objects is still there at Second School, unchanged by the calls.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { operations } from '../../generated/openapi/operations.ts';
import { OPERATOR_SCOPES } from '../../src/services/auth/scopes.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { operatorToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

type Op = (typeof operations)[keyof typeof operations];
const byId = Object.entries(operations).filter(
  ([, op]) => op.path.startsWith('/api/v1/') && !op.public && op.path.includes('{'),
) as Array<[string, Op]>;

/** Second School's objects, one id per kind (people with a role at Second School only). */
type Ids = Record<string, string>;

async function getJson(url: string, token: string): Promise<any> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, url).toBe(200);
  return response.json();
}

async function foreignIds(token: string): Promise<Ids> {
  const list = async (path: string) =>
    (await getJson(`${secondary}/api/v1/${path}${path.includes('?') ? '&' : '?'}limit=100`, token)).data as Array<
      Record<string, any>
    >;
  const courses = await list('courses');
  // A course with sections, lectures and enrollments.
  let course: Record<string, any> | undefined;
  let tree: Array<Record<string, any>> = [];
  let enrollments: Array<Record<string, any>> = [];
  for (const candidate of courses) {
    tree = (await getJson(`${secondary}/api/v1/courses/${candidate.id}/sections`, token)).data;
    enrollments = (await getJson(`${secondary}/api/v1/courses/${candidate.id}/enrollments?limit=10`, token)).data;
    if (tree.some((s) => s.lectures?.length) && enrollments.length) {
      course = candidate;
      break;
    }
  }
  if (!course) throw new Error('Second School has no course with lectures and enrollments');
  const section = tree.find((s) => s.lectures?.length)!;
  const events = await list('events');
  let event: Record<string, any> | undefined;
  let registration: Record<string, any> | undefined;
  for (const candidate of events) {
    [registration] = (await getJson(`${secondary}/api/v1/events/${candidate.id}/registrations?limit=10`, token)).data;
    if (registration) {
      event = candidate;
      break;
    }
  }
  if (!event || !registration) throw new Error('Second School has no event with registrations');
  const own = (people: Array<Record<string, any>>) =>
    people.find((p) => String(p.email ?? p.person?.email).endsWith('@second-school.test'))!;
  const first = async (path: string) => {
    const [row] = await list(path);
    if (!row) throw new Error(`Second School has no ${path}`);
    return row.id as string;
  };
  // A webhook endpoint and a delivery of Second School's own (the seed has none), at a host that
  // never resolves (RFC 6761 6.4).
  const post = async (path: string, body?: unknown) => {
    const response = await fetch(`${secondary}/api/v1/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, path).toBeLessThan(300);
    return (await response.json()) as Record<string, any>;
  };
  const webhook = await post('webhooks', { url: 'https://matrix.invalid/hook', event_types: ['course.published'] });
  const delivery = await post(`webhooks/${webhook.id}/test`);
  // A pending invitation of Second School's own (OpenAPI resendStudentInvitation, resendMemberInvitation).
  const invitation = await post('students', {
    email: `matrix-pending-${crypto.randomUUID().slice(0, 8)}@matrix.invalid`,
    name: 'Matrix Pending',
  });
  return {
    invitation_id: invitation.id,
    webhook_id: webhook.id,
    delivery_id: delivery.id,
    course_id: course.id,
    section_id: section.id,
    lecture_id: section.lectures[0].id,
    enrollment_id: enrollments[0]!.id,
    event_id: event.id,
    // A webhook event of Second School's own (/webhooks.md "Events and recovery"): a draft course of
    // the matrix's, archived at once, is recorded as course.archived and shows in no catalog.
    webhook_event_id: await (async () => {
      const draft = await post('courses', { title: `Matrix ${crypto.randomUUID().slice(0, 8)}` });
      await post(`courses/${draft.id}/archive`);
      return first('webhook-events?type=course.archived');
    })(),
    registration_id: registration.id,
    // Students and members are people: one person_id names them on both paths.
    person_id: own(await list('students')).id,
    lecturer_id: await first('lecturers'),
    comment_id: await first('comments'),
    coupon_id: await first('coupons'),
    digital_product_id: await first('digital-products'),
    form_id: await first('forms'),
    membership_plan_id: await first('membership-plans'),
    order_id: await first('orders'),
    page_id: await first('pages'),
    post_id: await first('posts'),
    subscription_id: await first('subscriptions'),
    // An application holding a live grant at Second School only (the loopback client of this token, or another).
    application_id: await first('applications?audience=operator'),
  };
}

/** The path with every parameter a foreign id, by its name (`{course_id}`, `{person_id}`, ...). */
function foreignPath(path: string, ids: Ids): { url: string; used: string[] } {
  const used: string[] = [];
  const url = path.replace(/\{(\w+)\}/g, (_all, name: string) => {
    const id = ids[name];
    if (!id) throw new Error(`no foreign id for ${name} in ${path}`);
    used.push(id);
    return id;
  });
  return { url, used };
}

/** The example request body of an operation in the served document, if it has one. */
function exampleBody(document: any, path: string, method: string): string | undefined {
  let body = document.paths?.[path]?.[method]?.requestBody;
  for (let hops = 0; body?.$ref && hops < 5; hops++)
    body = body.$ref
      .slice(2)
      .split('/')
      .reduce((n: any, k: string) => n?.[k], document);
  const media = body?.content?.['application/json'];
  if (!media) return undefined;
  const example = media.example ?? Object.values<{ value?: unknown }>(media.examples ?? {})[0]?.value;
  return JSON.stringify(example ?? {});
}

describe.skipIf(!secondary)(
  "every admin operation with an id refuses another school's object with 404 (OpenAPI response NotFound)",
  () => {
    let token: string;
    let ids: Ids;
    let document: any;
    beforeAll(async () => {
      token = await operatorToken(origin, OPERATOR_SCOPES.join(' '));
      ids = await foreignIds(await operatorToken(secondary, OPERATOR_SCOPES.join(' '), ACCOUNTS.secondSchoolOwner));
      document = await (await fetch(`${origin}/openapi.json`)).json();
    }, 60_000);

    it('has operations to check', () => {
      expect(byId.length).toBeGreaterThan(60);
    });

    it.each(byId.filter(([, op]) => !op.path.startsWith('/api/v1/catalog/')))(
      '%s with ids of Second School is a 404 problem without their data',
      async (_id, op) => {
        const { url, used } = foreignPath(op.path, ids);
        const body = ['post', 'put', 'patch'].includes(op.method)
          ? exampleBody(document, op.path, op.method)
          : undefined;
        const response = await fetch(`${origin}${url}`, {
          method: op.method.toUpperCase(),
          headers: {
            authorization: `Bearer ${token}`,
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body,
        });
        const text = await response.text();
        expect(response.status, `${op.method.toUpperCase()} ${url}: ${text.slice(0, 300)}`).toBe(404);
        expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        for (const id of used) expect(text).not.toContain(id);
      },
    );

    it("leaves every one of Second School's objects in place (read back at Second School)", async () => {
      const theirs = await operatorToken(secondary, OPERATOR_SCOPES.join(' '), ACCOUNTS.secondSchoolOwner);
      // Each object read back at its own path: the collection and the path parameter naming it.
      const own: Array<[string, string]> = [
        ['courses', 'course_id'],
        ['lectures', 'lecture_id'],
        ['enrollments', 'enrollment_id'],
        ['events', 'event_id'],
        ['students', 'person_id'],
        ['members', 'person_id'],
        ['lecturers', 'lecturer_id'],
        ['comments', 'comment_id'],
        ['coupons', 'coupon_id'],
        ['digital-products', 'digital_product_id'],
        ['forms', 'form_id'],
        ['membership-plans', 'membership_plan_id'],
        ['orders', 'order_id'],
        ['pages', 'page_id'],
        ['posts', 'post_id'],
        ['subscriptions', 'subscription_id'],
        ['webhooks', 'webhook_id'],
      ];
      for (const [kind, param] of own) {
        const response = await fetch(`${secondary}/api/v1/${kind}/${ids[param]}`, {
          headers: { authorization: `Bearer ${theirs}` },
        });
        expect(response.status, kind).toBe(200);
      }
      const section = await fetch(`${secondary}/api/v1/courses/${ids.course_id}/sections/${ids.section_id}`, {
        headers: { authorization: `Bearer ${theirs}` },
      });
      expect(section.status).toBe(200);
      // Its application still holds its grants there (OpenAPI listApplicationGrants).
      const holders = await fetch(`${secondary}/api/v1/applications/${ids.application_id}/grants`, {
        headers: { authorization: `Bearer ${theirs}` },
      });
      expect(holders.status).toBe(200);
      expect(((await holders.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    });
  },
);
