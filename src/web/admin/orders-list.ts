// "Orders": the school's orders, newest first, filtered by status and paged with the admin API's
// own cursors (OpenAPI listOrders), and an order's page with its items, totals and refunds (getOrder).
import { badQueryPage, foundOr, mayUse, requireScope, rowId } from './page-guards.ts';
import { ORDER_PURPOSES, ORDER_STATUSES } from './order-forms.ts';
import type { AdminPageDeps } from './types.ts';

const PER_PAGE = 25;
export const NO_ORDER = 'adminOrders.error.noSuchOrder';

export function mountOrdersList({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/orders',
    area.page(async (call) => {
      requireScope(call, 'orders:read');
      const status = ORDER_STATUSES.find((s) => s === call.query.status);
      const cursor = typeof call.query.cursor === 'string' && call.query.cursor ? call.query.cursor : undefined;
      let list;
      try {
        list = await admin.orders.list(call.ctx.site, { status, cursor, limit: PER_PAGE });
      } catch (error) {
        return badQueryPage(call, 'adminOrders.title', error);
      }
      return call.page('./admin/orders', {
        titleKey: 'adminOrders.title',
        current: '/admin/orders',
        status: status ?? '',
        statuses: ORDER_STATUSES,
        orders: list.data,
        next: list.next_cursor,
        isFirstPage: !cursor,
        canWrite: mayUse(call, 'orders:write'),
      });
    }),
  );

  router.get(
    '/orders/:id',
    area.page(async (call) => {
      requireScope(call, 'orders:read');
      const id = rowId(call.params.id, NO_ORDER);
      const order = await foundOr(NO_ORDER, () => admin.orders.get(call.ctx.site, id));
      return call.page('./admin/order', {
        titleKey: 'adminOrders.order.title',
        titleVars: { number: order.number },
        current: '/admin/orders',
        order,
        left: { amount: order.total.amount - order.refunded.amount, currency: order.currency },
        canRefund:
          mayUse(call, 'orders:write') && order.status === 'paid' && order.total.amount > order.refunded.amount,
        csrfToken: call.csrf(ORDER_PURPOSES.refund),
        errors: {},
        form: { amount: '', revoke_access: false },
      });
    }),
  );
}
