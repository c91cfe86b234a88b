// A refund with revoke_access takes back only what the order gave (OpenAPI refundOrder): access
// that another standing order, a running subscription whose plan includes the course, or the
// school's own grant still supports stays; access nothing supports ends, and the enrollment stays
// as `revoked` (listed by ?status=revoked) with its enrollment.revoked event. On an instance of
// this file's own: PGlite in memory, or a scratch PostgreSQL database with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import { ownInstanceUnavailable } from '../service/own-instance.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { answered } from '../support/answered.ts';
import { startAnnouncedSchool, type AnnouncedSchool } from './announced-school.ts';
import { allPages, unique } from './commerce-fixtures.ts';

const SCOPES = [
  'webhooks:read webhooks:write courses:read courses:write students:read students:write',
  'orders:read orders:write membership_plans:read membership_plans:write subscriptions:read subscriptions:write',
].join(' ');

describe.skipIf(ownInstanceUnavailable)('refunds take back only what they gave (OpenAPI refundOrder)', () => {
  let school: AnnouncedSchool;
  let client: AnnouncedSchool['client'];
  let personId: string;

  beforeAll(async () => {
    school = await startAnnouncedSchool(SCOPES, ['enrollment.revoked'], ACCOUNTS.student2);
    ({ client, personId } = school);
  }, 120_000);
  afterAll(async () => {
    await school?.stop();
  });

  /** The enrollments whose revocation the school announced, by enrollment id (data of enrollment.revoked). */
  async function revokedEvents(): Promise<string[]> {
    const ids: string[] = [];
    for (const d of await school.deliveries()) {
      const full = await answered(
        sdk.getWebhookDelivery({ client, path: { webhook_id: school.endpointId, delivery_id: d.id } }),
      );
      ids.push((full.event as { data: { id: string } }).data.id);
    }
    return ids;
  }

  async function enrollmentIn(courseId: string) {
    const all = await allPages((cursor) =>
      sdk.listStudentEnrollments({ client, path: { person_id: personId }, query: { limit: 100, cursor } }),
    );
    return all.find((e) => e.course.id === courseId);
  }

  async function revokedList(): Promise<string[]> {
    const page = await answered(
      sdk.listStudentEnrollments({ client, path: { person_id: personId }, query: { status: 'revoked', limit: 100 } }),
    );
    return page.data.map((e) => e.course.id);
  }

  const newCourse = () =>
    answered(
      sdk.createCourse({ client, body: { title: `Refund ${unique()}`, price: { amount: 3000, currency: 'USD' } } }),
    );
  const buy = (items: { item_type: 'course' | 'membership_plan'; item_id: string }[], source?: 'manual') =>
    answered(sdk.createOrder({ client, body: { person_id: personId, items, ...(source ? { source } : {}) } }));
  const refund = (orderId: string) =>
    answered(sdk.refundOrder({ client, path: { order_id: orderId }, body: { revoke_access: true } }));

  it('ends access the refunded order alone gave: the enrollment stays as revoked, listed by ?status=revoked, announced once', async () => {
    const course = await newCourse();
    const order = await buy([{ item_type: 'course', item_id: course.id }]);
    const enrollment = (await enrollmentIn(course.id))!;
    await refund(order.id);

    expect(await enrollmentIn(course.id)).toMatchObject({ id: enrollment.id, status: 'revoked' });
    expect(await revokedList()).toContain(course.id);
    expect((await revokedEvents()).filter((id) => id === enrollment.id)).toHaveLength(1);
    // Buying again renews the revoked enrollment (the same row), as access that had ended.
    await buy([{ item_type: 'course', item_id: course.id }]);
    expect(await enrollmentIn(course.id)).toMatchObject({ id: enrollment.id, status: 'active' });
  });

  it('refunding an old order leaves the access a newer paid order of the course gave; refunding that one then ends it', async () => {
    const course = await newCourse();
    const old = await buy([{ item_type: 'course', item_id: course.id }]);
    const newer = await buy([{ item_type: 'course', item_id: course.id }]);
    await refund(old.id);
    expect(await enrollmentIn(course.id)).toMatchObject({ status: 'active' });
    expect(await revokedList()).not.toContain(course.id);

    await refund(newer.id);
    expect(await enrollmentIn(course.id)).toMatchObject({ status: 'revoked' });
  });

  it('leaves access that a manual order, the school’s own enrollment or a running plan including the course still supports', async () => {
    const supports = {
      'a manual order': async (courseId: string) =>
        void (await buy([{ item_type: 'course', item_id: courseId }], 'manual')),
      'the school’s enrollment': async (courseId: string) =>
        void (await answered(
          sdk.enrollStudent({ client, path: { person_id: personId }, body: { course_id: courseId } }),
        )),
      'a running plan': async (courseId: string) => {
        const plan = await answered(
          sdk.createMembershipPlan({
            client,
            body: {
              name: `Refund ${unique()}`,
              price: { amount: 1000, currency: 'USD' },
              billing_interval: 'month',
              course_ids: [courseId],
            },
          }),
        );
        await answered(sdk.createSubscription({ client, body: { person_id: personId, plan_id: plan.id } }));
      },
    };
    for (const [what, support] of Object.entries(supports)) {
      const course = await newCourse();
      const order = await buy([{ item_type: 'course', item_id: course.id }]);
      await support(course.id);
      await refund(order.id);
      expect([what, (await enrollmentIn(course.id))?.status]).toEqual([what, 'active']);
    }
  });

  it('leaves a subscription the school granted itself, and one another standing order of the plan sold', async () => {
    const plans = await Promise.all(
      [1, 2].map(() =>
        answered(
          sdk.createMembershipPlan({
            client,
            body: { name: `Refund ${unique()}`, price: { amount: 1000, currency: 'USD' }, billing_interval: 'month' },
          }),
        ),
      ),
    );
    const [granted, twice] = plans as [(typeof plans)[number], (typeof plans)[number]];
    await answered(sdk.createSubscription({ client, body: { person_id: personId, plan_id: granted.id } }));
    const sold = await buy([{ item_type: 'membership_plan', item_id: granted.id }]);
    const first = await buy([{ item_type: 'membership_plan', item_id: twice.id }]);
    await buy([{ item_type: 'membership_plan', item_id: twice.id }]);
    await refund(sold.id);
    await refund(first.id);
    for (const plan of plans) {
      const running = await answered(
        sdk.listSubscriptions({ client, query: { person_id: personId, plan_id: plan.id, status: 'active' } }),
      );
      expect(running.data).toHaveLength(1);
    }
  });

  it('an order recorded without access neither takes access back nor supports it', async () => {
    const course = await newCourse();
    const sold = await buy([{ item_type: 'course', item_id: course.id }]);
    const bare = await answered(
      sdk.createOrder({
        client,
        body: { person_id: personId, items: [{ item_type: 'course', item_id: course.id }], grant_access: false },
      }),
    );
    await refund(bare.id);
    expect(await enrollmentIn(course.id)).toMatchObject({ status: 'active' });
    await refund(sold.id);
    expect(await enrollmentIn(course.id)).toMatchObject({ status: 'revoked' });
  });
});
