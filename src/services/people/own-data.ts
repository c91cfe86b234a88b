// The member data API: one person's own courses, orders and event registrations at one school.
// Shared by /account/graphql and the MCP member tools. Every read and write is scoped to the
// (siteId, personId) pair the bearer guard derived from the token, never to input; times leave as
// ISO 8601 UTC strings and money as minor units with a currency.
import type { Db } from '../../db/database.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';
import {
  countEnrollments,
  findEnrolledCourse,
  findLectureInActiveEnrollment,
  listEnrolledCourses,
  updateLastWatched,
  upsertLectureProgress,
  type EnrolledCourseRow,
  type ProgressCounts,
} from '../../db/repositories/account-courses.ts';
import {
  countEventRegistrations,
  findEventRegistration,
  listEventRegistrations,
} from '../../db/repositories/account-events.ts';
import { findLectureOfActiveEnrollment, listCourseOutline } from '../../db/repositories/account-course-outline.ts';
import { listTaughtCourses, type TaughtCourseRow } from '../../db/repositories/account-teaching.ts';
import {
  countOrders,
  findOrder,
  listOrderItems,
  listOrders,
  type AccountOrderItemRow,
  type AccountOrderRow,
} from '../../db/repositories/account-orders.ts';
import { viewerOf } from '../../db/repositories/account-viewer.ts';
import { toIso } from '../../lib/time.ts';
import { percentComplete } from '../percent-complete.ts';
import { completionState, recordCompletions } from '../webhooks/progress-events.ts';
import type { EnrollmentStatus, OrderItemType, OrderStatus, SiteRole } from '../../db/schema.ts';
import {
  AccountInputError,
  loadConnection,
  readPage,
  requireId,
  withTotal,
  type Connection,
  type LazyConnection,
  type PageArgs,
} from './own-data-pages.ts';
import { outlineOf, toOutlineLecture, type CourseOutline, type OutlineLecture } from './own-course-outline.ts';
import {
  cancelEventRegistration,
  cancelRefusal,
  registerForEvent,
  type CancelRefusal,
  toEventRegistration,
  type EventRegistration,
} from '../events/own-registrations.ts';

export {
  AccountInputError,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type Connection,
  type Edge,
  type LazyConnection,
  type LazyPageInfo,
  type PageArgs,
} from './own-data-pages.ts';

export type Money = { amount: number; currency: string };
export type AccountViewer = { id: string; email: string; name: string | null; roles: SiteRole[] };

export type LastWatchedLecture = { lectureId: string; title: string; positionSeconds: number };

/** Field names are the member API's (spec/graphql/account.graphql); `expiresAt` and `lastWatched` are its aliases. */
export type EnrolledCourse = {
  /** The course's id. */
  id: string;
  slug: string;
  title: string;
  /** The admin API's `expires_at`: when access ends. */
  expireDate: string | null;
  hasLifetimeAccess: boolean;
  status: EnrollmentStatus;
  enrolledAt: string;
  /** The admin API's `last_watched`. */
  lastWatchedLecture: LastWatchedLecture | null;
  /** `percentComplete` is the admin API's `percent_complete`. */
  progress: CourseProgress;
} & EarlierNames;

/**
 * Our earlier names of the same values: the SDL keeps them as @deprecated aliases, so they hold the
 * very values of the spec's names (the MCP member tools speak the spec's names only).
 */
type EarlierNames = { expiresAt: string | null; lastWatched: LastWatchedLecture | null };

export type CourseProgress = { completedLectures: number; totalLectures: number; percentComplete: number };

/** An enrolled course as a page read without progress has it (a GraphQL query that does not select it). */
export type ListedEnrolledCourse = Omit<EnrolledCourse, 'progress'> & { progress?: CourseProgress };

export type OrderItem = { itemType: OrderItemType; title: string; quantity: number; unitPrice: Money; total: Money };
export type Order = {
  id: string;
  number: string;
  status: OrderStatus;
  subtotal: Money;
  discount: Money;
  tax: Money;
  total: Money;
  couponCode: string | null;
  items: OrderItem[];
  createdAt: string;
  paidAt: string | null;
};

export type { EventRegistration } from '../events/own-registrations.ts';

/** An enrolled course with its lectures, and whether its material is open (an active enrollment whose access lasts). */
export type EnrolledCourseOutline = CourseOutline & { course: EnrolledCourse; open: boolean };

/** A lecture of an active enrollment with its material, for the account area's lecture page. */
export type MemberLecture = OutlineLecture & { courseId: string; sectionTitle: string; content: string | null };

/** An order as its receipt shows it: the order, how it was paid, and what was refunded. */
export type Receipt = Order & { paymentMethod: string | null; refunded: Money; refundedAt: string | null };

/** A registration with the school's cancellation rule applied: undefined `cancelRefusal` means it may be cancelled. */
export type RegistrationDetail = EventRegistration & { cancelRefusal: CancelRefusal | undefined };

export type TaughtCourse = {
  id: string;
  slug: string;
  title: string;
  status: TaughtCourseRow['status'];
  publishedLectures: number;
  activeEnrollments: number;
};

/** A path's id: anything but a UUID names nothing (and never reaches SQL as a uuid parameter). */
const idOrUndefined = (value: string): string | undefined => {
  try {
    return requireId(value, 'id', 'item');
  } catch {
    return undefined;
  }
};

/** Open for study: active, and lifetime or not yet expired (the rule of recording progress). */
function isOpen(course: EnrolledCourse): boolean {
  return (
    course.status === 'active' &&
    (course.hasLifetimeAccess || course.expireDate === null || Date.parse(course.expireDate) > Date.now())
  );
}

export type LectureProgressInput = { lectureId: string; positionSeconds: number; completed?: boolean | null };

function toProgress(row: ProgressCounts): CourseProgress {
  const total = Number(row.total_lectures);
  // Completed lectures that were later unpublished do not count, so percent stays within 0..100.
  const completed = Math.min(Number(row.completed_lectures), total);
  return {
    completedLectures: completed,
    totalLectures: total,
    percentComplete: percentComplete(completed, total),
  };
}

function toListedEnrolledCourse(row: EnrolledCourseRow & Partial<ProgressCounts>): ListedEnrolledCourse {
  const { total_lectures, completed_lectures } = row;
  const expireDate = toIso(row.expires_at);
  const lastWatchedLecture =
    row.last_lecture_id === null
      ? null
      : {
          lectureId: row.last_lecture_id,
          title: row.last_lecture_title ?? '',
          positionSeconds: row.last_position_seconds,
        };
  return {
    id: row.course_id,
    slug: row.slug,
    title: row.title,
    expireDate,
    expiresAt: expireDate,
    hasLifetimeAccess: row.has_lifetime_access,
    status: row.status,
    enrolledAt: toIso(row.enrolled_at) ?? '',
    lastWatchedLecture,
    lastWatched: lastWatchedLecture,
    ...(total_lectures === undefined || completed_lectures === undefined
      ? {}
      : { progress: toProgress({ total_lectures, completed_lectures }) }),
  };
}

/** A row read with the progress counts (`progress: true`); one without them is a bug, not a 0%. */
function toEnrolledCourse(row: EnrolledCourseRow & Partial<ProgressCounts>): EnrolledCourse {
  const course = toListedEnrolledCourse(row);
  if (!hasProgress(course)) throw new Error('an enrolled course was read without its progress counts');
  return course;
}

const hasProgress = (course: ListedEnrolledCourse): course is EnrolledCourse => course.progress !== undefined;

function toOrder(row: Omit<AccountOrderRow, 'sort_key'>, items: AccountOrderItemRow[]): Order {
  const money = (amount: number): Money => ({ amount, currency: row.currency });
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    subtotal: money(row.subtotal_amount),
    discount: money(row.discount_amount),
    tax: money(row.tax_amount),
    total: money(row.total_amount),
    couponCode: row.coupon_code,
    items: items.map((i) => ({
      itemType: i.item_type,
      title: i.title,
      quantity: i.quantity,
      unitPrice: money(i.unit_amount),
      total: money(i.total_amount),
    })),
    createdAt: toIso(row.created_at) ?? '',
    paidAt: toIso(row.paid_at),
  };
}

export function createAccountService(db: Db, cursors: CursorCodec) {
  const enrolledCoursesOf = <Item>(
    siteId: string,
    personId: string,
    page: PageArgs,
    progress: boolean,
    item: (row: EnrolledCourseRow & Partial<ProgressCounts>) => Item,
  ): Promise<LazyConnection<Item>> =>
    loadConnection(readPage(cursors, 'account-enrolled-courses', '-enrolled_at', page), {
      rows: (window) => listEnrolledCourses(db, siteId, personId, window, { progress }),
      keyOf: (row) => row.enrollment_id,
      items: (rows) => rows.map(item),
      countTotal: () => countEnrollments(db, siteId, personId),
    });

  return {
    /**
     * The viewer, from the person the bearer guard read with the token in this request (one round
     * trip for both, as the bearer guard's statement reads the person); the token's site is the request's.
     */
    viewer(person: Parameters<typeof viewerOf>[0]): AccountViewer | undefined {
      return viewerOf(person);
    },

    /**
     * One statement per page whatever its size (last lecture joined in, progress counted in it
     * unless `progress` is false); the COUNT only when asked.
     */
    async enrolledCoursesPage(
      siteId: string,
      personId: string,
      page: PageArgs,
      { progress }: { progress: boolean },
    ): Promise<LazyConnection<ListedEnrolledCourse>> {
      return enrolledCoursesOf(siteId, personId, page, progress, toListedEnrolledCourse);
    },

    /** Two statements per page: the orders and the items of the whole page; the COUNT only when asked. */
    async ordersPage(siteId: string, personId: string, page: PageArgs): Promise<LazyConnection<Order>> {
      return loadConnection(readPage(cursors, 'account-orders', '-created_at', page), {
        rows: (window) => listOrders(db, siteId, personId, window),
        keyOf: (row) => row.id,
        items: async (rows) => {
          const ids = rows.map((row) => row.id);
          const byOrder = Map.groupBy(await listOrderItems(db, siteId, personId, ids), (item) => item.order_id);
          return rows.map((row) => toOrder(row, byOrder.get(row.id) ?? []));
        },
        countTotal: () => countOrders(db, siteId, personId),
      });
    },

    async eventRegistrationsPage(
      siteId: string,
      personId: string,
      page: PageArgs,
    ): Promise<LazyConnection<EventRegistration>> {
      return loadConnection(readPage(cursors, 'account-event-registrations', 'starts_at', page), {
        rows: (window) => listEventRegistrations(db, siteId, personId, window),
        keyOf: (row) => row.id,
        items: (rows) => rows.map(toEventRegistration),
        countTotal: () => countEventRegistrations(db, siteId, personId),
      });
    },

    async enrolledCourses(siteId: string, personId: string, page: PageArgs): Promise<Connection<EnrolledCourse>> {
      return withTotal(await enrolledCoursesOf(siteId, personId, page, true, toEnrolledCourse));
    },

    async orders(siteId: string, personId: string, page: PageArgs): Promise<Connection<Order>> {
      return withTotal(await this.ordersPage(siteId, personId, page));
    },

    async eventRegistrations(siteId: string, personId: string, page: PageArgs): Promise<Connection<EventRegistration>> {
      return withTotal(await this.eventRegistrationsPage(siteId, personId, page));
    },

    /**
     * Records the position in a published lecture of an active enrollment and makes it the course's
     * last-watched lecture. `completed` marks the lecture done; false never un-marks it.
     */
    async recordLectureProgress(
      siteId: string,
      personId: string,
      input: LectureProgressInput,
    ): Promise<EnrolledCourse> {
      const lectureId = requireId(input.lectureId, 'lectureId', 'lecture in a course you are actively enrolled in');
      const position = input.positionSeconds;
      if (!Number.isInteger(position) || position < 0)
        throw new AccountInputError('INVALID_INPUT', 'positionSeconds must be 0 or more.', 'positionSeconds');
      return db.transaction().execute(async (trx) => {
        const target = await findLectureInActiveEnrollment(trx, siteId, personId, lectureId);
        if (!target)
          throw new AccountInputError(
            'NOT_FOUND',
            'No lecture with this id in a course you are actively enrolled in.',
            'lectureId',
          );
        if (position > target.duration_seconds) {
          throw new AccountInputError(
            'INVALID_INPUT',
            `positionSeconds must be at most the lecture's duration (${target.duration_seconds}).`,
            'positionSeconds',
          );
        }
        const before = await completionState(trx, siteId, target.enrollment_id, lectureId);
        await upsertLectureProgress(trx, {
          siteId,
          enrollmentId: target.enrollment_id,
          lectureId,
          positionSeconds: position,
          completed: input.completed === true,
        });
        await updateLastWatched(trx, {
          siteId,
          personId,
          enrollmentId: target.enrollment_id,
          lectureId,
          positionSeconds: position,
        });
        await recordCompletions(trx, siteId, target.enrollment_id, lectureId, before);
        const row = await findEnrolledCourse(trx, siteId, personId, target.course_id);
        if (!row) throw new Error('enrollment vanished inside its own transaction');
        return toEnrolledCourse(row);
      });
    },

    /** One of the member's enrolled courses with its lectures and progress; undefined when not enrolled (another's is unknown). */
    async courseOutline(
      siteId: string,
      personId: string,
      courseId: string,
    ): Promise<EnrolledCourseOutline | undefined> {
      const id = idOrUndefined(courseId);
      const row = id && (await findEnrolledCourse(db, siteId, personId, id));
      if (!row) return undefined;
      const course = toEnrolledCourse(row);
      return { course, open: isOpen(course), ...outlineOf(await listCourseOutline(db, siteId, row.enrollment_id, id)) };
    },

    /** A published lecture of a course the member is actively enrolled in, with its material; else undefined. */
    async lecture(
      siteId: string,
      personId: string,
      courseId: string,
      lectureId: string,
    ): Promise<MemberLecture | undefined> {
      const [course, lecture] = [idOrUndefined(courseId), idOrUndefined(lectureId)];
      const row = course && lecture && (await findLectureOfActiveEnrollment(db, siteId, personId, course, lecture));
      if (!row) return undefined;
      return {
        ...toOutlineLecture(row),
        courseId: row.course_id,
        sectionTitle: row.section_title,
        content: row.content,
      };
    },

    /** One of the member's orders as a receipt; undefined for an unknown id or another person's order. */
    async receipt(siteId: string, personId: string, orderId: string): Promise<Receipt | undefined> {
      const id = idOrUndefined(orderId);
      const row = id && (await findOrder(db, siteId, personId, id));
      if (!row) return undefined;
      return {
        ...toOrder(row, await listOrderItems(db, siteId, personId, [row.id])),
        paymentMethod: row.payment_method,
        refunded: { amount: row.refunded_amount, currency: row.currency },
        refundedAt: toIso(row.refunded_at),
      };
    },

    /** The member's registration for this event, with whether the school lets them cancel it now. */
    async eventRegistration(
      siteId: string,
      personId: string,
      eventId: string,
    ): Promise<RegistrationDetail | undefined> {
      const id = idOrUndefined(eventId);
      const row = id && (await findEventRegistration(db, siteId, personId, id));
      if (!row) return undefined;
      return { ...toEventRegistration(row), cancelRefusal: cancelRefusal(row) };
    },

    /** The courses this person's lecturer profile at the school is assigned to. */
    async taughtCourses(siteId: string, personId: string): Promise<TaughtCourse[]> {
      return (await listTaughtCourses(db, siteId, personId)).map((row) => ({
        id: row.id,
        slug: row.slug,
        title: row.title,
        status: row.status,
        publishedLectures: Number(row.published_lectures),
        activeEnrollments: Number(row.active_enrollments),
      }));
    },

    registerForEvent: (siteId: string, personId: string, eventId: string): Promise<EventRegistration> =>
      registerForEvent(db, siteId, personId, eventId),
    cancelEventRegistration: (siteId: string, personId: string, eventId: string): Promise<EventRegistration> =>
      cancelEventRegistration(db, siteId, personId, eventId),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
