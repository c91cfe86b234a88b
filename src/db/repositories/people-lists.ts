// SQL for the admin API's lists of people: students (the `student` role) and members (any role).
// Both read one school's site_roles, so another school's people are as absent as strangers
// (OpenAPI response NotFound: 404, never their data), and share one set of filters, sorts and keyset pages.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../database.ts';
import type { SiteRole } from '../schema.ts';
import { keyset, sortColumn, timeText, type KeysetPage } from '../pagination/keyset.ts';
import { likePattern } from './sql-helpers.ts';

export type PersonAtSiteRow = {
  id: string;
  email: string;
  name: string | null;
  avatar_url: string | null;
  /** When the person got the role (students) or their first role (members) here. */
  created_at: Date;
  /** created_at as ISO 8601 UTC with microseconds: the cursor's time. */
  created_exact: string;
  roles: SiteRole[];
};

/** The sorts of both lists: joining time or e-mail. */
export const PEOPLE_SORTS = { created_at: 'time', email: 'text' } as const;

export type PeopleQuery = KeysetPage & {
  search?: string | undefined;
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
  /** Members holding this role; students are always those holding `student`. */
  role?: SiteRole | undefined;
  /** Students enrolled in this course (in any state). */
  courseId?: string | undefined;
};

/** One row per person with a role here: the roles held and when the first (or the given) one came. */
function rolesAt(db: Db, siteId: string, only?: SiteRole) {
  let q = db
    .selectFrom('site_roles')
    .select((eb) => [
      'person_id',
      eb.fn.min('created_at').as('created_at'),
      sql<SiteRole[]>`json_agg(role order by role)`.as('roles'),
    ])
    .where('site_id', '=', siteId)
    .groupBy('person_id');
  if (only) q = q.where('role', '=', only);
  return q.as('r');
}

function keysetOf(query: PeopleQuery) {
  return keyset(
    sortColumn(
      { 'r.created_at': 'time', 'p.email': 'text' },
      { ...query.sort, column: query.sort.column === 'email' ? 'p.email' : 'r.created_at' },
    ),
    'p.id',
    query,
  );
}

function conditions(siteId: string, query: PeopleQuery): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  if (query.search) {
    const pattern = likePattern(query.search);
    where.push(sql<boolean>`(p.email ilike ${pattern} or p.name ilike ${pattern})`);
  }
  if (query.createdAfter) where.push(sql<boolean>`r.created_at >= ${query.createdAfter}::timestamptz`);
  if (query.createdBefore) where.push(sql<boolean>`r.created_at < ${query.createdBefore}::timestamptz`);
  if (query.role)
    where.push(
      sql<boolean>`exists (select 1 from site_roles x where x.site_id = ${siteId} and x.person_id = p.id and x.role = ${query.role})`,
    );
  if (query.courseId)
    where.push(
      sql<boolean>`exists (select 1 from enrollments e where e.site_id = ${siteId} and e.person_id = p.id and e.course_id = ${query.courseId}::uuid)`,
    );
  const { after } = keysetOf(query);
  if (after) where.push(after);
  return where;
}

function selectPeople(db: Db, siteId: string, only?: SiteRole) {
  return db
    .selectFrom(rolesAt(db, siteId, only))
    .innerJoin('people as p', 'p.id', 'r.person_id')
    .select(['p.id', 'p.email', 'p.name', 'p.avatar_url', 'r.created_at', 'r.roles'])
    .select(timeText('r.created_at').as('created_exact'));
}

async function listPeople(db: Db, siteId: string, query: PeopleQuery, only?: SiteRole): Promise<PersonAtSiteRow[]> {
  let q = selectPeople(db, siteId, only);
  for (const condition of conditions(siteId, query)) q = q.where(condition);
  return q
    .orderBy(keysetOf(query).orderBy)
    .limit(query.limit + 1)
    .execute();
}

export function listStudents(db: Db, siteId: string, query: PeopleQuery): Promise<PersonAtSiteRow[]> {
  return listPeople(db, siteId, { ...query, role: undefined }, 'student');
}

export function listMembers(db: Db, siteId: string, query: PeopleQuery): Promise<PersonAtSiteRow[]> {
  return listPeople(db, siteId, { ...query, courseId: undefined });
}

export function findStudent(db: Db, siteId: string, personId: string): Promise<PersonAtSiteRow | undefined> {
  return selectPeople(db, siteId, 'student').where('p.id', '=', personId).executeTakeFirst();
}

export function findMember(db: Db, siteId: string, personId: string): Promise<PersonAtSiteRow | undefined> {
  return selectPeople(db, siteId).where('p.id', '=', personId).executeTakeFirst();
}
