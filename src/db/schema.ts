// Table types for kysely, column for column with the migrations (2026-11-22T0001-school-domain).
// Long because it mirrors the schema one to one; keep it in step when a migration lands.
// Conventions: Generated<> marks a column with a database default; timestamps come back as Date
// and accept Date or ISO strings; jsonb columns are written as JSON text (JSON.stringify), which
// both drivers pass through unchanged (pg would turn a JS array into a PostgreSQL array).
import type { OAuthTables } from './schema-oauth.ts';
import type { InvitationTables } from './schema-invitations.ts';
import type { WebhookTables } from './schema-webhooks.ts';
import type { OutboxTables } from './schema-outbox.ts';
import type { IdentityTables } from './schema-identity.ts';
import type { DefaultedTimestamp, Id, NullableTimestamp, SiteRole, Timestamp } from './schema-columns.ts';
import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable, Updateable } from 'kysely';

export type { DefaultedTimestamp, Id, NullableTimestamp, SiteRole, Timestamp } from './schema-columns.ts';
export type CourseStatus = 'draft' | 'published' | 'archived';
export type CourseVisibility = 'public' | 'hidden';
export type LectureContentType = 'video' | 'audio' | 'pdf' | 'text' | 'embed_link' | 'external_link';
export type DraftOrPublished = 'draft' | 'published';
export type EnrollmentStatus = 'active' | 'expired' | 'revoked';
export type DiscountType = 'percent' | 'amount';
export type OrderStatus = 'not_paid' | 'paid' | 'failed' | 'refunded' | 'expired' | 'manual';
export type OrderItemType = 'course' | 'membership_plan' | 'digital_product' | 'event';
/** Where an order came from: the school's checkout, or recorded by the school (paid elsewhere, or granted). */
export type OrderSource = 'checkout' | 'external' | 'manual';
export type EventStatus = 'draft' | 'published' | 'cancelled';
export type RegistrationStatus = 'registered' | 'cancelled' | 'attended';
export type BillingInterval = 'day' | 'week' | 'month' | 'year';
export type PlanStatus = 'active' | 'archived';
export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'expired';
export type PostAccessType = 'public' | 'login_required' | 'paid';
export type CommentableType = 'course' | 'lecture' | 'post';
export type DigitalProductStatus = 'draft' | 'published' | 'archived';
export type Theme = 'light' | 'dark' | 'system';

/** Feature flags per site, e.g. {"mcp_connections": true}. */
export type BetaFeatures = Record<string, boolean>;
export interface FormField {
  name: string;
  label: string;
  type: string;
  required: boolean;
}

export interface SitesTable {
  id: Id;
  slug: string;
  /** Exact origin, lower case, no trailing slash: the OAuth issuer and resource of the school. */
  origin: string;
  name: string;
  description: string | null;
  locale: Generated<string>;
  currency: Generated<string>;
  timezone: Generated<string>;
  contact_email: string | null;
  beta_features: JSONColumnType<BetaFeatures, string | undefined, string>;
  id_token_signing_enabled: Generated<boolean>;
  open_registration: Generated<boolean>;
  allowed_metadata_hosts: ColumnType<string[], string[] | undefined, string[]>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface PeopleTable {
  id: Id;
  /** Always lower case (a check constraint enforces it). */
  email: string;
  name: string | null;
  avatar_url: string | null;
  sign_in_count: Generated<number>;
  last_sign_in_at: NullableTimestamp;
  /** When the person last proved they hold `email` (a mailed link; migration 2026-12-06T0302). */
  email_verified_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface CredentialsTable {
  person_id: string;
  password_hash: string;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface SiteRolesTable {
  site_id: string;
  person_id: string;
  role: SiteRole;
  created_at: DefaultedTimestamp;
}

/** One row per person holding any role at a school, kept by triggers on site_roles and people (migration 2026-12-01T0001). */
export interface SiteMembersTable {
  site_id: string;
  person_id: string;
  email: string;
  /** The person's first role here. */
  joined_at: Date;
}

export interface StoredFilesTable {
  id: Id;
  site_id: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  storage_key: string;
  uploaded_by_person_id: string | null;
  created_at: DefaultedTimestamp;
}

export interface CoursesTable {
  id: Id;
  site_id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  status: Generated<CourseStatus>;
  visibility: Generated<CourseVisibility>;
  featured: Generated<boolean>;
  price_amount: Generated<number>;
  currency: string;
  image_url: string | null;
  promo_video_url: string | null;
  seo_title: string | null;
  seo_description: string | null;
  /** Access length granted by a purchase; null means lifetime. */
  access_days: number | null;
  published_at: NullableTimestamp;
  archived_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface CourseSectionsTable {
  id: Id;
  site_id: string;
  course_id: string;
  title: string;
  description: string | null;
  position: number;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface LecturesTable {
  id: Id;
  site_id: string;
  course_id: string;
  section_id: string;
  title: string;
  position: number;
  content_type: LectureContentType;
  /** Private material (media URL or text); never part of a public read. */
  content: string | null;
  duration_seconds: Generated<number>;
  is_free_preview: Generated<boolean>;
  status: Generated<DraftOrPublished>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface LecturersTable {
  id: Id;
  site_id: string;
  person_id: string | null;
  slug: string;
  name: string;
  email: string | null;
  headline: string | null;
  bio: string | null;
  avatar_url: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface CourseLecturersTable {
  course_id: string;
  lecturer_id: string;
}

export interface EnrollmentsTable {
  id: Id;
  site_id: string;
  person_id: string;
  course_id: string;
  status: Generated<EnrollmentStatus>;
  enrolled_at: DefaultedTimestamp;
  /** Null with has_lifetime_access; never both set. */
  expires_at: NullableTimestamp;
  has_lifetime_access: Generated<boolean>;
  last_watched_lecture_id: string | null;
  last_position_seconds: Generated<number>;
  completed_at: NullableTimestamp;
  /** The school granted it itself (enrollStudent): a refund of an order does not take it away. */
  manual_grant: Generated<boolean>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface LectureProgressTable {
  enrollment_id: string;
  lecture_id: string;
  site_id: string;
  position_seconds: Generated<number>;
  completed_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface CouponsTable {
  id: Id;
  site_id: string;
  /** Stored upper-case; codes match case-insensitively. */
  code: string;
  name: string;
  discount_type: DiscountType;
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  max_redemptions: number | null;
  redemptions_count: Generated<number>;
  valid_from: NullableTimestamp;
  valid_until: NullableTimestamp;
  active: Generated<boolean>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface OrdersTable {
  id: Id;
  site_id: string;
  person_id: string;
  /** Human readable, unique per site, e.g. DA-10001. */
  number: string;
  status: Generated<OrderStatus>;
  currency: string;
  subtotal_amount: Generated<number>;
  discount_amount: Generated<number>;
  tax_amount: Generated<number>;
  /** Always subtotal - discount + tax (a check constraint enforces it). */
  total_amount: Generated<number>;
  refunded_amount: Generated<number>;
  coupon_id: string | null;
  coupon_code: string | null;
  payment_method: string | null;
  source: Generated<OrderSource>;
  /** The reference of the system the sale was made in; unique at a school (a retried recording finds it). */
  external_id: string | null;
  /** Whether the order still grants what it sells: false when recorded without access or once a refund took it back. */
  grants_access: Generated<boolean>;
  /** Digest of the request that recorded an order with an external_id: a retry must ask for the same. */
  request_digest: string | null;
  paid_at: NullableTimestamp;
  refunded_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface OrderItemsTable {
  id: Id;
  site_id: string;
  order_id: string;
  item_type: OrderItemType;
  item_id: string | null;
  title: string;
  quantity: Generated<number>;
  unit_amount: number;
  total_amount: number;
  /** The line's place in its order, from 0. */
  position: Generated<number>;
  created_at: DefaultedTimestamp;
}

export interface EventsTable {
  id: Id;
  site_id: string;
  slug: string;
  course_id: string | null;
  title: string;
  description: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  timezone: Generated<string>;
  location: string | null;
  online_url: string | null;
  capacity: number | null;
  price_amount: Generated<number>;
  currency: string;
  status: Generated<EventStatus>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface EventRegistrationsTable {
  id: Id;
  site_id: string;
  event_id: string;
  person_id: string;
  status: Generated<RegistrationStatus>;
  registered_at: DefaultedTimestamp;
  cancelled_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface MembershipPlansTable {
  id: Id;
  site_id: string;
  slug: string;
  name: string;
  description: string | null;
  price_amount: Generated<number>;
  currency: string;
  billing_interval: BillingInterval;
  interval_count: Generated<number>;
  trial_days: Generated<number>;
  status: Generated<PlanStatus>;
  visible: Generated<boolean>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface MembershipPlanCoursesTable {
  plan_id: string;
  course_id: string;
}

export interface SubscriptionsTable {
  id: Id;
  site_id: string;
  person_id: string;
  plan_id: string;
  status: SubscriptionStatus;
  started_at: DefaultedTimestamp;
  current_period_start: Timestamp;
  current_period_end: Timestamp;
  cancel_at_period_end: Generated<boolean>;
  canceled_at: NullableTimestamp;
  trial_ends_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  /** The school granted it itself (createSubscription): a refund of an order does not end it. */
  manual_grant: Generated<boolean>;
}

export interface PostsTable {
  id: Id;
  site_id: string;
  slug: string;
  author_person_id: string | null;
  title: string;
  excerpt: string | null;
  body: Generated<string>;
  status: Generated<DraftOrPublished>;
  access_type: Generated<PostAccessType>;
  published_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface CommentsTable {
  id: Id;
  site_id: string;
  person_id: string;
  commentable_type: CommentableType;
  commentable_id: string;
  parent_comment_id: string | null;
  body: string;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface DigitalProductsTable {
  id: Id;
  site_id: string;
  slug: string;
  name: string;
  description: string | null;
  price_amount: Generated<number>;
  currency: string;
  file_id: string | null;
  status: Generated<DigitalProductStatus>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface FormsTable {
  id: Id;
  site_id: string;
  title: string;
  description: string | null;
  fields: JSONColumnType<FormField[]>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface FormSubmissionsTable {
  id: Id;
  site_id: string;
  form_id: string;
  person_id: string | null;
  data: JSONColumnType<Record<string, unknown>>;
  created_at: DefaultedTimestamp;
}

export interface PagesTable {
  id: Id;
  site_id: string;
  slug: string;
  title: string;
  body: Generated<string>;
  status: Generated<DraftOrPublished>;
  published_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface SiteAppearancesTable {
  site_id: string;
  theme: Generated<Theme>;
  /** '#rrggbb' */
  primary_color: Generated<string>;
  accent_color: Generated<string>;
  font_family: string | null;
  logo_file_id: string | null;
  logo_url: string | null;
  favicon_url: string | null;
  custom_css: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface SchoolTables {
  sites: SitesTable;
  people: PeopleTable;
  credentials: CredentialsTable;
  site_roles: SiteRolesTable;
  site_members: SiteMembersTable;
  stored_files: StoredFilesTable;
  courses: CoursesTable;
  course_sections: CourseSectionsTable;
  lectures: LecturesTable;
  lecturers: LecturersTable;
  course_lecturers: CourseLecturersTable;
  enrollments: EnrollmentsTable;
  lecture_progress: LectureProgressTable;
  coupons: CouponsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  events: EventsTable;
  event_registrations: EventRegistrationsTable;
  membership_plans: MembershipPlansTable;
  membership_plan_courses: MembershipPlanCoursesTable;
  subscriptions: SubscriptionsTable;
  posts: PostsTable;
  comments: CommentsTable;
  digital_products: DigitalProductsTable;
  forms: FormsTable;
  form_submissions: FormSubmissionsTable;
  pages: PagesTable;
  site_appearances: SiteAppearancesTable;
}

// Later migrations add their tables by extending this interface.
export interface Database
  extends SchoolTables, OAuthTables, InvitationTables, WebhookTables, OutboxTables, IdentityTables {}

export type Site = Selectable<SitesTable>;
export type NewSite = Insertable<SitesTable>;
export type SiteUpdate = Updateable<SitesTable>;
export type Person = Selectable<PeopleTable>;
export type NewPerson = Insertable<PeopleTable>;
export type PersonUpdate = Updateable<PeopleTable>;
export type Course = Selectable<CoursesTable>;
export type NewCourse = Insertable<CoursesTable>;
export type CourseUpdate = Updateable<CoursesTable>;
export type CourseSection = Selectable<CourseSectionsTable>;
export type Lecture = Selectable<LecturesTable>;
export type Lecturer = Selectable<LecturersTable>;
export type Enrollment = Selectable<EnrollmentsTable>;
export type NewEnrollment = Insertable<EnrollmentsTable>;
export type EnrollmentUpdate = Updateable<EnrollmentsTable>;
export type LectureProgress = Selectable<LectureProgressTable>;
export type Coupon = Selectable<CouponsTable>;
export type Order = Selectable<OrdersTable>;
export type OrderItem = Selectable<OrderItemsTable>;
export type SchoolEvent = Selectable<EventsTable>;
export type EventRegistration = Selectable<EventRegistrationsTable>;
export type MembershipPlan = Selectable<MembershipPlansTable>;
export type Subscription = Selectable<SubscriptionsTable>;
export type Post = Selectable<PostsTable>;
export type Comment = Selectable<CommentsTable>;
export type DigitalProduct = Selectable<DigitalProductsTable>;
export type Form = Selectable<FormsTable>;
export type FormSubmission = Selectable<FormSubmissionsTable>;
export type Page = Selectable<PagesTable>;
export type SiteAppearance = Selectable<SiteAppearancesTable>;
export type StoredFile = Selectable<StoredFilesTable>;
