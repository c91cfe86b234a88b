// Recording orders, refunds and subscriptions through the generated client (OpenAPI createOrder,
// refundOrder, createSubscription; scope orders:write). They change the school's revenue, which
// the shared server's order and analytics suites read as seeded, so they run on an instance of
// this file's own (PGlite in memory, or a scratch PostgreSQL database with DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sdk from '../../generated/openapi/client/sdk.gen.ts';
import type { Instance } from '../reliability/instance.ts';
import { ownInstanceUnavailable, startOwnInstance } from '../service/own-instance.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { operatorToken } from '../support/tokens.ts';
import { pointersOf } from './commerce-fixtures.ts';
import { answered } from '../support/answered.ts';

const SCOPES = [
  'orders:read orders:write students:read students:write courses:write',
  'membership_plans:read membership_plans:write subscriptions:read subscriptions:write digital_products:read',
].join(' ');

describe.skipIf(ownInstanceUnavailable)(
  'recorded orders, refunds and subscriptions (orders:write; OpenAPI tag Orders)',
  () => {
    let instance: Instance;
    let client: ReturnType<typeof adminClient>;
    let studentId: string;
    let course: { id: string };
    let plan: { id: string; price: { amount: number } };

    beforeAll(async () => {
      instance = await startOwnInstance();
      client = adminClient(instance.origin, await operatorToken(instance.origin, SCOPES));
      studentId = (await answered(sdk.listStudents({ client, query: { q: ACCOUNTS.student2 } }))).data[0]!.id;
      course = await answered(
        sdk.createCourse({
          client,
          body: { title: 'Recorded sale course', price: { amount: 4900, currency: 'USD' }, access_days: 30 },
        }),
      );
      plan = await answered(
        sdk.createMembershipPlan({
          client,
          body: { name: 'Recorded plan', price: { amount: 1500, currency: 'USD' }, billing_interval: 'month' },
        }),
      );
    }, 120_000);
    afterAll(async () => {
      await instance?.stop();
    });

    it('records a sale made elsewhere as a paid external order that grants its course and plan (createOrder 201)', async () => {
      const { data: order, response } = await sdk.createOrder({
        client,
        body: {
          person_id: studentId,
          items: [
            { item_type: 'course', item_id: course.id },
            { item_type: 'membership_plan', item_id: plan.id },
          ],
          payment_method: 'bank_transfer',
          external_id: 'INV-2026-0001',
          tax_amount: 100,
        },
      });
      expect(response.status).toBe(201);
      expect(order).toMatchObject({
        status: 'paid',
        source: 'external',
        external_id: 'INV-2026-0001',
        payment_method: 'bank_transfer',
        currency: 'USD',
        subtotal: { amount: 6400 },
        tax: { amount: 100 },
        total: { amount: 6500 },
        refunded: { amount: 0 },
        customer: { id: studentId, email: ACCOUNTS.student2 },
      });
      // The school's own series continues (the demo school's checkout numbered DA-10001 to DA-10005).
      expect(order!.number).toMatch(/^DA-1\d{4}$/);
      expect(order!.items.map((i) => [i.item_type, i.title, i.unit_price.amount])).toEqual([
        ['course', 'Recorded sale course', 4900],
        ['membership_plan', 'Recorded plan', 1500],
      ]);
      const enrollments = await answered(sdk.listStudentEnrollments({ client, path: { person_id: studentId } }));
      expect(enrollments.data.find((e) => e.course.id === course.id)).toMatchObject({
        status: 'active',
        has_lifetime_access: false,
      });
      const subscriptions = await answered(
        sdk.listSubscriptions({ client, query: { person_id: studentId, plan_id: plan.id, status: 'active' } }),
      );
      expect(subscriptions.data).toHaveLength(1);
    });

    it('recording again with the same external_id answers the first order unchanged, even when retried at once (200); another buyer with it is 409 external-id-reused', async () => {
      const body = {
        person_id: studentId,
        items: [{ item_type: 'course' as const, item_id: course.id, unit_amount: 1000 }],
        external_id: 'INV-2026-0002',
      };
      const answers = await Promise.all([1, 2, 3, 4].map(() => sdk.createOrder({ client, body })));
      expect(answers.map((a) => a.response.status).sort()).toEqual([200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.data!.id)).size).toBe(1);
      const listed = await answered(sdk.listOrders({ client, query: { person_id: studentId } }));
      expect(listed.data.filter((o) => o.external_id === 'INV-2026-0002')).toHaveLength(1);
      // The reference names one sale: another buyer's recording with it is refused, not answered with this order.
      const other = (await answered(sdk.listStudents({ client, query: { q: ACCOUNTS.student } }))).data[0]!.id;
      const clash = await sdk.createOrder({ client, body: { ...body, person_id: other } });
      expect([clash.response.status, pointersOf(clash.error)]).toEqual([409, ['/body/external_id']]);
      expect((clash.error as { type: string }).type).toBe(`${instance.origin}/problems/external-id-reused`);
    });

    it('a manual order grants without payment: status manual, every amount 0; a charged amount is 422', async () => {
      const manual = await answered(
        sdk.createOrder({
          client,
          body: { person_id: studentId, source: 'manual', items: [{ item_type: 'course', item_id: course.id }] },
        }),
      );
      expect(manual).toMatchObject({ status: 'manual', source: 'manual', total: { amount: 0 }, payment_method: null });
      const charged = await sdk.createOrder({
        client,
        body: {
          person_id: studentId,
          source: 'manual',
          items: [{ item_type: 'course', item_id: course.id, unit_amount: 100 }],
        },
      });
      expect(charged.response.status).toBe(422);
      expect(pointersOf(charged.error)).toEqual(['/body/items/0/unit_amount']);
    });

    it('input the school cannot sell is 422 with a pointer at the field (OpenAPI response UnprocessableEntity)', async () => {
      const item = { item_type: 'course' as const, item_id: course.id };
      const cases = [
        [{ person_id: '01a21d0b-0000-7000-8000-000000000000', items: [item] }, '/body/person_id'],
        [
          { person_id: studentId, items: [{ item_type: 'course', item_id: '01a21d0b-0000-7000-8000-000000000000' }] },
          '/body/items/0/item_id',
        ],
        [
          { person_id: studentId, items: [{ item_type: 'membership_plan', item_id: course.id }] },
          '/body/items/0/item_id',
        ],
        [{ person_id: studentId, items: [item], discount_amount: 5000 }, '/body/discount_amount'],
        [
          { person_id: studentId, items: [item], paid_at: new Date(Date.now() + 86_400_000).toISOString() },
          '/body/paid_at',
        ],
        [{ person_id: studentId, items: [item], currency: 'EUR' }, '/body/items/0/unit_amount'],
      ] as const;
      for (const [body, pointer] of cases) {
        const { error, response } = await sdk.createOrder({ client, body: body as never });
        expect([pointer, response.status, pointersOf(error)]).toEqual([pointer, 422, [pointer]]);
      }
      const unknownField = await sdk.createOrder({
        client,
        body: { person_id: studentId, items: [item], status: 'paid' } as never,
      });
      expect(unknownField.response.status).toBe(400);
    });

    it('refunds in part, then the rest with revoke_access, which ends what the order alone granted (refundOrder)', async () => {
      // A course and plan no other order of the buyer sells, so that this order alone grants them.
      const soldOnce = await answered(
        sdk.createCourse({ client, body: { title: 'Refunded course', price: { amount: 4900, currency: 'USD' } } }),
      );
      const planOnce = await answered(
        sdk.createMembershipPlan({
          client,
          body: { name: 'Refunded plan', price: { amount: 1500, currency: 'USD' }, billing_interval: 'month' },
        }),
      );
      const order = await answered(
        sdk.createOrder({
          client,
          body: {
            person_id: studentId,
            items: [
              { item_type: 'course', item_id: soldOnce.id },
              { item_type: 'membership_plan', item_id: planOnce.id },
            ],
            external_id: 'INV-2026-0003',
          },
        }),
      );
      const part = await answered(sdk.refundOrder({ client, path: { order_id: order.id }, body: { amount: 2000 } }));
      expect(part).toMatchObject({ status: 'paid', refunded: { amount: 2000 }, total: { amount: 6400 } });
      expect(part.refunded_at).toMatch(/Z$/);
      const tooMuch = await sdk.refundOrder({ client, path: { order_id: order.id }, body: { amount: 4401 } });
      expect([tooMuch.response.status, pointersOf(tooMuch.error)]).toEqual([422, ['/body/amount']]);

      const rest = await answered(
        sdk.refundOrder({ client, path: { order_id: order.id }, body: { revoke_access: true } }),
      );
      expect(rest).toMatchObject({ status: 'refunded', refunded: { amount: 6400 } });
      // The enrollment stays, revoked (OpenAPI refundOrder), and lists under ?status=revoked.
      const revoked = await answered(
        sdk.listStudentEnrollments({ client, path: { person_id: studentId }, query: { status: 'revoked' } }),
      );
      expect(revoked.data.filter((e) => e.course.id === soldOnce.id).map((e) => e.status)).toEqual(['revoked']);
      const running = await answered(
        sdk.listSubscriptions({ client, query: { person_id: studentId, plan_id: planOnce.id, status: 'active' } }),
      );
      expect(running.data).toEqual([]);

      const again = await sdk.refundOrder({ client, path: { order_id: order.id } });
      expect([again.response.status, pointersOf(again.error)]).toEqual([422, ['/path/order_id']]);
      const missing = await sdk.refundOrder({ client, path: { order_id: '01a21d0b-0000-7000-8000-000000000000' } });
      expect(missing.response.status).toBe(404);
    });

    it('a manual (unpaid) order has nothing to refund (422)', async () => {
      const manual = await answered(
        sdk.createOrder({
          client,
          body: { person_id: studentId, source: 'manual', items: [{ item_type: 'course', item_id: course.id }] },
        }),
      );
      const { error, response } = await sdk.refundOrder({ client, path: { order_id: manual.id } });
      expect([response.status, pointersOf(error)]).toEqual([422, ['/path/order_id']]);
    });

    it('starts a subscription for a student (201), answers the running one when asked again (200); bad input is 422', async () => {
      const other = await answered(
        sdk.createMembershipPlan({
          client,
          body: { name: 'Granted plan', price: { amount: 900, currency: 'USD' }, billing_interval: 'year' },
        }),
      );
      const first = await sdk.createSubscription({ client, body: { person_id: studentId, plan_id: other.id } });
      expect(first.response.status).toBe(201);
      expect(first.data).toMatchObject({ status: 'active', plan: { id: other.id }, subscriber: { id: studentId } });
      const start = Date.parse(first.data!.current_period_start);
      const end = Date.parse(first.data!.current_period_end);
      expect(end - start).toBeGreaterThanOrEqual(365 * 86_400_000);
      const again = await sdk.createSubscription({ client, body: { person_id: studentId, plan_id: other.id } });
      expect([again.response.status, again.data!.id]).toEqual([200, first.data!.id]);

      await answered(
        sdk.updateMembershipPlan({ client, path: { membership_plan_id: other.id }, body: { status: 'archived' } }),
      );
      const archived = await sdk.createSubscription({
        client,
        body: {
          person_id: (await answered(sdk.listStudents({ client, query: { q: ACCOUNTS.student } }))).data[0]!.id,
          plan_id: other.id,
        },
      });
      expect([archived.response.status, pointersOf(archived.error)]).toEqual([422, ['/body/plan_id']]);
      const stranger = await sdk.createSubscription({
        client,
        body: { person_id: '01a21d0b-0000-7000-8000-000000000000', plan_id: plan.id },
      });
      expect([stranger.response.status, pointersOf(stranger.error)]).toEqual([422, ['/body/person_id']]);
    });
  },
);
