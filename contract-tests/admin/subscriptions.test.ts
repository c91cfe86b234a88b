// Subscriptions through the generated client (OpenAPI tag Subscriptions: list/get,
// cancel now or at period end, change plan). The API creates no subscriptions, so the writes act on
// Second School's one running demo subscription (student1, monthly); Demo Academy's are only read.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  cancelSubscription,
  changeSubscriptionPlan,
  createMembershipPlan,
  getSubscription,
  listMembershipPlans,
  listSubscriptions,
  updateMembershipPlan,
} from '../../generated/openapi/client/sdk.gen.ts';
import type { ListSubscriptionsResponse } from '../../generated/openapi/client/types.gen.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { operatorToken } from '../support/tokens.ts';
import { pointersOf, unique } from './commerce-fixtures.ts';

type Subscription = ListSubscriptionsResponse['data'][number];

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const SCOPES = 'subscriptions:read subscriptions:write membership_plans:read membership_plans:write';

describe('subscriptions (subscriptions:read, subscriptions:write; OpenAPI tag Subscriptions)', () => {
  let client: ReturnType<typeof adminClient>;
  let seeded: Subscription[];
  beforeAll(async () => {
    client = adminClient(origin, await operatorToken(origin, SCOPES));
    seeded = (await listSubscriptions({ client, query: { limit: 100 } })).data!.data;
  });

  it('lists subscriptions with subscriber, plan, period and cancellation state; get answers the same', async () => {
    const running = seeded.find((s) => s.status === 'active')!;
    expect(running).toMatchObject({
      subscriber: { email: ACCOUNTS.student2 },
      plan: { slug: 'all-access-monthly' },
      cancel_at_period_end: false,
      canceled_at: null,
      ends_at: null,
    });
    expect(running.trial_ends_at).not.toBeNull();
    const ended = seeded.find((s) => s.status === 'canceled')!;
    expect(ended).toMatchObject({
      subscriber: { email: ACCOUNTS.student },
      plan: { slug: 'all-access-yearly' },
      cancel_at_period_end: true,
    });
    expect(ended.ends_at).toBe(ended.current_period_end);
    expect((await getSubscription({ client, path: { subscription_id: running.id } })).data).toEqual(running);
  });

  it('filters by state, plan and person; sorts by period end; pages with next_cursor', async () => {
    const running = seeded.find((s) => s.status === 'active')!;
    expect((await listSubscriptions({ client, query: { status: 'active' } })).data!.data.map((s) => s.id)).toEqual([
      running.id,
    ]);
    const onPlan = await listSubscriptions({ client, query: { plan_id: running.plan.id } });
    expect(onPlan.data!.data.every((s) => s.plan.id === running.plan.id)).toBe(true);
    const theirs = await listSubscriptions({ client, query: { person_id: running.subscriber.id } });
    expect(theirs.data!.data.map((s) => s.subscriber.email)).toEqual([ACCOUNTS.student2]);
    const first = await listSubscriptions({ client, query: { sort: 'current_period_end', limit: 1 } });
    const second = await listSubscriptions({
      client,
      query: { sort: 'current_period_end', limit: 1, cursor: first.data!.next_cursor! },
    });
    expect(first.data!.data[0]!.current_period_end <= second.data!.data[0]!.current_period_end).toBe(true);
    expect(second.data!.data[0]!.id).not.toBe(first.data!.data[0]!.id);
  });

  it('invalid input is 400 with a pointer (OpenAPI response BadRequest)', async () => {
    const badStatus = await listSubscriptions({ client, query: { status: 'paused' as never } });
    expect(badStatus.response.status).toBe(400);
    expect(pointersOf(badStatus.error)).toContain('/query/status');
    const id = seeded[0]!.id;
    const badBody = await cancelSubscription({
      client,
      path: { subscription_id: id },
      body: { at_period_end: 'yes' } as never,
    });
    expect(pointersOf(badBody.error)).toContain('/body/at_period_end');
    const badPlan = await changeSubscriptionPlan({
      client,
      path: { subscription_id: id },
      body: { plan_id: 'monthly' },
    });
    expect(pointersOf(badPlan.error)).toContain('/body/plan_id');
  });

  describe.skipIf(!secondary)('writes, on Second School', () => {
    let other: ReturnType<typeof adminClient>;
    let subscription: Subscription;
    let yearly: string;
    beforeAll(async () => {
      other = adminClient(secondary, await operatorToken(secondary, SCOPES, ACCOUNTS.secondSchoolOwner));
      subscription = (await listSubscriptions({ client: other, query: { status: 'active' } })).data!.data[0]!;
      yearly = (await listMembershipPlans({ client: other, query: { q: 'jahresmitgliedschaft' } })).data!.data[0]!.id;
    });

    it("another school's subscription is 404 to read, cancel and move, and stays as it was (OpenAPI response NotFound)", async () => {
      const read = await getSubscription({ client, path: { subscription_id: subscription.id } });
      expect(read.response.status).toBe(404);
      expect(JSON.stringify(read.error)).not.toContain(subscription.subscriber.email);
      expect((await cancelSubscription({ client, path: { subscription_id: subscription.id } })).response.status).toBe(
        404,
      );
      const daPlan = seeded[0]!.plan.id;
      expect(
        (
          await changeSubscriptionPlan({
            client,
            path: { subscription_id: subscription.id },
            body: { plan_id: daPlan },
          })
        ).response.status,
      ).toBe(404);
      expect((await getSubscription({ client: other, path: { subscription_id: subscription.id } })).data).toEqual(
        subscription,
      );
    });

    it('moves to another active plan, keeping the period; moving again changes nothing (idempotent)', async () => {
      const moved = await changeSubscriptionPlan({
        client: other,
        path: { subscription_id: subscription.id },
        body: { plan_id: yearly },
      });
      expect(moved.response.status).toBe(200);
      expect(moved.data).toMatchObject({
        plan: { id: yearly, slug: 'jahresmitgliedschaft' },
        status: 'active',
        current_period_end: subscription.current_period_end,
      });
      const again = await changeSubscriptionPlan({
        client: other,
        path: { subscription_id: subscription.id },
        body: { plan_id: yearly },
      });
      expect(again.data).toEqual(moved.data);
    });

    it("an archived, unknown or another school's plan is 422 with a pointer to /body/plan_id", async () => {
      const archived = (
        await createMembershipPlan({
          client: other,
          body: { name: `Alt ${unique()}`, price: { amount: 100, currency: 'EUR' }, billing_interval: 'month' },
        })
      ).data!;
      await updateMembershipPlan({
        client: other,
        path: { membership_plan_id: archived.id },
        body: { status: 'archived' },
      });
      for (const planId of [archived.id, '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', seeded[0]!.plan.id]) {
        const response = await changeSubscriptionPlan({
          client: other,
          path: { subscription_id: subscription.id },
          body: { plan_id: planId },
        });
        expect(response.response.status).toBe(422);
        expect(pointersOf(response.error)).toEqual(['/body/plan_id']);
      }
    });

    it('cancels at the period end (still active, ends then), idempotently', async () => {
      const first = await cancelSubscription({
        client: other,
        path: { subscription_id: subscription.id },
        body: { at_period_end: true },
      });
      expect(first.response.status).toBe(200);
      expect(first.data).toMatchObject({
        status: 'active',
        cancel_at_period_end: true,
        ends_at: subscription.current_period_end,
      });
      expect(first.data!.canceled_at).not.toBeNull();
      const again = await cancelSubscription({
        client: other,
        path: { subscription_id: subscription.id },
        body: { at_period_end: true },
      });
      expect(again.data).toEqual(first.data);
    });

    it('cancels now (without a body), idempotently; an ended subscription cannot change plan (422)', async () => {
      const now = await cancelSubscription({ client: other, path: { subscription_id: subscription.id } });
      expect(now.response.status).toBe(200);
      expect(now.data).toMatchObject({ status: 'canceled', cancel_at_period_end: false });
      expect(now.data!.ends_at).toBe(now.data!.canceled_at);
      const again = await cancelSubscription({
        client: other,
        path: { subscription_id: subscription.id },
        body: { at_period_end: true },
      });
      expect(again.data).toEqual(now.data);
      const monthly = subscription.plan.id;
      const refused = await changeSubscriptionPlan({
        client: other,
        path: { subscription_id: subscription.id },
        body: { plan_id: monthly },
      });
      expect(refused.response.status).toBe(422);
    });
  });
});
