// Orders the school records and refunds (scope orders:write). A sale made elsewhere (another
// store, a bank transfer: source `external`, status `paid`) or access granted without payment
// (source `manual`, status `manual`, total 0) is a normal order: it grants what it sells in the same
// transaction (an enrollment per course, a subscription per membership plan) and announces itself
// with order.paid like any other. This service takes no payment and sends none back: a refund
// records money returned by whatever took it (the order's payment_method).
import type { Db } from '../../db/database.ts';
import type { OrderItemType } from '../../db/schema.ts';
import type { PlanRow } from '../../db/repositories/membership-plans.ts';
import { findCourse } from '../../db/repositories/courses.ts';
import { findDigitalProduct } from '../../db/repositories/digital-products.ts';
import { updateEnrollment } from '../../db/repositories/enrollments.ts';
import { findOrder, listOrderItems } from '../../db/repositories/orders.ts';
import * as repo from '../../db/repositories/order-writes.ts';
import { findStudent } from '../../db/repositories/people-lists.ts';
import { requestDigest } from '../../lib/request-digest.ts';
import { Conflict, NotFound, RuleViolation } from '../errors.ts';
import type { Site } from '../school/sites.ts';
import { recordEvent } from '../webhooks/outbox.ts';
import { defaultAccess } from '../enrollments/enrollment-access.ts';
import { grantEnrollment } from '../enrollments/enrollment-grant.ts';
import { nextOrderNumber } from './order-number.ts';
import { toOrder } from './orders.ts';
import { takeBackAccess, type TakenBack } from '../enrollments/refund-access.ts';
import { startSubscription } from './subscription-start.ts';
import { activePlan } from './subscriptions.ts';

export type RecordedItemType = Exclude<OrderItemType, 'event'>;
export type RecordOrderInput = {
  person_id: string;
  items: { item_type: RecordedItemType; item_id: string; unit_amount?: number }[];
  currency?: string;
  source?: 'external' | 'manual';
  discount_amount?: number;
  tax_amount?: number;
  payment_method?: string;
  external_id?: string;
  paid_at?: string;
  grant_access?: boolean;
};
export type RefundInput = { amount?: number; revoke_access?: boolean };

type Sold = {
  type: RecordedItemType;
  id: string;
  title: string;
  price: number;
  currency: string;
  accessDays?: number | null;
  plan?: PlanRow;
};

/** What an item names, priced as the school sells it now; 422 at the item when it cannot be sold. */
async function soldThing(trx: Db, site: Site, item: RecordOrderInput['items'][number], at: string): Promise<Sold> {
  const pointer = `${at}/item_id`;
  const refuse = (detail: string) => new RuleViolation(`The order's item ${detail}.`, [{ pointer, detail }]);
  if (item.item_type === 'course') {
    const course = await findCourse(trx, site.id, item.item_id);
    if (!course) throw refuse('names no course of this school');
    if (course.status === 'archived') throw refuse('names an archived course');
    return {
      type: 'course',
      id: course.id,
      title: course.title,
      price: course.price_amount,
      currency: course.currency,
      accessDays: course.access_days,
    };
  }
  if (item.item_type === 'membership_plan') {
    const plan = await activePlan(trx, site, item.item_id, pointer);
    return {
      type: 'membership_plan',
      id: plan.id,
      title: plan.name,
      price: plan.price_amount,
      currency: plan.currency,
      plan,
    };
  }
  const product = await findDigitalProduct(trx, site.id, item.item_id);
  if (!product) throw refuse('names no digital product of this school');
  if (product.status === 'archived') throw refuse('names an archived digital product');
  return {
    type: 'digital_product',
    id: product.id,
    title: product.name,
    price: product.price_amount,
    currency: product.currency,
  };
}

/** The order's currency: the one given, or the one every item without an amount is priced in. */
function orderCurrency(input: RecordOrderInput, sold: readonly Sold[]): string {
  if (input.currency) return input.currency;
  const currencies = new Set(sold.map((s) => s.currency));
  if (currencies.size > 1)
    throw new RuleViolation(
      "The items are priced in different currencies; name the order's currency and each amount.",
      [{ pointer: '/body/currency', detail: 'is required when the items are priced in different currencies' }],
    );
  return sold[0]!.currency;
}

/** Each item's unit amount: given, 0 in a manual order, or the current price in the order's currency. */
function unitAmounts(input: RecordOrderInput, sold: readonly Sold[], currency: string): number[] {
  return input.items.map((item, i) => {
    const pointer = `/body/items/${i}/unit_amount`;
    if (input.source === 'manual') {
      if (item.unit_amount)
        throw new RuleViolation('A manual order grants access without payment; record a sale as external.', [
          { pointer, detail: 'must be 0 in a manual order' },
        ]);
      return 0;
    }
    if (item.unit_amount !== undefined) return item.unit_amount;
    if (sold[i]!.currency !== currency)
      throw new RuleViolation(
        `The item is priced in ${sold[i]!.currency}, the order is in ${currency}; give its amount.`,
        [{ pointer, detail: `is required: the item is priced in ${sold[i]!.currency}` }],
      );
    return sold[i]!.price;
  });
}

/** What the order sells, granted in the order's transaction: enrollments and subscriptions with their events. */
async function grantAccess(trx: Db, site: Site, personId: string, sold: readonly Sold[], now: Date): Promise<void> {
  for (const thing of sold) {
    if (thing.type === 'course') {
      const access = defaultAccess(thing.accessDays ?? null, now);
      const { created, enrollment } = await grantEnrollment(trx, site, personId, thing.id, access, false);
      // Buying a course again renews access that had ended; access still running is left as it is.
      if (!created && enrollment.status !== 'active')
        await updateEnrollment(trx, site.id, enrollment.id, { ...access, status: 'active' });
    }
    if (thing.type === 'membership_plan') {
      await startSubscription(trx, site, personId, thing.plan!, false);
    }
  }
}

/** Thrown inside a preview's transaction so that nothing it did is kept. */
class RollBack extends Error {}

type Refunded = { order: Awaited<ReturnType<typeof orderIn>>; amount: number; endsAccess: TakenBack };

async function orderIn(trx: Db, site: Site, id: string) {
  const row = await findOrder(trx, site.id, id);
  if (!row) throw new NotFound('No order with that id at this school.');
  return toOrder(row, await listOrderItems(trx, site.id, [row.id]));
}

/** The refund's steps in the caller's transaction: checks, the amount, the access taken back, the event. */
async function refundWithin(trx: Db, site: Site, id: string, input: RefundInput): Promise<Refunded> {
  const order = await repo.lockOrderForRefund(trx, site.id, id);
  if (!order) throw new NotFound('No order with that id at this school.');
  if (order.status !== 'paid')
    throw new RuleViolation(`Only a paid order can be refunded; this one is ${order.status}.`, [
      { pointer: '/path/order_id', detail: `is ${order.status}` },
    ]);
  const left = order.total_amount - order.refunded_amount;
  const amount = input.amount ?? left;
  if (left === 0)
    throw new RuleViolation('Nothing of this order was paid, so nothing can be refunded.', [
      { pointer: '/path/order_id', detail: 'has a total of 0' },
    ]);
  if (amount > left)
    throw new RuleViolation(`At most ${left} of this order can still be refunded.`, [
      { pointer: '/body/amount', detail: `must be at most ${left}` },
    ]);
  await repo.addRefund(trx, site.id, id, amount);
  const endsAccess =
    input.revoke_access === true ? await takeBackAccess(trx, site, order, new Date()) : { plans: [], courses: [] };
  const refunded = await orderIn(trx, site, id);
  await recordEvent(trx, site, 'order.refunded', refunded);
  return { order: refunded, amount, endsAccess };
}

export function createOrderWrites(db: Db) {
  /**
   * The order an external_id names, answered to a retry of the request that recorded it. Any other
   * request with it is 409 external-id-reused, as an idempotency key reused with other parameters
   * is; an order recorded before digests were kept is compared by its buyer.
   */
  async function sameSale(trx: Db, site: Site, recorded: repo.ExternalOrder, input: RecordOrderInput) {
    const same = recorded.request_digest
      ? recorded.request_digest === requestDigest(input)
      : recorded.person_id === input.person_id;
    if (!same)
      throw new Conflict(
        'An order with this external_id was recorded from another request; an external_id names one sale.',
        [{ pointer: '/body/external_id', detail: 'names an order recorded with other fields' }],
        'external-id-reused',
      );
    return orderIn(trx, site, recorded.id);
  }

  return {
    /**
     * OpenAPI createOrder. Recording again with an external_id the school already has answers
     * that order unchanged when the body is the same, so an integration may retry safely; another
     * body is 409 external-id-reused. The unique index orders_external_id decides between
     * concurrent recordings.
     * @returns the order, and whether this call recorded it
     */
    async record(site: Site, input: RecordOrderInput, now = new Date()) {
      return db.transaction().execute(async (trx) => {
        if (input.external_id) {
          const existing = await repo.findOrderByExternalId(trx, site.id, input.external_id);
          if (existing) return { created: false, order: await sameSale(trx, site, existing, input) };
        }
        if (!(await findStudent(trx, site.id, input.person_id)))
          throw new RuleViolation('Orders are recorded for students of this school.', [
            { pointer: '/body/person_id', detail: 'names no student of this school' },
          ]);
        if (input.paid_at && new Date(input.paid_at).getTime() > now.getTime())
          throw new RuleViolation('An order is recorded once paid; paid_at cannot lie in the future.', [
            { pointer: '/body/paid_at', detail: 'is in the future' },
          ]);
        const sold: Sold[] = [];
        for (const [i, item] of input.items.entries()) sold.push(await soldThing(trx, site, item, `/body/items/${i}`));
        const currency = orderCurrency(input, sold);
        const amounts = unitAmounts(input, sold, currency);
        const subtotal = amounts.reduce((sum, amount) => sum + amount, 0);
        const discount = input.discount_amount ?? 0;
        const tax = input.source === 'manual' ? 0 : (input.tax_amount ?? 0);
        if (discount > subtotal)
          throw new RuleViolation('The discount cannot exceed the subtotal.', [
            { pointer: '/body/discount_amount', detail: `must be at most ${subtotal}` },
          ]);
        const manual = input.source === 'manual';
        const id = await repo.insertOrder(trx, {
          site_id: site.id,
          person_id: input.person_id,
          number: nextOrderNumber(site.slug, await repo.lockLatestOrderNumber(trx, site.id)),
          status: manual ? 'manual' : 'paid',
          source: manual ? 'manual' : 'external',
          external_id: input.external_id ?? null,
          request_digest: input.external_id ? requestDigest(input) : null,
          grants_access: input.grant_access !== false,
          currency,
          subtotal_amount: subtotal,
          discount_amount: discount,
          tax_amount: tax,
          total_amount: subtotal - discount + tax,
          payment_method: manual ? null : (input.payment_method ?? null),
          paid_at: input.paid_at ? new Date(input.paid_at) : now,
        });
        // A concurrent recording with the same external_id committed first: answer its order.
        if (id === undefined)
          return {
            created: false,
            order: await sameSale(
              trx,
              site,
              (await repo.findOrderByExternalId(trx, site.id, input.external_id!))!,
              input,
            ),
          };
        await repo.insertOrderItems(
          trx,
          sold.map((thing, i) => ({
            site_id: site.id,
            order_id: id,
            item_type: thing.type,
            item_id: thing.id,
            title: thing.title,
            unit_amount: amounts[i]!,
            total_amount: amounts[i]!,
            position: i,
          })),
        );
        if (input.grant_access !== false) await grantAccess(trx, site, input.person_id, sold, now);
        const order = await orderIn(trx, site, id);
        await recordEvent(trx, site, 'order.paid', order);
        return { created: true, order };
      });
    },

    /**
     * OpenAPI refundOrder: records money paid back (all that is left by default, or `amount`);
     * with revoke_access the buyer also loses what the order granted. Webhook order.refunded.
     */
    async refund(site: Site, id: string, input: RefundInput) {
      return db.transaction().execute(async (trx) => (await refundWithin(trx, site, id, input)).order);
    },

    /**
     * What `refund` would do now, without doing it: the same steps in a transaction that is rolled
     * back, so the admin area's confirmation ("ends access to 2 courses") follows the one rule of
     * refund-access.ts, and a refusal (an amount too large) is known before anyone confirms.
     */
    async previewRefund(site: Site, id: string, input: RefundInput) {
      let preview: Refunded | undefined;
      try {
        await db.transaction().execute(async (trx) => {
          preview = await refundWithin(trx, site, id, input);
          throw new RollBack('preview only');
        });
      } catch (error) {
        if (!(error instanceof RollBack)) throw error;
      }
      return preview!;
    },
  };
}

export type OrderWrites = ReturnType<typeof createOrderWrites>;
