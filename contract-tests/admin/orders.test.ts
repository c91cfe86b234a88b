// Orders through the generated client (OpenAPI tag Orders: list with
// state, date range and buyer filters, get with items, coupon and totals). Orders are read-only,
// so the tests read the demo data: Demo Academy's DA-10001 to DA-10005.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { getOrder, listOrders } from '../../generated/openapi/client/sdk.gen.ts';
import type { ListOrdersResponse } from '../../generated/openapi/client/types.gen.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { adminClient } from '../support/admin-client.ts';
import { operatorToken } from '../support/tokens.ts';
import { allPages, pointersOf } from './commerce-fixtures.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');

describe('orders (orders:read; OpenAPI tag Orders)', () => {
  let client: ReturnType<typeof adminClient>;
  let orders: ListOrdersResponse['data'];
  const byNumber = (number: string) => orders.find((o) => o.number === number)!;
  beforeAll(async () => {
    client = adminClient(origin, await operatorToken(origin, 'orders:read'));
    orders = await allPages((cursor) => listOrders({ client, query: { limit: 2, ...(cursor ? { cursor } : {}) } }));
  });

  it('lists every order newest first over keyset pages, each with its items (OpenAPI parameter Cursor: next_cursor)', () => {
    expect(orders.map((o) => o.number)).toEqual(['DA-10005', 'DA-10004', 'DA-10003', 'DA-10002', 'DA-10001']);
    expect(orders.every((o) => o.items.length > 0)).toBe(true);
  });

  it('gets an order with its items, coupon code and totals in minor units (OpenAPI getOrder)', async () => {
    const { data, response } = await getOrder({ client, path: { order_id: byNumber('DA-10002').id } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({
      number: 'DA-10002',
      status: 'paid',
      customer: { email: ACCOUNTS.student },
      currency: 'USD',
      subtotal: { amount: 2400, currency: 'USD' },
      discount: { amount: 500, currency: 'USD' },
      tax: { amount: 0, currency: 'USD' },
      total: { amount: 1900, currency: 'USD' },
      refunded: { amount: 0, currency: 'USD' },
      coupon_code: 'SAVE5',
      payment_method: 'card',
      refunded_at: null,
    });
    expect(data!.paid_at).toMatch(/Z$/);
    expect(data!.items.map((i) => [i.item_type, i.unit_price.amount, i.quantity])).toEqual(
      expect.arrayContaining([
        ['event', 1500, 1],
        ['digital_product', 900, 1],
      ]),
    );
  });

  it('filters by payment state: a refunded order carries refunded amount and time', async () => {
    const { data } = await listOrders({ client, query: { status: 'refunded' } });
    expect(data!.data.map((o) => o.number)).toEqual(['DA-10004']);
    expect(data!.data[0]).toMatchObject({ refunded: { amount: 7900 }, total: { amount: 7900 } });
    expect(data!.data[0]!.refunded_at).not.toBeNull();
  });

  it('filters by buyer (person_id, or part of the e-mail in any case) and by creation time', async () => {
    const student1 = byNumber('DA-10001').customer.id;
    const mine = await listOrders({ client, query: { person_id: student1 } });
    expect(mine.data!.data.map((o) => o.number)).toEqual(['DA-10003', 'DA-10002', 'DA-10001']);
    const byEmail = await listOrders({ client, query: { email: 'STUDENT2@DEMO' } });
    expect(byEmail.data!.data.map((o) => o.number)).toEqual(['DA-10005', 'DA-10004']);
    const since = byNumber('DA-10003').created_at;
    const recent = await listOrders({ client, query: { created_after: since } });
    expect(recent.data!.data.map((o) => o.number)).toEqual(['DA-10005', 'DA-10004', 'DA-10003']);
    const older = await listOrders({ client, query: { created_before: since, sort: 'created_at' } });
    expect(older.data!.data.map((o) => o.number)).toEqual(['DA-10001', 'DA-10002']);
  });

  it('sorts by total both ways, across pages without repeats', async () => {
    const largest = await allPages((cursor) =>
      listOrders({ client, query: { sort: '-total', limit: 2, ...(cursor ? { cursor } : {}) } }),
    );
    const totals = largest.map((o) => o.total.amount);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(new Set(largest.map((o) => o.id)).size).toBe(orders.length);
    const smallest = await listOrders({ client, query: { sort: 'total', limit: 100 } });
    expect(smallest.data!.data.map((o) => o.id)).toEqual(largest.map((o) => o.id).reverse());
  });

  it('invalid filters and cursors (forged, or of another sort) are 400 with a pointer (OpenAPI response BadRequest)', async () => {
    const badStatus = await listOrders({ client, query: { status: 'settled' as never } });
    expect(badStatus.response.status).toBe(400);
    expect(pointersOf(badStatus.error)).toContain('/query/status');
    const badTime = await listOrders({ client, query: { created_after: 'yesterday' } });
    expect(pointersOf(badTime.error)).toContain('/query/created_after');
    const badCursor = await listOrders({ client, query: { cursor: 'not-a-cursor' } });
    expect(badCursor.response.status).toBe(400);
    expect(pointersOf(badCursor.error)).toContain('/query/cursor');
    const byTotal = await listOrders({ client, query: { sort: '-total', limit: 1 } });
    const otherSort = await listOrders({ client, query: { sort: '-created_at', cursor: byTotal.data!.next_cursor! } });
    expect(otherSort.response.status).toBe(400);
    expect(pointersOf(otherSort.error)).toContain('/query/cursor');
    const badId = await getOrder({ client, path: { order_id: 'DA-10001' } });
    expect(badId.response.status).toBe(400);
    expect(pointersOf(badId.error)).toContain('/path/order_id');
  });

  it.skipIf(!secondary)("another school's order is 404 and never listed (OpenAPI response NotFound)", async () => {
    const other = adminClient(secondary, await operatorToken(secondary, 'orders:read', ACCOUNTS.secondSchoolOwner));
    const theirs = (await listOrders({ client: other, query: { limit: 1 } })).data!.data[0]!;
    const response = await getOrder({ client, path: { order_id: theirs.id } });
    expect(response.response.status).toBe(404);
    expect(JSON.stringify(response.error)).not.toContain(theirs.number);
    expect(orders.map((o) => o.id)).not.toContain(theirs.id);
  });
});
