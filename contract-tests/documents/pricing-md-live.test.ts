// /pricing.md is drawn from the database (its rule: this school's published courses,
// membership plans and digital products with prices, drawn from the database): the demo's plans
// and product with their prices, and changes made through the admin API (a new plan, the same
// plan hidden, a draft product) showing on the next request. Arranged with the generated client.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createDigitalProduct,
  createMembershipPlan,
  deleteDigitalProduct,
  deleteMembershipPlan,
  updateMembershipPlan,
} from '../../generated/openapi/client/sdk.gen.ts';
import { adminClient } from '../support/admin-client.ts';
import { operatorToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');
const pricing = async () => (await fetch(`${origin}/pricing.md`)).text();
/** The rows of one `## ` section. */
const section = (text: string, title: string) => (text.split(`## ${title}\n`)[1] ?? '').split('\n## ')[0]!;

describe('/pricing.md, drawn from the database (a change shows at once)', () => {
  let client: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    client = adminClient(
      origin,
      await operatorToken(
        origin,
        'membership_plans:read membership_plans:write digital_products:read digital_products:write',
      ),
    );
  });

  it("lists the demo's membership plans with price, billing and trial, and its digital product with its price", async () => {
    const text = await pricing();
    expect(section(text, 'Membership plans')).toMatch(
      /^\| All-Access Monthly \| 29\.00 USD \| every month \| 7 days \| \d+ \|$/m,
    );
    expect(section(text, 'Membership plans')).toMatch(
      /^\| All-Access Yearly \| 290\.00 USD \| every year \| none \| \d+ \|$/m,
    );
    expect(section(text, 'Digital products')).toMatch(/^\| Web Developer Cheat Sheets \| 9\.00 USD \|$/m);
  });

  it('a plan created through the admin API appears with its price; hidden, it is gone; a draft product never shows', async () => {
    const name = `Pricing Probe ${randomUUID().slice(0, 8)}`;
    const plan = await createMembershipPlan({
      client,
      body: {
        name,
        price: { amount: 1234, currency: 'USD' },
        billing_interval: 'month',
        interval_count: 3,
        trial_days: 14,
      },
    });
    expect(plan.response.status).toBe(201);
    const product = await createDigitalProduct({ client, body: { name: `${name} Draft Product` } });
    expect(product.response.status).toBe(201);
    try {
      const shown = await pricing();
      expect(section(shown, 'Membership plans')).toContain(`| ${name} | 12.34 USD | every 3 months | 14 days | 0 |`);
      expect(shown).not.toContain(`${name} Draft Product`);

      expect(
        (await updateMembershipPlan({ client, path: { membership_plan_id: plan.data!.id }, body: { visible: false } }))
          .response.status,
      ).toBe(200);
      expect(await pricing()).not.toContain(name);
    } finally {
      await deleteMembershipPlan({ client, path: { membership_plan_id: plan.data!.id } });
      await deleteDigitalProduct({ client, path: { digital_product_id: product.data!.id } });
    }
  });
});
