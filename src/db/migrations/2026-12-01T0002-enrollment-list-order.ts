// The admin API's enrollments list pages in the order of an index instead of sorting every
// enrollment of the school for every page: newest first by enrolled_at, then id (a keyset page,
// pagination/keyset.ts), for the whole school or for one course. Without these, a page of 20 out of
// the large benchmark dataset's 1,000,000 enrollments sorted all of them (guide "bounded work per
// request"). The (site_id, course_id) index of the first migration is a prefix of the second one,
// so it goes: one index fewer to write on every enrollment.
// Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index enrollments_site_enrolled on enrollments (site_id, enrolled_at, id)`.execute(db);
  await sql`create index enrollments_site_course_enrolled on enrollments (site_id, course_id, enrolled_at, id)`.execute(
    db,
  );
  await sql`drop index enrollments_site_id_course_id_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index enrollments_site_id_course_id_idx on enrollments (site_id, course_id)`.execute(db);
  await sql`drop index enrollments_site_course_enrolled`.execute(db);
  await sql`drop index enrollments_site_enrolled`.execute(db);
}
