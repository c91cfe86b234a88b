// SQL for a member's own orders at one school. A page of orders is one statement, its items one
// more for the whole page (never one per order); every statement is filtered by site and person.
import type { Db } from '../database.ts';
import type { OrderItemType, OrderStatus } from '../schema.ts';
import { columnKey, keyset, timeText, type KeysetPage } from '../pagination/keyset.ts';

export type AccountOrderRow = {
  id: string;
  number: string;
  status: OrderStatus;
  currency: string;
  subtotal_amount: number;
  discount_amount: number;
  tax_amount: number;
  total_amount: number;
  coupon_code: string | null;
  created_at: Date;
  paid_at: Date | null;
  sort_key: string;
};

export type AccountOrderItemRow = {
  order_id: string;
  item_type: OrderItemType;
  title: string;
  quantity: number;
  unit_amount: number;
  total_amount: number;
};

/** What the member's list of orders and a receipt both show of an order. */
const ORDER_COLUMNS = [
  'o.id',
  'o.number',
  'o.status',
  'o.currency',
  'o.subtotal_amount',
  'o.discount_amount',
  'o.tax_amount',
  'o.total_amount',
  'o.coupon_code',
  'o.created_at',
  'o.paid_at',
] as const;

/** Newest first (the SDL's order), `limit` rows between the keys, from the end when paging backward. */
export async function listOrders(
  db: Db,
  siteId: string,
  personId: string,
  page: KeysetPage,
): Promise<AccountOrderRow[]> {
  let query = db
    .selectFrom('orders as o')
    .select([...ORDER_COLUMNS, timeText('o.created_at').as('sort_key')])
    .where('o.site_id', '=', siteId)
    .where('o.person_id', '=', personId);
  const keyed = keyset(columnKey('o.created_at', 'time'), 'o.id', page);
  if (keyed.after) query = query.where(keyed.after);
  if (keyed.before) query = query.where(keyed.before);
  return query
    .orderBy(keyed.orderBy)
    .limit(page.limit + 1)
    .execute();
}

export async function countOrders(db: Db, siteId: string, personId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('site_id', '=', siteId)
    .where('person_id', '=', personId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The items of the given orders, in the order they were added; joined to orders for the person. */
export async function listOrderItems(
  db: Db,
  siteId: string,
  personId: string,
  orderIds: readonly string[],
): Promise<AccountOrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', (join) => join.onRef('o.id', '=', 'i.order_id').onRef('o.site_id', '=', 'i.site_id'))
    .select(['i.order_id', 'i.item_type', 'i.title', 'i.quantity', 'i.unit_amount', 'i.total_amount'])
    .where('o.site_id', '=', siteId)
    .where('o.person_id', '=', personId)
    .where('i.order_id', 'in', orderIds)
    .orderBy('i.order_id')
    .orderBy('i.created_at')
    .orderBy('i.id')
    .execute();
}

export type AccountReceiptRow = Omit<AccountOrderRow, 'sort_key'> & {
  payment_method: string | null;
  refunded_amount: number;
  refunded_at: Date | null;
};

/** One of the member's orders with what its receipt shows; another person's order is not found. */
export async function findOrder(
  db: Db,
  siteId: string,
  personId: string,
  orderId: string,
): Promise<AccountReceiptRow | undefined> {
  return db
    .selectFrom('orders as o')
    .select([...ORDER_COLUMNS, 'o.payment_method', 'o.refunded_amount', 'o.refunded_at'])
    .where('o.site_id', '=', siteId)
    .where('o.person_id', '=', personId)
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}
