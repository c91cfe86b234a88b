// "At most one" of each thing, held by the database: every write that must happen once (a running
// subscription per person and plan, an enrollment per person and course, a registration per person
// and event, an order per external_id) and every status change that announces itself (publish,
// archive, expire, cancel, a refund's revoke_access) is fired 20 times at once through the admin
// API; the lists then hold one row, and the school's webhook endpoint one delivery per change
// (deliveries are queued in the transaction of the change, so they count the events recorded).
// On an instance of this file's own: PGlite in memory, or a scratch PostgreSQL database with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { ownInstanceUnavailable } from '../service/own-instance.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { answered } from '../support/answered.ts';
import { memberToken } from '../support/tokens.ts';
import { startAnnouncedSchool, type AnnouncedSchool } from './announced-school.ts';
import { pointersOf, unique } from './commerce-fixtures.ts';
import { courseWithSections } from './curriculum-fixtures.ts';

const SCOPES = [
  'webhooks:read webhooks:write courses:read courses:write curriculum:write students:read students:write',
  'events:read events:write',
  'orders:read orders:write membership_plans:read membership_plans:write subscriptions:read subscriptions:write',
].join(' ');

const AT_ONCE = 20;

const EVENT_TYPES = [
  'course.published',
  'course.archived',
  'course.completed',
  'lecture.completed',
  'enrollment.created',
  'enrollment.expired',
  'enrollment.revoked',
  'event_registration.created',
  'event_registration.cancelled',
  'order.paid',
  'order.refunded',
  'subscription.created',
  'subscription.canceled',
] as const;

type Answer = { response: Response; data?: { id?: string } | undefined };

/** The statuses of `AT_ONCE` concurrent calls, sorted, and the ids they answered. */
async function atOnce(call: () => Promise<Answer>) {
  const answers = await Promise.all(Array.from({ length: AT_ONCE }, call));
  return {
    statuses: answers.map((a) => a.response.status).sort(),
    ids: new Set(answers.map((a) => a.data?.id)),
  };
}

const oneCreated = (status: number) => [...Array<number>(AT_ONCE - 1).fill(status), 201];

describe.skipIf(ownInstanceUnavailable)(
  'one of each thing, by the database (OpenAPI tags Orders, Students, Events)',
  () => {
    let school: AnnouncedSchool;
    let client: AnnouncedSchool['client'];
    let personId: string;

    beforeAll(async () => {
      school = await startAnnouncedSchool(SCOPES, EVENT_TYPES, ACCOUNTS.student);
      ({ client, personId } = school);
    }, 120_000);
    afterAll(async () => {
      await school?.stop();
    });

    /** How many events of `type` the school recorded so far: one delivery each to the one endpoint. */
    async function recorded(type: (typeof EVENT_TYPES)[number]): Promise<number> {
      return (await school.deliveries()).filter((d) => d.event_type === type).length;
    }

    /** The events of each type that `act` recorded. */
    async function eventsOf(types: readonly (typeof EVENT_TYPES)[number][], act: () => Promise<void>) {
      const before = await Promise.all(types.map(recorded));
      await act();
      const after = await Promise.all(types.map(recorded));
      return Object.fromEntries(types.map((type, i) => [type, after[i]! - before[i]!]));
    }

    async function newCourse() {
      return answered(sdk.createCourse({ client, body: { title: `Once ${unique()}` } }));
    }

    /** A draft event a week from now, an hour long. */
    async function newEvent() {
      const starts = new Date(Date.now() + 7 * 86_400_000);
      const ends = new Date(starts.getTime() + 3_600_000);
      return answered(
        sdk.createEvent({
          client,
          body: { title: `Once ${unique()}`, starts_at: starts.toISOString(), ends_at: ends.toISOString() },
        }),
      );
    }

    async function newPlan() {
      return answered(
        sdk.createMembershipPlan({
          client,
          body: { name: `Once ${unique()}`, price: { amount: 1000, currency: 'USD' }, billing_interval: 'month' },
        }),
      );
    }

    /** The member's (student1's) answers to `AT_ONCE` concurrent calls of a member data API mutation: none may fail. */
    async function memberAtOnce(query: string, variables: Record<string, unknown>) {
      const member = await memberToken(school.instance.origin, 'openid account:read account:write', ACCOUNTS.student);
      const call = async () => {
        const answer = await fetch(`${school.instance.origin}/account/graphql`, {
          method: 'POST',
          headers: { authorization: `Bearer ${member}`, 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables }),
        });
        return (await answer.json()) as { errors?: unknown };
      };
      const answers = await Promise.all(Array.from({ length: AT_ONCE }, call));
      expect(answers.filter((a) => a.errors)).toEqual([]);
    }

    it('starts one running subscription per person and plan, announced once; cancelling at once announces one end', async () => {
      const plan = await newPlan();
      let started: Awaited<ReturnType<typeof atOnce>> | undefined;
      const events = await eventsOf(['subscription.created'], async () => {
        started = await atOnce(() =>
          sdk.createSubscription({ client, body: { person_id: personId, plan_id: plan.id } }),
        );
      });
      expect(started!.statuses).toEqual(oneCreated(200));
      expect(started!.ids.size).toBe(1);
      const running = await answered(
        sdk.listSubscriptions({ client, query: { person_id: personId, plan_id: plan.id, limit: 100 } }),
      );
      expect(running.data.map((s) => s.status)).toEqual(['active']);
      expect(events).toEqual({ 'subscription.created': 1 });

      // A plan change onto a plan the person already runs would make two: 422 at the plan (OpenAPI changeSubscriptionPlan).
      const other = await newPlan();
      const second = await answered(
        sdk.createSubscription({ client, body: { person_id: personId, plan_id: other.id } }),
      );
      const onto = await sdk.changeSubscriptionPlan({
        client,
        path: { subscription_id: second.id },
        body: { plan_id: plan.id },
      });
      expect([onto.response.status, pointersOf(onto.error)]).toEqual([422, ['/body/plan_id']]);

      const [id] = [...started!.ids] as string[];
      const ended = await eventsOf(['subscription.canceled'], async () => {
        const cancels = await atOnce(() => sdk.cancelSubscription({ client, path: { subscription_id: id! } }));
        expect(cancels.statuses).toEqual(Array<number>(AT_ONCE).fill(200));
      });
      expect(ended).toEqual({ 'subscription.canceled': 1 });
    });

    it('announces each course transition once: concurrent publishes, archives and publishes again', async () => {
      const course = await newCourse();
      const path = { course_id: course.id };
      const events = await eventsOf(['course.published', 'course.archived'], async () => {
        for (const move of [sdk.publishCourse, sdk.archiveCourse, sdk.publishCourse]) {
          const answers = await atOnce(() => move({ client, path }));
          expect(answers.statuses).toEqual(Array<number>(AT_ONCE).fill(200));
        }
      });
      expect(events).toEqual({ 'course.published': 2, 'course.archived': 1 });
      expect(await answered(sdk.getCourse({ client, path }))).toMatchObject({ status: 'published' });
    });

    it('enrolls a person in a course once, announced once; expiring at once announces one end', async () => {
      const course = await newCourse();
      let enrolled: Awaited<ReturnType<typeof atOnce>> | undefined;
      const events = await eventsOf(['enrollment.created'], async () => {
        enrolled = await atOnce(() =>
          sdk.enrollStudent({ client, path: { person_id: personId }, body: { course_id: course.id } }),
        );
      });
      expect(enrolled!.statuses).toEqual(oneCreated(200));
      const listed = await answered(
        sdk.listCourseEnrollments({ client, path: { course_id: course.id }, query: { limit: 100 } }),
      );
      expect(listed.data).toHaveLength(1);
      expect(events).toEqual({ 'enrollment.created': 1 });

      const expired = await eventsOf(['enrollment.expired'], async () => {
        const answers = await atOnce(() =>
          sdk.expireEnrollment({ client, path: { enrollment_id: listed.data[0]!.id } }),
        );
        expect(answers.statuses).toEqual(Array<number>(AT_ONCE).fill(200));
      });
      expect(expired).toEqual({ 'enrollment.expired': 1 });
    });

    it('registers a person for an event once, announced once; cancelling at once announces one cancellation', async () => {
      const event = await newEvent();
      const path = { event_id: event.id };
      let registered: Awaited<ReturnType<typeof atOnce>> | undefined;
      const events = await eventsOf(['event_registration.created'], async () => {
        registered = await atOnce(() => sdk.registerEventAttendee({ client, path, body: { person_id: personId } }));
      });
      expect(registered!.statuses).toEqual(oneCreated(200));
      const listed = await answered(sdk.listEventRegistrations({ client, path, query: { limit: 100 } }));
      expect(listed.data).toHaveLength(1);
      expect(events).toEqual({ 'event_registration.created': 1 });

      const cancelled = await eventsOf(['event_registration.cancelled'], async () => {
        const answers = await atOnce(() =>
          sdk.cancelEventRegistration({ client, path: { ...path, registration_id: listed.data[0]!.id } }),
        );
        expect(answers.statuses).toEqual(Array<number>(AT_ONCE).fill(200));
      });
      expect(cancelled).toEqual({ 'event_registration.cancelled': 1 });
    });

    it('registers a member for an event once through the member data API, and cancels it once (SDL Mutation.registerForEvent)', async () => {
      const event = await newEvent();
      await answered(sdk.publishEvent({ client, path: { event_id: event.id } }));
      const registered = await eventsOf(['event_registration.created'], () =>
        memberAtOnce('mutation ($id: ID!) { registerForEvent(eventId: $id) { id } }', { id: event.id }),
      );
      expect(registered).toEqual({ 'event_registration.created': 1 });
      const listed = await answered(sdk.listEventRegistrations({ client, path: { event_id: event.id } }));
      expect(listed.data.map((r) => r.status)).toEqual(['registered']);
      const cancelled = await eventsOf(['event_registration.cancelled'], () =>
        memberAtOnce('mutation ($id: ID!) { cancelEventRegistration(eventId: $id) { id } }', { id: event.id }),
      );
      expect(cancelled).toEqual({ 'event_registration.cancelled': 1 });
    });

    it('announces a lecture and its course completed once when the member records the completion 20 times at once', async () => {
      // One section holding one lecture, which the member can complete once it is published.
      const { courseId, sections } = await courseWithSections(client, ['Only section'], 1);
      const lectureId = sections[0]!.lectureIds[0]!;
      const path = { course_id: courseId };
      await answered(
        sdk.updateLecture({ client, path: { ...path, lecture_id: lectureId }, body: { status: 'published' } }),
      );
      await answered(sdk.publishCourse({ client, path }));
      await answered(sdk.enrollStudent({ client, path: { person_id: personId }, body: { course_id: courseId } }));
      const events = await eventsOf(['lecture.completed', 'course.completed'], () =>
        memberAtOnce(
          'mutation ($input: RecordLectureProgressInput!) { recordLectureProgress(input: $input) { __typename } }',
          { input: { lectureId, positionSeconds: 0, completed: true } },
        ),
      );
      expect(events).toEqual({ 'lecture.completed': 1, 'course.completed': 1 });
    });

    it('records one order per external_id, announced once; another body with it is 409 external-id-reused (OpenAPI createOrder)', async () => {
      const course = await newCourse();
      const external_id = `ONCE-${unique()}`;
      const body = { person_id: personId, items: [{ item_type: 'course' as const, item_id: course.id }], external_id };
      let recordedOrders: Awaited<ReturnType<typeof atOnce>> | undefined;
      const events = await eventsOf(['order.paid', 'enrollment.created'], async () => {
        recordedOrders = await atOnce(() => sdk.createOrder({ client, body }));
      });
      expect(recordedOrders!.statuses).toEqual(oneCreated(200));
      expect(recordedOrders!.ids.size).toBe(1);
      const orders = await answered(sdk.listOrders({ client, query: { person_id: personId, limit: 100 } }));
      expect(orders.data.filter((o) => o.external_id === external_id)).toHaveLength(1);
      expect(events).toEqual({ 'order.paid': 1, 'enrollment.created': 1 });

      // The same fields in another key order are the same request; any other field is another one.
      const reordered = await sdk.createOrder({
        client,
        body: { external_id, items: body.items, person_id: personId },
      });
      expect([reordered.response.status, reordered.data?.id]).toEqual([200, [...recordedOrders!.ids][0]]);
      const others = [
        { ...body, items: [{ ...body.items[0]!, unit_amount: 1 }] },
        { ...body, payment_method: 'card' },
        { ...body, grant_access: false },
      ];
      for (const other of others) {
        const clash = await sdk.createOrder({ client, body: other });
        expect([clash.response.status, pointersOf(clash.error), (clash.error as { type?: string }).type]).toEqual([
          409,
          ['/body/external_id'],
          `${school.instance.origin}/problems/external-id-reused`,
        ]);
      }
    });

    it('takes an order’s access back once when refunds with revoke_access race (OpenAPI refundOrder)', async () => {
      const course = await answered(
        sdk.createCourse({ client, body: { title: `Once ${unique()}`, price: { amount: 2000, currency: 'USD' } } }),
      );
      const order = await answered(
        sdk.createOrder({
          client,
          body: { person_id: personId, items: [{ item_type: 'course', item_id: course.id }] },
        }),
      );
      const events = await eventsOf(['order.refunded', 'enrollment.revoked'], async () => {
        const answers = await atOnce(() =>
          sdk.refundOrder({ client, path: { order_id: order.id }, body: { amount: 100, revoke_access: true } }),
        );
        expect(answers.statuses).toEqual(Array<number>(AT_ONCE).fill(200));
      });
      expect(events).toEqual({ 'order.refunded': AT_ONCE, 'enrollment.revoked': 1 });
      expect(await answered(sdk.getOrder({ client, path: { order_id: order.id } }))).toMatchObject({
        refunded: { amount: 100 * AT_ONCE },
      });
    });
  },
);
