// SQL for reading the audit log in the admin area, newest first, one keyset page at a
// time (pagination/keyset.ts), narrowed by the page's filters; and the names its sentences use.
import type { Db } from '../database.ts';
import { columnKey, keyset, type KeysetPage } from '../pagination/keyset.ts';

export type AuditLogRow = {
  id: string;
  action: string;
  actor_email: string | null;
  actor_name: string | null;
  actor_client_id: string | null;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  created_at: Date;
  /** created_at as ISO 8601 UTC with microseconds: the cursor's time. */
  t: string;
};

/** The filters in SQL terms; each one left out matches every row. */
export type AuditLogQuery = {
  /** Part of the actor's e-mail address, lower case (addresses are stored lower case). */
  actor?: string | undefined;
  action?: string | undefined;
  /** Events at or after this instant. */
  since?: Date | undefined;
  /** Events before this instant. */
  until?: Date | undefined;
};

export async function listAuditEvents(
  db: Db,
  siteId: string,
  page: KeysetPage,
  filter: AuditLogQuery = {},
): Promise<AuditLogRow[]> {
  const keyed = keyset(columnKey('a.created_at', 'time'), 'a.id', page);
  let query = db
    .selectFrom('audit_events as a')
    .leftJoin('people as p', 'p.id', 'a.actor_person_id')
    .select([
      'a.id',
      'a.action',
      'p.email as actor_email',
      'p.name as actor_name',
      'a.actor_client_id',
      'a.target_type',
      'a.target_id',
      'a.details',
      'a.ip',
      'a.created_at',
      keyed.value.as('t'),
    ])
    .where('a.site_id', '=', siteId);
  // strpos, not LIKE: the person's text is matched as it is, `%` and `_` included.
  if (filter.actor) query = query.where((eb) => eb(eb.fn('strpos', ['p.email', eb.val(filter.actor)]), '>', 0));
  if (filter.action) query = query.where('a.action', '=', filter.action);
  if (filter.since) query = query.where('a.created_at', '>=', filter.since);
  if (filter.until) query = query.where('a.created_at', '<', filter.until);
  if (keyed.after) query = query.where(keyed.after);
  return query
    .orderBy(keyed.orderBy)
    .limit(page.limit + 1)
    .execute() as Promise<AuditLogRow[]>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Distinct ids that are uuids: audit targets and details are text, and a cast of another would fail. */
const uuids = (ids: readonly string[]) => [...new Set(ids.filter((id) => UUID.test(id)))];

/** What the audit log's sentences name, looked up by the ids its rows hold. */
export type AuditNameIds = {
  people: string[];
  clients: string[];
  courses: string[];
  enrollments: string[];
  webhookEndpoints: string[];
};

export type AuditNames = {
  /** Person id -> e-mail address. */
  people: Map<string, string>;
  /** client_id -> name (the school's clients and the service's vendor integrations). */
  clients: Map<string, string>;
  /** Course id -> title (the school's). */
  courses: Map<string, string>;
  /** Enrollment id -> its student's address and course's title (the school's). */
  enrollments: Map<string, { email: string; title: string }>;
  /** Webhook endpoint id -> URL (the school's). */
  webhookEndpoints: Map<string, string>;
};

/** The names behind the ids of a page of rows, a query per kind; what no longer exists is left out. */
export async function auditNames(db: Db, siteId: string, ids: AuditNameIds): Promise<AuditNames> {
  const people = uuids(ids.people);
  const clients = [...new Set(ids.clients)];
  const courses = uuids(ids.courses);
  const enrollments = uuids(ids.enrollments);
  const endpoints = uuids(ids.webhookEndpoints);
  const [personRows, clientRows, courseRows, enrollmentRows, endpointRows] = await Promise.all([
    people.length ? db.selectFrom('people').select(['id', 'email']).where('id', 'in', people).execute() : [],
    clients.length
      ? db
          .selectFrom('oauth_clients')
          .select(['client_id', 'name'])
          .where('client_id', 'in', clients)
          .where((eb) => eb.or([eb('site_id', '=', siteId), eb('site_id', 'is', null)]))
          .execute()
      : [],
    courses.length
      ? db
          .selectFrom('courses')
          .select(['id', 'title'])
          .where('site_id', '=', siteId)
          .where('id', 'in', courses)
          .execute()
      : [],
    enrollments.length
      ? db
          .selectFrom('enrollments as e')
          .innerJoin('people as p', 'p.id', 'e.person_id')
          .innerJoin('courses as c', 'c.id', 'e.course_id')
          .select(['e.id', 'p.email', 'c.title'])
          .where('e.site_id', '=', siteId)
          .where('e.id', 'in', enrollments)
          .execute()
      : [],
    endpoints.length
      ? db
          .selectFrom('webhook_endpoints')
          .select(['id', 'url'])
          .where('site_id', '=', siteId)
          .where('id', 'in', endpoints)
          .execute()
      : [],
  ]);
  return {
    people: new Map(personRows.map((r) => [r.id, r.email])),
    clients: new Map(clientRows.map((r) => [r.client_id, r.name])),
    courses: new Map(courseRows.map((r) => [r.id, r.title])),
    enrollments: new Map(enrollmentRows.map((r) => [r.id, { email: r.email, title: r.title }])),
    webhookEndpoints: new Map(endpointRows.map((r) => [r.id, r.url])),
  };
}
