// Membership plans through the generated client (OpenAPI tag Membership
// plans: price, interval + count, trial days, active, visible, included courses). Tests make
// their own plans; the seeded ones are only read (and refused deletion, having subscriptions).
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createMembershipPlan,
  deleteMembershipPlan,
  getMembershipPlan,
  listCourses,
  listMembershipPlans,
  updateMembershipPlan,
} from '../../generated/openapi/client/sdk.gen.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { operatorToken } from '../support/tokens.ts';
import { allPages, pointersOf, unique } from './commerce-fixtures.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const price = { amount: 1500, currency: 'USD' };

describe('membership plans (membership_plans:read, membership_plans:write; OpenAPI tag Membership plans)', () => {
  let client: ReturnType<typeof adminClient>;
  let courseIds: string[];
  beforeAll(async () => {
    client = adminClient(
      origin,
      await operatorToken(origin, 'membership_plans:read membership_plans:write courses:read'),
    );
    courseIds = (await listCourses({ client, query: { status: 'published', limit: 3 } })).data!.data.map((c) => c.id);
  });

  it('creates an active plan with a derived slug, interval, trial and included courses by title', async () => {
    const name = `Quarterly Club ${unique()}`;
    const { data, response } = await createMembershipPlan({
      client,
      body: {
        name,
        price,
        billing_interval: 'month',
        interval_count: 3,
        trial_days: 14,
        course_ids: courseIds.slice(0, 2),
      },
    });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({
      name,
      status: 'active',
      visible: true,
      price,
      billing_interval: 'month',
      interval_count: 3,
      trial_days: 14,
      description: null,
    });
    expect(data!.slug).toMatch(/^quarterly-club-[a-z0-9]+$/);
    expect(data!.courses.map((c) => c.id).sort()).toEqual(courseIds.slice(0, 2).sort());
    const titles = data!.courses.map((c) => c.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await getMembershipPlan({ client, path: { membership_plan_id: data!.id } })).data).toEqual(data);
  });

  it('lists the seeded plans with their courses; filters by state, visibility and text; sorts by name', async () => {
    const all = await allPages((cursor) =>
      listMembershipPlans({ client, query: { limit: 2, ...(cursor ? { cursor } : {}) } }),
    );
    const monthly = all.find((p) => p.slug === 'all-access-monthly')!;
    expect(monthly).toMatchObject({
      price: { amount: 2900, currency: 'USD' },
      billing_interval: 'month',
      trial_days: 7,
    });
    expect(monthly.courses).toHaveLength(3);
    const found = await listMembershipPlans({ client, query: { q: 'ALL-ACCESS' } });
    expect(found.data!.data.map((p) => p.slug).sort()).toEqual(['all-access-monthly', 'all-access-yearly']);
    const archived = await listMembershipPlans({ client, query: { status: 'archived', limit: 100 } });
    expect(archived.data!.data.every((p) => p.status === 'archived')).toBe(true);
    const hidden = await listMembershipPlans({ client, query: { visible: false, limit: 100 } });
    expect(hidden.data!.data.every((p) => !p.visible)).toBe(true);
    const byName = await allPages((cursor) =>
      listMembershipPlans({ client, query: { sort: 'name', limit: 2, ...(cursor ? { cursor } : {}) } }),
    );
    expect(byName).toHaveLength(all.length);
    const names = byName.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('updates fields, replaces the course set, archives and hides (PATCH, fields left out stay)', async () => {
    const plan = (
      await createMembershipPlan({
        client,
        body: { name: `Patch ${unique()}`, price, billing_interval: 'year', course_ids: courseIds },
      })
    ).data!;
    const changed = await updateMembershipPlan({
      client,
      path: { membership_plan_id: plan.id },
      body: { price: { amount: 9900, currency: 'USD' }, course_ids: courseIds.slice(0, 1) },
    });
    expect(changed.response.status).toBe(200);
    expect(changed.data).toMatchObject({ name: plan.name, billing_interval: 'year', price: { amount: 9900 } });
    expect(changed.data!.courses.map((c) => c.id)).toEqual(courseIds.slice(0, 1));
    const emptied = await updateMembershipPlan({
      client,
      path: { membership_plan_id: plan.id },
      body: { course_ids: [] },
    });
    expect(emptied.data!.courses).toEqual([]);
    const archived = await updateMembershipPlan({
      client,
      path: { membership_plan_id: plan.id },
      body: { status: 'archived', visible: false },
    });
    expect(archived.data).toMatchObject({ status: 'archived', visible: false, price: { amount: 9900 } });
  });

  it('a duplicate slug is 409 with a pointer to /body/slug', async () => {
    const slug = `twin-plan-${unique()}`;
    expect(
      (await createMembershipPlan({ client, body: { name: 'Twin', slug, price, billing_interval: 'month' } })).response
        .status,
    ).toBe(201);
    const again = await createMembershipPlan({
      client,
      body: { name: 'Twin', slug, price, billing_interval: 'month' },
    });
    expect(again.response.status).toBe(409);
    expect(pointersOf(again.error)).toEqual(['/body/slug']);
  });

  it('an unknown course id is 422 with a pointer to its index, and nothing is created', async () => {
    const name = `Unknown courses ${unique()}`;
    const unknown = '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const response = await createMembershipPlan({
      client,
      body: { name, price, billing_interval: 'month', course_ids: [courseIds[0]!, unknown] },
    });
    expect(response.response.status).toBe(422);
    expect(pointersOf(response.error)).toEqual(['/body/course_ids/1']);
    expect((await listMembershipPlans({ client, query: { q: name } })).data!.data).toEqual([]);
  });

  it('deletes a plan without subscriptions (204, then 404); one with subscriptions is 409 (archive instead)', async () => {
    const plan = (
      await createMembershipPlan({
        client,
        body: { name: `Short-lived ${unique()}`, price, billing_interval: 'week', course_ids: courseIds },
      })
    ).data!;
    expect((await deleteMembershipPlan({ client, path: { membership_plan_id: plan.id } })).response.status).toBe(204);
    expect((await getMembershipPlan({ client, path: { membership_plan_id: plan.id } })).response.status).toBe(404);
    const seeded = (await listMembershipPlans({ client, query: { q: 'all-access-monthly' } })).data!.data[0]!;
    const refused = await deleteMembershipPlan({ client, path: { membership_plan_id: seeded.id } });
    expect(refused.response.status).toBe(409);
    expect((await getMembershipPlan({ client, path: { membership_plan_id: seeded.id } })).response.status).toBe(200);
  });

  it('invalid input is 400 with pointers to the fields (OpenAPI response BadRequest)', async () => {
    const valid = { name: 'Valid', price, billing_interval: 'month' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, '/body/name'],
      [{ billing_interval: 'fortnight' }, '/body/billing_interval'],
      [{ interval_count: 0 }, '/body/interval_count'],
      [{ price: { amount: 100, currency: 'usd' } }, '/body/price/currency'],
      [{ course_ids: ['not-a-uuid'] }, '/body/course_ids/0'],
      [{ colour: 'blue' }, '/body/colour'],
    ];
    for (const [change, pointer] of cases) {
      const response = await createMembershipPlan({ client, body: { ...valid, ...change } as never });
      expect(response.response.status, pointer).toBe(400);
      expect(pointersOf(response.error)).toContain(pointer);
    }
    const empty = await updateMembershipPlan({ client, path: { membership_plan_id: courseIds[0]! }, body: {} });
    expect(empty.response.status).toBe(400);
  });

  it.skipIf(!secondary)(
    "another school's plan is 404 to read, change and delete; its courses are 422 here (OpenAPI responses NotFound, UnprocessableEntity)",
    async () => {
      const other = adminClient(
        secondary,
        await operatorToken(secondary, 'membership_plans:read courses:read', ACCOUNTS.secondSchoolOwner),
      );
      const theirs = (await listMembershipPlans({ client: other, query: { limit: 1 } })).data!.data[0]!;
      const read = await getMembershipPlan({ client, path: { membership_plan_id: theirs.id } });
      expect(read.response.status).toBe(404);
      expect(JSON.stringify(read.error)).not.toContain(theirs.name);
      expect(
        (await updateMembershipPlan({ client, path: { membership_plan_id: theirs.id }, body: { visible: false } }))
          .response.status,
      ).toBe(404);
      expect((await deleteMembershipPlan({ client, path: { membership_plan_id: theirs.id } })).response.status).toBe(
        404,
      );
      expect((await getMembershipPlan({ client: other, path: { membership_plan_id: theirs.id } })).data).toMatchObject({
        visible: theirs.visible,
      });
      const theirCourse = (await listCourses({ client: other, query: { limit: 1 } })).data!.data[0]!;
      const mixed = await createMembershipPlan({
        client,
        body: { name: `Mixed ${unique()}`, price, billing_interval: 'month', course_ids: [theirCourse.id] },
      });
      expect(mixed.response.status).toBe(422);
      expect(pointersOf(mixed.error)).toEqual(['/body/course_ids/0']);
    },
  );
});
