// The catalogue of webhook events: every type a receiver can subscribe to, what it means, and the
// admin API schema its `data` has (the same shape the admin API returns for that resource). The
// OpenAPI document names each payload (`CoursePublishedEvent`, ...) and /llms.txt lists them.
//
// Versioning: an endpoint pins the payload version current when it was created (`version`); a
// later incompatible change to a payload gets a new version, and events keep being written in the
// version each endpoint pinned, so a receiver never sees a shape it was not built for.
export const WEBHOOK_PAYLOAD_VERSION = '2026-11-27';
export const WEBHOOK_PAYLOAD_VERSIONS: readonly string[] = [WEBHOOK_PAYLOAD_VERSION];

/** Every type, in the order of the catalogue page (OpenAPI WebhookEventType). */
export const WEBHOOK_EVENT_TYPES = [
  'course.published',
  'course.archived',
  'enrollment.created',
  'enrollment.expired',
  'enrollment.revoked',
  'course.completed',
  'lecture.completed',
  'order.paid',
  'order.refunded',
  'subscription.created',
  'subscription.canceled',
  'event_registration.created',
  'event_registration.cancelled',
  'student.created',
  'member.roles_changed',
  'webhook_endpoint.failing',
  'webhook_endpoint.disabled',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

type ResourceOf<T> = T extends `${infer R}.${string}` ? R : never;

/** An entry of an endpoint's `event_types`: a type, `*`, or `<resource>.*` (OpenAPI WebhookEventSelector). */
export type WebhookEventSelector = WebhookEventType | '*' | `${ResourceOf<WebhookEventType>}.*`;

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

export type WebhookEventInfo = {
  type: WebhookEventType;
  /** The named schema of the whole event in /openapi.json. */
  schema: string;
  /** The admin API schema `data` has. */
  data: string;
  meaning: string;
  /**
   * /webhooks.md "Who may receive what": the scope of the admin API operations that read `data`
   * (getCourse, getEnrollment, getOrder, ...). Subscribing to the event, being sent it and reading
   * its stored body need it, as reading the resource does.
   */
  scope: string;
};

/** The read scope of each resource an event carries: the one table (catalogue.test.ts derives it from the spec). */
const READ_SCOPE: Record<string, string> = {
  Course: 'courses:read',
  Enrollment: 'students:read',
  LectureCompletion: 'students:read',
  Student: 'students:read',
  Order: 'orders:read',
  Subscription: 'subscriptions:read',
  EventRegistration: 'events:read',
  Member: 'members:read',
  WebhookEndpoint: 'webhooks:read',
};

const event = (type: WebhookEventType, schema: string, data: string, meaning: string): WebhookEventInfo => ({
  type,
  schema,
  data,
  meaning,
  scope: READ_SCOPE[data]!,
});

export const WEBHOOK_EVENTS: readonly WebhookEventInfo[] = Object.freeze([
  event('course.published', 'CoursePublishedEvent', 'Course', 'A course was published.'),
  event('course.archived', 'CourseArchivedEvent', 'Course', 'A course was archived.'),
  event('enrollment.created', 'EnrollmentCreatedEvent', 'Enrollment', 'A student was enrolled in a course.'),
  event('enrollment.expired', 'EnrollmentExpiredEvent', 'Enrollment', "An enrollment's access ended."),
  event(
    'enrollment.revoked',
    'EnrollmentRevokedEvent',
    'Enrollment',
    'An enrollment was removed by an operator, or a refund took its access back (it stays, revoked).',
  ),
  event('course.completed', 'CourseCompletedEvent', 'Enrollment', 'A student completed every lecture of a course.'),
  event('lecture.completed', 'LectureCompletedEvent', 'LectureCompletion', 'A student completed a lecture.'),
  event('order.paid', 'OrderPaidEvent', 'Order', 'An order was paid, recorded as paid elsewhere, or granted.'),
  event('order.refunded', 'OrderRefundedEvent', 'Order', 'A refund of an order was recorded (whole or in part).'),
  event('subscription.created', 'SubscriptionCreatedEvent', 'Subscription', 'A subscription started.'),
  event('subscription.canceled', 'SubscriptionCanceledEvent', 'Subscription', 'A subscription was canceled.'),
  event(
    'event_registration.created',
    'EventRegistrationCreatedEvent',
    'EventRegistration',
    'Someone was registered for an event.',
  ),
  event(
    'event_registration.cancelled',
    'EventRegistrationCancelledEvent',
    'EventRegistration',
    'An event registration was cancelled.',
  ),
  event('student.created', 'StudentCreatedEvent', 'Student', 'A person became a student of the school.'),
  event('member.roles_changed', 'MemberRolesChangedEvent', 'Member', "A person's roles at the school changed."),
  // Operational events (docs/webhooks.md "Operators hear about failure"): about another endpoint of the school.
  event(
    'webhook_endpoint.failing',
    'WebhookEndpointFailingEvent',
    'WebhookEndpoint',
    'Another webhook endpoint of the school has failed without a success for a day.',
  ),
  event(
    'webhook_endpoint.disabled',
    'WebhookEndpointDisabledEvent',
    'WebhookEndpoint',
    'Another webhook endpoint of the school was disabled.',
  ),
]);

/** Every scope some event type needs. */
export const READ_SCOPES_OF_EVENTS: readonly string[] = [...new Set(WEBHOOK_EVENTS.map((e) => e.scope))].sort();

const BY_TYPE = new Map(WEBHOOK_EVENTS.map((info) => [info.type as string, info]));

/** The resource an event type is about: `order` of `order.paid`. */
const resourceOf = (type: string) => type.slice(0, type.indexOf('.'));

/**
 * /webhooks.md "Wildcards": `*` subscribes to every type of the catalogue, `<resource>.*` to every
 * type of one resource (`order.*`), resolved when an event is written, so a type added to the
 * catalogue later reaches the endpoints whose wildcard covers it (OpenAPI WebhookEventSelector).
 */
export const WEBHOOK_EVENT_WILDCARDS: readonly string[] = [
  '*',
  ...new Set(WEBHOOK_EVENT_TYPES.map((type) => `${resourceOf(type)}.*`)),
];

/** A type of the catalogue or a wildcard: what an endpoint's `event_types` may hold. */
export function isEventSelector(value: string): boolean {
  return isWebhookEventType(value) || WEBHOOK_EVENT_WILDCARDS.includes(value);
}

/** The catalogued types an endpoint's `event_types` (types and wildcards) subscribes to now. */
export function typesSelectedBy(selectors: readonly string[]): WebhookEventType[] {
  return WEBHOOK_EVENT_TYPES.filter((type) =>
    selectors.some((s) => s === type || s === '*' || s === `${resourceOf(type)}.*`),
  );
}

/** Every entry of an `event_types` list that subscribes to `type`: the type itself and its wildcards. */
export function selectorsOf(type: string): string[] {
  return [type, '*', `${resourceOf(type)}.*`];
}

/**
 * The scopes needed to receive or read these event types (a wildcard: every type it covers), each
 * once; `webhook.test` (and any type outside the catalogue) needs none of its own.
 */
export function readScopesOf(types: readonly string[]): string[] {
  const expanded = types.flatMap((type) => (WEBHOOK_EVENT_WILDCARDS.includes(type) ? typesSelectedBy([type]) : type));
  return [...new Set(expanded.flatMap((type) => BY_TYPE.get(type)?.scope ?? []))].sort();
}

/**
 * An event body as stored and sent (OpenAPI AnyWebhookEvent). Services build it from the admin
 * API's own mappers, so its `data` is typed where it is made; readers get it back from JSON.
 */
export type AnyWebhookEvent = {
  id: string;
  type: string;
  version: string;
  created_at: string;
  school: { id: string; slug: string; name: string; url: string };
  data: Record<string, unknown>;
};

/** Sent only by the sendWebhookTestEvent operation, to the one endpoint it names. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
