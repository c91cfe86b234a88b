// Every foreign key leads an index (guide "bounded work per request"; foreign-key-indexes.test.ts
// holds every key to it). When a row is deleted, PostgreSQL finds the rows that reference it (to
// cascade, set null or refuse) by the referencing columns; without an index leading with them, it
// reads the whole referencing table. Most of these tables had an index on (site_id, column), which
// that lookup cannot use: deleting a lecture read all 1,000,000 enrollments of the large
// benchmark dataset to clear their last-watched lecture, and deleting a person read every
// enrollment, grant and membership of every school. Ids are global, so the column alone is enough.
// Nullable columns get a partial index over the rows that reference anything: the lookup's
// equality implies it, and rows referencing nothing cost no index entry.
// Frozen once landed.
import { sql, type Kysely } from 'kysely';

/** [table, column, nullable] */
const KEYS: ReadonlyArray<readonly [string, string, boolean]> = [
  ['enrollments', 'person_id', false],
  ['enrollments', 'last_watched_lecture_id', true],
  ['oauth_grants', 'person_id', false],
  ['site_members', 'person_id', false],
  ['audit_events', 'actor_person_id', true],
  ['oauth_authorization_codes', 'site_id', false],
  ['oauth_authorization_codes', 'client_row_id', false],
  ['oauth_authorization_codes', 'person_id', false],
  ['oauth_authorization_codes', 'grant_id', false],
  ['lectures', 'course_id', false],
  ['lecture_progress', 'lecture_id', false],
  ['order_items', 'order_id', false],
  ['orders', 'coupon_id', true],
  ['orders', 'person_id', false],
  ['comments', 'person_id', false],
  ['event_registrations', 'person_id', false],
  ['events', 'course_id', true],
  ['form_submissions', 'person_id', true],
  ['form_submissions', 'form_id', false],
  ['posts', 'author_person_id', true],
  ['subscriptions', 'plan_id', false],
  ['subscriptions', 'person_id', false],
  ['oauth_clients', 'created_by_person_id', true],
  ['stored_files', 'uploaded_by_person_id', true],
  ['digital_products', 'file_id', true],
  ['site_appearances', 'logo_file_id', true],
  ['oauth_sessions', 'site_id', false],
  ['oauth_sessions', 'person_id', false],
  ['oauth_consents', 'person_id', false],
  ['oauth_consents', 'client_row_id', false],
  ['lecturers', 'person_id', true],
  ['webhook_events', 'site_id', false],
  ['webhook_deliveries', 'site_id', false],
  ['school_invitations', 'person_id', true],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column, nullable] of KEYS) {
    const where = nullable ? ` where ${column} is not null` : '';
    await sql.raw(`create index ${table}_${column}_fk on ${table} (${column})${where}`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column] of KEYS) await sql.raw(`drop index ${table}_${column}_fk`).execute(db);
}
