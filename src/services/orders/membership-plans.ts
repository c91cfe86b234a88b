// Rules of the admin API's membership plans (OpenAPI tag Membership plans): slugs
// derived from names and unique per school (409), included courses given as ids of this school's
// courses (422 with a pointer to each unknown one), and a plan that has subscriptions is archived,
// never deleted (409), so every subscription keeps the plan it was sold.
import type { Db } from '../../db/database.ts';
import type { BillingInterval, PlanStatus } from '../../db/schema.ts';
import * as repo from '../../db/repositories/membership-plans.ts';
import type { PlanCourseRow, PlanRow } from '../../db/repositories/membership-plans.ts';
import { mapIntegrityError } from '../integrity-errors.ts';
import { NotFound, Conflict, RuleViolation } from '../errors.ts';
import { slugify } from '../../lib/slug.ts';
import { toIso } from '../../lib/time.ts';
import type { Site } from '../school/sites.ts';
import { priceOf } from '../row-fields.ts';
import { withSanitizedHtml } from '../../lib/rich-text.ts';
import { listWindow, pageOf } from '../list-window.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

export type PlanInput = {
  name?: string;
  slug?: string;
  description?: string | null;
  price?: { amount: number; currency: string };
  billing_interval?: BillingInterval;
  interval_count?: number;
  trial_days?: number;
  status?: PlanStatus;
  visible?: boolean;
  course_ids?: string[];
};

export type PlanListQuery = {
  limit?: number;
  cursor?: string;
  q?: string;
  status?: PlanStatus;
  visible?: boolean;
  sort?: string;
};

const UNIQUE_FIELDS = { membership_plans_site_id_slug_key: 'slug' };
const NOT_FOUND = 'No membership plan with that id at this school.';

export function toMembershipPlan(row: PlanRow, courses: readonly PlanCourseRow[]) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    price: priceOf(row),
    billing_interval: row.billing_interval,
    interval_count: row.interval_count,
    trial_days: row.trial_days,
    status: row.status,
    visible: row.visible,
    courses: courses.map(({ id, slug, title, status }) => ({ id, slug, title, status })),
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

function columnsOf(input: PlanInput) {
  // OpenAPI "School text and HTML": the description is school HTML, sanitised on every write (lib/rich-text.ts).
  const { price, course_ids: _courses, ...rest } = withSanitizedHtml(input, ['description']);
  return { ...rest, ...(price ? { price_amount: price.amount, currency: price.currency } : {}) };
}

/** @throws 422 naming every id that is not a course of this school, by its index in the body */
async function assertCoursesOfSchool(db: Db, site: Site, courseIds: readonly string[]): Promise<void> {
  const known = await repo.existingCourseIds(db, site.id, courseIds);
  const errors = courseIds.flatMap((id, index) =>
    known.has(id) ? [] : [{ pointer: `/body/course_ids/${index}`, detail: 'is not a course of this school' }],
  );
  if (errors.length) throw new RuleViolation('Every included course must be a course of this school.', errors);
}

export function createMembershipPlanAdmin(db: Db, cursors: CursorCodec) {
  /** The mapper of these plans, with their courses read in one statement. */
  async function withCourses(site: Site, rows: PlanRow[]) {
    const courses = await repo.listPlanCourses(
      db,
      site.id,
      rows.map((row) => row.id),
    );
    return (row: PlanRow) =>
      toMembershipPlan(
        row,
        courses.filter((course) => course.plan_id === row.id),
      );
  }

  return {
    async list(site: Site, query: PlanListQuery) {
      const window = listWindow(
        cursors,
        'membership-plans',
        query,
        { created_at: 'time', name: 'text' },
        '-created_at',
      );
      const { limit, sort } = window;
      const rows = await repo.listPlans(db, site.id, {
        ...window,
        search: query.q,
        status: query.status,
        visible: query.visible,
      });
      const map = await withCourses(site, rows.slice(0, limit));
      return pageOf(rows, window, (row) => (sort.column === 'name' ? row.name : row.created_at_exact), map);
    },
    async get(site: Site, id: string) {
      const row = await repo.findPlan(db, site.id, id);
      if (!row) throw new NotFound(NOT_FOUND);
      return (await withCourses(site, [row]))(row);
    },
    async create(
      site: Site,
      input: PlanInput & {
        name: string;
        price: { amount: number; currency: string };
        billing_interval: BillingInterval;
      },
    ) {
      const row = await db.transaction().execute(async (trx) => {
        if (input.course_ids) await assertCoursesOfSchool(trx, site, input.course_ids);
        const columns = {
          ...columnsOf(input),
          site_id: site.id,
          name: input.name,
          slug: input.slug ?? slugify(input.name),
        };
        const plan = await repo
          .insertPlan(trx, {
            ...columns,
            billing_interval: input.billing_interval,
            price_amount: input.price.amount,
            currency: input.price.currency,
          })
          .catch((error: unknown) => mapIntegrityError(error, UNIQUE_FIELDS, 'A membership plan'));
        if (input.course_ids) await repo.replacePlanCourses(trx, plan.id, input.course_ids);
        return plan;
      });
      return (await withCourses(site, [row]))(row);
    },
    /** `course_ids` replaces the set; the plan's existence is settled first, so a foreign plan is 404. */
    async update(site: Site, id: string, input: PlanInput) {
      const row = await db.transaction().execute(async (trx) => {
        const changes = columnsOf(input);
        // An update that only replaces the courses still touches the plan (updated_at, and its 404).
        const plan = await repo
          .updatePlan(trx, site.id, id, Object.keys(changes).length ? changes : { updated_at: new Date() })
          .catch((error: unknown) => mapIntegrityError(error, UNIQUE_FIELDS, 'A membership plan'));
        if (!plan) throw new NotFound(NOT_FOUND);
        if (input.course_ids) {
          await assertCoursesOfSchool(trx, site, input.course_ids);
          await repo.replacePlanCourses(trx, plan.id, input.course_ids);
        }
        return plan;
      });
      return (await withCourses(site, [row]))(row);
    },
    async remove(site: Site, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.findPlan(trx, site.id, id))) throw new NotFound(NOT_FOUND);
        const subscriptions = await repo.countPlanSubscriptions(trx, site.id, id);
        if (subscriptions > 0)
          throw new Conflict(
            `The plan has ${subscriptions} subscription(s) and cannot be deleted; archive it instead (status: archived).`,
          );
        // The subscriptions foreign key stays the backstop against one created meanwhile.
        await repo
          .deletePlan(trx, site.id, id)
          .catch((error: unknown) => mapIntegrityError(error, {}, 'This membership plan'));
      });
    },
  };
}

export type MembershipPlanAdmin = ReturnType<typeof createMembershipPlanAdmin>;
