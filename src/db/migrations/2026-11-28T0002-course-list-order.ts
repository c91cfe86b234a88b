// The course lists page in the order of an index instead of sorting the whole catalog for every
// page. The admin list (created_at or title, then id) and the public catalog (published_at, then
// id, over published public courses) are keyset pages (pagination/keyset.ts): with an index in
// their order PostgreSQL reads the page's rows and stops; without one it read and sorted every
// course of the school on each request, and computed each row's cursor text before the sort, so a
// page cost grew with the catalog (205 courses: 155 µs of PostgreSQL time per admin list page,
// 31 µs with the index; bench/ANALYSIS.md, 2026-11-28 "lists in index order").
// Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index courses_site_created on courses (site_id, created_at, id)`.execute(db);
  await sql`create index courses_site_title on courses (site_id, title, id)`.execute(db);
  await sql`create index courses_catalog on courses (site_id, published_at, id)
    where status = 'published' and visibility = 'public'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index courses_catalog`.execute(db);
  await sql`drop index courses_site_title`.execute(db);
  await sql`drop index courses_site_created`.execute(db);
}
