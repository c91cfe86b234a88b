// What a school sells and what was bought: a digital product with its file, coupons, and orders
// whose totals are computed here the way checkout computes them.
import { createHash } from 'node:crypto';
import type { OrderItemType } from '../schema.ts';
import { sanitizeSchoolHtml } from '../../lib/rich-text.ts';
import type { SeededCourse } from './demo-catalog.ts';
import { seedMemberships } from './demo-memberships.ts';
import {
  daysFromNow,
  lookup,
  type OrderItemRef,
  type SchoolContext,
  type SchoolSeed,
  type Sellable,
} from './demo-types.ts';

const MINUTE_MS = 60_000;

interface Catalogue {
  courses: ReadonlyMap<string, SeededCourse>;
  plans: ReadonlyMap<string, Sellable>;
  events: ReadonlyMap<string, Sellable>;
  products: ReadonlyMap<string, Sellable>;
}

function resolveItem(ref: OrderItemRef, catalogue: Catalogue): Sellable & { type: OrderItemType } {
  if ('course' in ref) return { type: 'course', ...lookup(catalogue.courses, ref.course, 'course') };
  if ('plan' in ref) return { type: 'membership_plan', ...lookup(catalogue.plans, ref.plan, 'plan') };
  if ('event' in ref) return { type: 'event', ...lookup(catalogue.events, ref.event, 'event') };
  return { type: 'digital_product', ...lookup(catalogue.products, ref.product, 'product') };
}

async function seedProducts(ctx: SchoolContext, school: SchoolSeed): Promise<Map<string, Sellable>> {
  const products = new Map<string, Sellable>();
  for (const product of school.products) {
    // The demo has file metadata only, no stored bytes; the digest stands in for the file's.
    const file = await ctx.db
      .insertInto('stored_files')
      .values({
        site_id: ctx.siteId,
        filename: product.file.filename,
        content_type: product.file.contentType,
        size_bytes: product.file.sizeBytes,
        sha256: createHash('sha256').update(`${ctx.siteSlug}/${product.file.filename}`).digest('hex'),
        storage_key: `demo/${ctx.siteSlug}/${product.file.filename}`,
        uploaded_by_person_id: ctx.person(school.lecturer.email),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await ctx.db
      .insertInto('digital_products')
      .values({
        site_id: ctx.siteId,
        slug: product.slug,
        name: product.name,
        description: product.description && sanitizeSchoolHtml(product.description), // OpenAPI "School text and HTML"
        price_amount: product.price,
        currency: ctx.currency,
        file_id: file.id,
        status: 'published',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    products.set(product.slug, { id: row.id, title: product.name, price: product.price });
  }
  return products;
}

async function seedCoupons(ctx: SchoolContext, school: SchoolSeed) {
  // A coupon counts as redeemed by every settled order that used it.
  const redeemed = (code: string) => school.orders.filter((o) => o.coupon === code && o.status !== 'not_paid').length;
  const rows = await ctx.db
    .insertInto('coupons')
    .values(
      school.coupons.map((coupon) => ({
        site_id: ctx.siteId,
        code: coupon.code,
        name: coupon.name,
        ...('percentOff' in coupon.discount
          ? { discount_type: 'percent' as const, percent_off: coupon.discount.percentOff }
          : { discount_type: 'amount' as const, amount_off: coupon.discount.amountOff, currency: ctx.currency }),
        max_redemptions: coupon.maxRedemptions ?? null,
        redemptions_count: redeemed(coupon.code),
        valid_from: daysFromNow(ctx, -120),
        valid_until: coupon.validForDays === undefined ? null : daysFromNow(ctx, coupon.validForDays),
      })),
    )
    .returning(['id', 'code', 'percent_off', 'amount_off'])
    .execute();
  return new Map(rows.map((row) => [row.code, row]));
}

export async function seedCommerce(
  ctx: SchoolContext,
  school: SchoolSeed,
  courses: ReadonlyMap<string, SeededCourse>,
  events: ReadonlyMap<string, Sellable>,
): Promise<void> {
  const plans = await seedMemberships(ctx, school, courses);
  const products = await seedProducts(ctx, school);
  const coupons = await seedCoupons(ctx, school);
  const catalogue: Catalogue = { courses, plans, events, products };

  for (const order of school.orders) {
    const items = order.items.map((ref) => resolveItem(ref, catalogue));
    const subtotal = items.reduce((sum, item) => sum + item.price, 0);
    const coupon = order.coupon === undefined ? undefined : lookup(coupons, order.coupon, 'coupon');
    const discount =
      coupon?.percent_off != null
        ? Math.round((subtotal * coupon.percent_off) / 100)
        : Math.min(coupon?.amount_off ?? 0, subtotal);
    const total = subtotal - discount; // the demo schools charge no tax
    const createdAt = daysFromNow(ctx, -order.daysAgo);
    const row = await ctx.db
      .insertInto('orders')
      .values({
        site_id: ctx.siteId,
        person_id: ctx.person(order.buyer),
        number: order.number,
        status: order.status,
        currency: ctx.currency,
        subtotal_amount: subtotal,
        discount_amount: discount,
        total_amount: total,
        refunded_amount: order.status === 'refunded' ? total : 0,
        coupon_id: coupon?.id ?? null,
        coupon_code: coupon?.code ?? null,
        payment_method: order.paymentMethod,
        paid_at: order.status === 'not_paid' ? null : new Date(createdAt.getTime() + 2 * MINUTE_MS),
        refunded_at: order.status === 'refunded' ? daysFromNow(ctx, 3 - order.daysAgo) : null,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('order_items')
      .values(
        items.map((item) => ({
          site_id: ctx.siteId,
          order_id: row.id,
          item_type: item.type,
          item_id: item.id,
          title: item.title,
          unit_amount: item.price,
          total_amount: item.price,
          created_at: createdAt,
        })),
      )
      .execute();
  }
}
