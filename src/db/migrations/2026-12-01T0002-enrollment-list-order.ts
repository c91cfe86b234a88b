// The admin API's enrollments list pages in the order of an index instead of sorting every
// enrollment of the school for every page: newest first by enrolled_at, then id (a keyset page,
// pagination/keyset.ts), for the whole school or for one course. Without these, a page of 20 out of
// the large benchmark dataset's 1,000,000 enrollments sorted all of them (guide "bounded work per
// request"). A course belongs to one school, so the course's index needs no site_id before it: it
// also serves the foreign key's check when a course is deleted (a (site_id, ...) index cannot), and
// replaces the first migration's (site_id, course_id), one index fewer to write on every enrollment.
// Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index enrollments_site_enrolled on enrollments (site_id, enrolled_at, id)`.execute(db);
  await sql`create index enrollments_course_enrolled on enrollments (course_id, enrolled_at, id)`.execute(db);
  await sql`drop index enrollments_site_id_course_id_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index enrollments_site_id_course_id_idx on enrollments (site_id, course_id)`.execute(db);
  await sql`drop index enrollments_course_enrolled`.execute(db);
  await sql`drop index enrollments_site_enrolled`.execute(db);
}
