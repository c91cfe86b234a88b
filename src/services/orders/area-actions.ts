// "Orders" in the admin area: the admin API's order rules (orders.ts reads, order-writes.ts records
// and refunds, the very functions its handlers call), for a person signed in to the area. Added
// here only what a page needs besides: what the school sells to choose from, and the person as the
// audit actor of each change.
import type { AdminServices } from '../admin-services.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { recordChange, type Actor } from '../audit/actor.ts';
import type { Site } from '../school/sites.ts';
import type { OrderListQuery } from './orders.ts';
import type { RecordOrderInput, RefundInput } from './order-writes.ts';

/** The most of each kind of thing the order form offers. */
const OFFERED = 100;

type OrderServices = Pick<AdminServices, 'orders' | 'courses' | 'membershipPlans' | 'digitalProducts'>;

export function createOrderAreaActions(audit: AuditLog, admin: OrderServices) {
  const { orders } = admin;
  return {
    list: (site: Site, query: OrderListQuery) => orders.list(site, query),
    get: (site: Site, id: string) => orders.get(site, id),
    previewRefund: (site: Site, id: string, input: RefundInput) => orders.previewRefund(site, id, input),

    /** What an order may sell (order-writes.ts refuses archived things): courses, plans, products. */
    async sellable(site: Site) {
      const [courses, plans, products] = await Promise.all([
        admin.courses.list(site, { limit: OFFERED, sort: 'title' }),
        admin.membershipPlans.list(site, { limit: OFFERED }),
        admin.digitalProducts.list(site, { limit: OFFERED }),
      ]);
      return {
        course: courses.data
          .filter((c) => c.status !== 'archived')
          .map((c) => ({ id: c.id, title: c.title, price: c.price })),
        membership_plan: plans.data
          .filter((p) => p.status !== 'archived')
          .map((p) => ({ id: p.id, title: p.name, price: p.price })),
        digital_product: products.data
          .filter((p) => p.status !== 'archived')
          .map((p) => ({ id: p.id, title: p.name, price: p.price })),
      };
    },

    async record(site: Site, actor: Actor, input: RecordOrderInput) {
      const result = await orders.record(site, input);
      await recordChange(audit, actor, {
        action: 'order.recorded',
        targetType: 'order',
        targetId: result.order.id,
        details: { number: result.order.number, source: result.order.source },
      });
      return result;
    },

    async refund(site: Site, actor: Actor, id: string, input: RefundInput) {
      const order = await orders.refund(site, id, input);
      await recordChange(audit, actor, {
        action: 'order.refunded',
        targetType: 'order',
        targetId: id,
        details: { number: order.number, revoke_access: input.revoke_access === true },
      });
      return order;
    },
  };
}

export type OrderAreaActions = ReturnType<typeof createOrderAreaActions>;
