// SQL for the admin API's lists of people: students (the `student` role) and members (any role).
// Both read one school's site_members, so another school's people are as absent as strangers
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

/**
 * The list's rows before filters: members from site_members (one row per person, joining time and
 * e-mail in its indexes), students joined to their student role, whose time is theirs. Each page
 * walks one index in the list's order and stops (migration 2026-12-01T0001-school-members); the
 * roles are read for the page's rows only.
 */
function selectPeople(db: Db, siteId: string, list: PeopleList) {
  let q = db.selectFrom('site_members as m').innerJoin('people as p', 'p.id', 'm.person_id');
  if (list === 'students')
    q = q.innerJoin('site_roles as s', (join) =>
      join.onRef('s.site_id', '=', 'm.site_id').onRef('s.person_id', '=', 'm.person_id').on('s.role', '=', 'student'),
    );
  const joined = JOINED_AT[list];
  return q
    .where('m.site_id', '=', siteId)
    .select(['p.id', 'p.email', 'p.name', 'p.avatar_url'])
    .select([
      sql.ref<Date>(joined).as('created_at'),
      sql<SiteRole[]>`(select json_agg(r.role order by r.role) from site_roles r
        where r.site_id = m.site_id and r.person_id = m.person_id)`.as('roles'),
      timeText(joined).as('created_exact'),
    ]);
}

type PeopleList = 'students' | 'members';

/** The time each list is about: the student role's (students) or the first role's (members). */
const JOINED_AT: Record<PeopleList, string> = { students: 's.created_at', members: 'm.joined_at' };

function keysetOf(query: PeopleQuery, list: PeopleList) {
  const joined = JOINED_AT[list];
  return keyset(
    sortColumn(
      { [joined]: 'time', 'm.email': 'text' },
      { ...query.sort, column: query.sort.column === 'email' ? 'm.email' : joined },
    ),
    // The tie-breaker from the same table as the sort key, so that the row comparison is an index condition.
    query.sort.column === 'email' || list === 'members' ? 'm.person_id' : 's.person_id',
    query,
  );
}

function conditions(siteId: string, query: PeopleQuery, list: PeopleList): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  const joined = sql.ref(JOINED_AT[list]);
  if (query.search) {
    const pattern = likePattern(query.search);
    where.push(sql<boolean>`(m.email ilike ${pattern} or p.name ilike ${pattern})`);
  }
  if (query.createdAfter) where.push(sql<boolean>`${joined} >= ${query.createdAfter}::timestamptz`);
  if (query.createdBefore) where.push(sql<boolean>`${joined} < ${query.createdBefore}::timestamptz`);
  if (query.role)
    where.push(
      sql<boolean>`exists (select 1 from site_roles x where x.site_id = ${siteId} and x.person_id = m.person_id and x.role = ${query.role})`,
    );
  if (query.courseId)
    where.push(
      sql<boolean>`exists (select 1 from enrollments e where e.site_id = ${siteId} and e.person_id = m.person_id and e.course_id = ${query.courseId}::uuid)`,
    );
  const { after } = keysetOf(query, list);
  if (after) where.push(after);
  return where;
}

async function listPeople(db: Db, siteId: string, query: PeopleQuery, list: PeopleList): Promise<PersonAtSiteRow[]> {
  let q = selectPeople(db, siteId, list);
  for (const condition of conditions(siteId, query, list)) q = q.where(condition);
  return q
    .orderBy(keysetOf(query, list).orderBy)
    .limit(query.limit + 1)
    .execute();
}

export function listStudents(db: Db, siteId: string, query: PeopleQuery): Promise<PersonAtSiteRow[]> {
  return listPeople(db, siteId, { ...query, role: undefined }, 'students');
}

export function listMembers(db: Db, siteId: string, query: PeopleQuery): Promise<PersonAtSiteRow[]> {
  return listPeople(db, siteId, { ...query, courseId: undefined }, 'members');
}

export function findStudent(db: Db, siteId: string, personId: string): Promise<PersonAtSiteRow | undefined> {
  return selectPeople(db, siteId, 'students').where('m.person_id', '=', personId).executeTakeFirst();
}

export function findMember(db: Db, siteId: string, personId: string): Promise<PersonAtSiteRow | undefined> {
  return selectPeople(db, siteId, 'members').where('m.person_id', '=', personId).executeTakeFirst();
}
