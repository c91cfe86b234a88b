// The shape of a demo school as data. Each school is one SchoolSeed value; one seeding routine
// turns any of them into rows. References between parts use slugs, e-mails and 1-based lecture
// numbers (counted through the course, section by section), never database ids.
import type { Kysely } from 'kysely';
import type {
  BillingInterval,
  Database,
  DraftOrPublished,
  EventStatus,
  FormField,
  LectureContentType,
  RegistrationStatus,
  Theme,
} from '../schema.ts';

export interface LectureSeed {
  title: string;
  type: LectureContentType;
  minutes: number;
  preview?: boolean;
}

export interface CourseSeed {
  slug: string;
  title: string;
  subtitle: string;
  description: string;
  status: 'published' | 'draft';
  /** Minor units of the school's currency. */
  price: number;
  featured?: boolean;
  sections: { title: string; lectures: LectureSeed[] }[];
}

export interface LecturerSeed {
  email: string;
  slug: string;
  headline: string;
  bio: string;
  courses: string[];
}

/** Lifetime, still running, or already over (the enrollment is then 'expired'). */
export type AccessSeed = 'lifetime' | { expiresInDays: number } | { expiredDaysAgo: number };

export interface EnrollmentSeed {
  student: string;
  course: string;
  access: AccessSeed;
  enrolledDaysAgo: number;
  /** Lectures 1..n are completed; all of them completes the course. */
  completedLectures: number;
  watched: { lecture: number; seconds: number };
}

export interface CouponSeed {
  code: string;
  name: string;
  discount: { percentOff: number } | { amountOff: number };
  maxRedemptions?: number;
  validForDays?: number;
}

export type OrderItemRef = { course: string } | { plan: string } | { event: string } | { product: string };

export interface OrderSeed {
  number: string;
  buyer: string;
  status: 'paid' | 'refunded' | 'not_paid';
  items: OrderItemRef[];
  coupon?: string;
  paymentMethod: string;
  daysAgo: number;
}

export interface PlanSeed {
  slug: string;
  name: string;
  description: string;
  price: number;
  interval: BillingInterval;
  trialDays?: number;
  courses: string[];
}

export interface SubscriptionSeed {
  subscriber: string;
  plan: string;
  status: 'active' | 'canceled';
  startedDaysAgo: number;
  canceledDaysAgo?: number;
}

export interface EventSeed {
  slug: string;
  title: string;
  description: string;
  startsInDays: number;
  hours: number;
  location?: string;
  onlineUrl?: string;
  capacity?: number;
  price: number;
  status: EventStatus;
  registrations: { person: string; status: RegistrationStatus }[];
}

export interface PostSeed {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  status: DraftOrPublished;
  author: string;
}

export interface CommentSeed {
  by: string;
  on:
    | { type: 'course'; slug: string }
    | { type: 'post'; slug: string }
    | { type: 'lecture'; course: string; lecture: number };
  body: string;
  replies?: { by: string; body: string }[];
}

export interface ProductSeed {
  slug: string;
  name: string;
  description: string;
  price: number;
  file: { filename: string; contentType: string; sizeBytes: number };
}

export interface FormSeed {
  title: string;
  description: string;
  fields: FormField[];
  submissions: { by?: string; data: Record<string, string> }[];
}

export interface SchoolSeed {
  slug: 'demo-academy' | 'second-school';
  name: string;
  description: string;
  currency: string;
  locale: string;
  timezone: string;
  contactEmail: string;
  betaFeatures: Record<string, boolean>;
  idTokenSigningEnabled: boolean;
  /** Hosts whose Client ID Metadata Documents the school accepts (a host without port: any port). */
  allowedMetadataHosts?: string[];
  courses: CourseSeed[];
  lecturer: LecturerSeed;
  enrollments: EnrollmentSeed[];
  coupons: CouponSeed[];
  plans: PlanSeed[];
  subscriptions: SubscriptionSeed[];
  events: EventSeed[];
  products: ProductSeed[];
  orders: OrderSeed[];
  posts: PostSeed[];
  comments: CommentSeed[];
  forms: FormSeed[];
  pages: { slug: string; title: string; body: string; status: DraftOrPublished }[];
  appearance: { theme: Theme; primaryColor: string; accentColor: string; fontFamily: string };
}

/** Something an order can sell, as seeded: its id, title at sale time and price. */
export interface Sellable {
  id: string;
  title: string;
  price: number;
}

/** What every seeding step of one school shares. */
export interface SchoolContext {
  db: Kysely<Database>;
  siteId: string;
  siteSlug: string;
  currency: string;
  now: Date;
  /** Person id by e-mail; throws on an unknown e-mail (a mistake in the data). */
  person: (email: string) => string;
}

export function daysFromNow(ctx: { now: Date }, days: number): Date {
  return new Date(ctx.now.getTime() + days * 86_400_000);
}

/** Looks a key up in a map built by an earlier step; a miss is a mistake in the seed data. */
export function lookup<V>(map: ReadonlyMap<string, V>, key: string, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo seed: unknown ${what} "${key}"`);
  return value;
}
