// Reading the admin API's orders (OpenAPI tag Orders), each order with its items, coupon code and
// totals as money in the order's currency (minor units). Recording and refunds: order-writes.ts.
import type { Db } from '../../db/database.ts';
import type { OrderStatus } from '../../db/schema.ts';
import * as repo from '../../db/repositories/orders.ts';
import type { OrderItemRow, OrderRow } from '../../db/repositories/orders.ts';
import { NotFound } from '../errors.ts';
import { listWindow, pageOf } from '../list-window.ts';
import { checkCreatedRange } from '../created-range.ts';
import { toIso } from '../../lib/time.ts';
import type { Site } from '../school/sites.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

export type OrderListQuery = {
  limit?: number;
  cursor?: string;
  status?: OrderStatus;
  created_after?: string;
  created_before?: string;
  person_id?: string;
  email?: string;
  sort?: string;
};

function toOrderItem(item: OrderItemRow, currency: string) {
  return {
    id: item.id,
    item_type: item.item_type,
    item_id: item.item_id,
    title: item.title,
    quantity: item.quantity,
    unit_price: { amount: item.unit_amount, currency },
    total: { amount: item.total_amount, currency },
  };
}

export function toOrder(row: OrderRow, items: readonly OrderItemRow[]) {
  const money = (amount: number) => ({ amount, currency: row.currency });
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    customer: { id: row.person_id, email: row.customer_email, name: row.customer_name },
    currency: row.currency,
    subtotal: money(row.subtotal_amount),
    discount: money(row.discount_amount),
    tax: money(row.tax_amount),
    total: money(row.total_amount),
    refunded: money(row.refunded_amount),
    coupon_code: row.coupon_code,
    payment_method: row.payment_method,
    source: row.source,
    external_id: row.external_id,
    items: items.map((item) => toOrderItem(item, row.currency)),
    paid_at: toIso(row.paid_at),
    refunded_at: toIso(row.refunded_at),
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

function groupByOrder(items: readonly OrderItemRow[]): Map<string, OrderItemRow[]> {
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), item]);
  return byOrder;
}

export function createOrderAdmin(db: Db, cursors: CursorCodec) {
  return {
    async list(site: Site, query: OrderListQuery) {
      checkCreatedRange(query);
      const window = listWindow(cursors, 'orders', query, { created_at: 'time', total: 'integer' }, '-created_at');
      const { limit, sort } = window;
      const rows = await repo.listOrders(db, site.id, {
        ...window,
        status: query.status,
        createdAfter: query.created_after,
        createdBefore: query.created_before,
        personId: query.person_id,
        email: query.email,
      });
      const items = groupByOrder(
        await repo.listOrderItems(
          db,
          site.id,
          rows.slice(0, limit).map((row) => row.id),
        ),
      );
      const sortValue = (row: OrderRow) => (sort.column === 'total' ? row.total_amount : row.created_at_exact);
      return pageOf(rows, window, sortValue, (row) => toOrder(row, items.get(row.id) ?? []));
    },
    async get(site: Site, id: string) {
      const row = await repo.findOrder(db, site.id, id);
      if (!row) throw new NotFound('No order with that id at this school.');
      return toOrder(row, await repo.listOrderItems(db, site.id, [row.id]));
    },
  };
}

export type OrderAdmin = ReturnType<typeof createOrderAdmin>;
