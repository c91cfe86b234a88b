// SQL for the admin API's orders (read-only). Every statement is scoped by site_id: another
// school's order is as absent as one that never existed (OpenAPI response NotFound: 404, never its data).
import { sql, type Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { OrderItemsTable, OrderStatus, OrdersTable } from '../schema.ts';
import type { Keyset } from '../pagination/cursor.ts';
import { columnKey, keyset, timeText, type SortKey, type SortSpec } from '../pagination/keyset.ts';
import { likePattern } from './sql-helpers.ts';

export type OrderRow = Selectable<OrdersTable> & {
  customer_email: string;
  customer_name: string | null;
  created_at_exact: string;
};
export type OrderItemRow = Selectable<OrderItemsTable>;

export type OrderQuery = {
  limit: number;
  after: Keyset | null;
  sort: SortSpec;
  status?: OrderStatus | undefined;
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
  personId?: string | undefined;
  email?: string | undefined;
};

const SORT_KEYS: Record<string, SortKey> = {
  created_at: columnKey('o.created_at', 'time'),
  total: { expression: sql`o.total_amount`, kind: 'integer' },
};

export function orderSortKey(column: string): SortKey {
  return SORT_KEYS[column] ?? columnKey('o.created_at', 'time');
}

function selectOrders(db: Db, siteId: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('people as p', 'p.id', 'o.person_id')
    .selectAll('o')
    .select(['p.email as customer_email', 'p.name as customer_name', timeText('o.created_at').as('created_at_exact')])
    .where('o.site_id', '=', siteId);
}

export async function listOrders(db: Db, siteId: string, query: OrderQuery): Promise<OrderRow[]> {
  const key = orderSortKey(query.sort.column);
  let q = selectOrders(db, siteId);
  if (query.status) q = q.where('o.status', '=', query.status);
  if (query.createdAfter) q = q.where('o.created_at', '>=', new Date(query.createdAfter));
  if (query.createdBefore) q = q.where('o.created_at', '<', new Date(query.createdBefore));
  if (query.personId) q = q.where('o.person_id', '=', query.personId);
  if (query.email) q = q.where('p.email', 'ilike', likePattern(query.email));
  const page = keyset(key, 'o.id', query);
  if (page.after) q = q.where(page.after);
  return q
    .orderBy(page.orderBy)
    .limit(query.limit + 1)
    .execute();
}

export async function findOrder(db: Db, siteId: string, id: string): Promise<OrderRow | undefined> {
  return selectOrders(db, siteId).where('o.id', '=', id).executeTakeFirst();
}

/** The items of several orders in one statement (a page costs two queries, not one per order). */
export async function listOrderItems(db: Db, siteId: string, orderIds: readonly string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('order_id', 'in', orderIds)
    .orderBy('created_at')
    .orderBy('position')
    .orderBy('id')
    .execute();
}
