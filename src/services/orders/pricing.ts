// A school's published prices (courses, membership plans, digital products, and events not yet
// begun) read together for /pricing.md. Coupons are secrets and are not read. The document's text
// is services/documents/pricing-md.ts; the SQL is db/repositories/pricing.ts.
import type { Db } from '../../db/database.ts';
import {
  listPricedCourses,
  listPricedEvents,
  listPricedPlans,
  listPricedProducts,
} from '../../db/repositories/pricing.ts';

export async function listPublishedPrices(db: Db, siteId: string, now: Date) {
  const [courses, plans, products, events] = await Promise.all([
    listPricedCourses(db, siteId),
    listPricedPlans(db, siteId),
    listPricedProducts(db, siteId),
    listPricedEvents(db, siteId, now),
  ]);
  return { courses, plans, products, events };
}
