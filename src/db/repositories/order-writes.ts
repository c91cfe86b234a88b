// SQL for orders the school records (an external sale or a manual grant) and for refunds. Every
// statement is scoped by site_id, like the reads in orders.ts.
import { sql, type Insertable } from 'kysely';
import type { Db } from '../database.ts';
import type { OrderItemsTable, OrdersTable } from '../schema.ts';

/** The newest number of the form PREFIX-N at the school, under a per-school lock held to commit. */
export async function lockLatestOrderNumber(trx: Db, siteId: string): Promise<string | undefined> {
  // Numbers are PREFIX-N with N one more than the newest: two recordings at once would pick the
  // same N, so they take turns per school (a transaction lock, released at commit or rollback).
  await sql`select pg_advisory_xact_lock(hashtextextended(${`order-number:${siteId}`}::text, 0))`.execute(trx);
  const row = await trx
    .selectFrom('orders')
    .select('number')
    .where('site_id', '=', siteId)
    .where('number', '~', '^[A-Z0-9]+-[0-9]+$')
    .orderBy(sql`length(number)`, 'desc')
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.number;
}

/** @returns the new order's id, or undefined when the school already has an order with its external_id */
export async function insertOrder(trx: Db, order: Insertable<OrdersTable>): Promise<string | undefined> {
  const row = await trx
    .insertInto('orders')
    .values(order)
    .onConflict((oc) => oc.columns(['site_id', 'external_id']).where('external_id', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function insertOrderItems(trx: Db, items: readonly Insertable<OrderItemsTable>[]): Promise<void> {
  if (items.length > 0) await trx.insertInto('order_items').values(items).execute();
}

export type ExternalOrder = { id: string; person_id: string; request_digest: string | null };

export async function findOrderByExternalId(
  trx: Db,
  siteId: string,
  externalId: string,
): Promise<ExternalOrder | undefined> {
  return trx
    .selectFrom('orders')
    .select(['id', 'person_id', 'request_digest'])
    .where('site_id', '=', siteId)
    .where('external_id', '=', externalId)
    .executeTakeFirst();
}

/** The order's money, locked until commit: two refunds of one order take turns. */
export async function lockOrderForRefund(trx: Db, siteId: string, id: string) {
  return trx
    .selectFrom('orders')
    .select(['id', 'status', 'total_amount', 'refunded_amount', 'person_id'])
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Adds `amount` to what was paid back; the order is refunded once all of its total is. */
export async function addRefund(trx: Db, siteId: string, id: string, amount: number): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      refunded_amount: sql`refunded_amount + ${amount}`,
      status: sql`case when refunded_amount + ${amount} = total_amount then 'refunded' else status end`,
      refunded_at: sql`now()`,
    })
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .execute();
}
