// Rules of lecturer profiles: slugs derived from names and unique per school (409), a linked
// person must hold a role at this school (422: identities are global, and a profile must not
// reach into another school's people), a profile that still teaches is not deleted (409), and
// assignments are idempotent both ways (OpenAPI tag Lecturers).
import type { Db } from '../../db/database.ts';
import { courseExists } from '../../db/repositories/course-sections.ts';
import * as repo from '../../db/repositories/lecturers.ts';
import type { LecturerRow } from '../../db/repositories/lecturers.ts';
import { listRolesAtSite } from '../../db/repositories/people.ts';
import { mapIntegrityError } from '../integrity-errors.ts';
import { NotFound, Conflict, RuleViolation } from '../errors.ts';
import { listWindow, pageOf } from '../list-window.ts';
import { slugify } from '../../lib/slug.ts';
import { toIso } from '../../lib/time.ts';
import type { Site } from '../school/sites.ts';
import { withSanitizedHtml } from '../../lib/rich-text.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

export type LecturerInput = {
  name?: string;
  slug?: string;
  headline?: string | null;
  bio?: string | null;
  avatar_url?: string | null;
  email?: string | null;
  person_id?: string | null;
};

const UNIQUE_FIELDS = { lecturers_site_id_slug_key: 'slug' };
const lecturerNotFound = () => new NotFound('No lecturer with that id at this school.');
const courseNotFound = () => new NotFound('No course with that id at this school.');

export function toLecturer(row: LecturerRow, courseIds: readonly string[]) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    headline: row.headline,
    bio: row.bio,
    avatar_url: row.avatar_url,
    email: row.email,
    person_id: row.person_id,
    course_ids: [...courseIds],
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

export function createLecturerAdmin(db: Db, cursors: CursorCodec) {
  async function withCourses(site: Site, rows: LecturerRow[]) {
    const courses = await repo.listCourseIdsOf(
      db,
      site.id,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toLecturer(row, courses.get(row.id) ?? []));
  }

  async function one(site: Site, row: LecturerRow | undefined) {
    if (!row) throw lecturerNotFound();
    return (await withCourses(site, [row]))[0]!;
  }

  async function checkPerson(site: Site, personId: string | null | undefined): Promise<void> {
    if (!personId) return;
    if ((await listRolesAtSite(db, site.id, personId)).length > 0) return;
    throw new RuleViolation('A lecturer profile can only link to a person with a role at this school.', [
      { pointer: '/body/person_id', detail: 'is not a person with a role at this school' },
    ]);
  }

  async function list(
    site: Site,
    query: { limit?: number; cursor?: string; q?: string; person_id?: string; sort?: string },
    courseId?: string,
  ) {
    const window = listWindow(cursors, courseId ? 'course-lecturers' : 'lecturers', query, repo.LECTURER_SORTS, 'name');
    const { sort } = window;
    const rows = await repo.listLecturers(db, site.id, {
      ...window,
      search: query.q,
      personId: query.person_id,
      courseId,
    });
    const page = pageOf(
      rows,
      window,
      (row) => (sort.column === 'created_at' ? row.created_at_exact : row.name),
      (row) => row,
    );
    return { data: await withCourses(site, page.data), next_cursor: page.next_cursor };
  }

  return {
    list,
    async listForCourse(site: Site, courseId: string, query: { limit?: number; cursor?: string }) {
      if (!(await courseExists(db, site.id, courseId))) throw courseNotFound();
      return list(site, query, courseId);
    },
    async get(site: Site, id: string) {
      return one(site, await repo.findLecturer(db, site.id, id));
    },
    async create(site: Site, input: LecturerInput & { name: string }) {
      await checkPerson(site, input.person_id);
      const row = await repo
        // OpenAPI "School text and HTML": the bio is school HTML, sanitised on every write (lib/rich-text.ts).
        .insertLecturer(db, {
          ...withSanitizedHtml(input, ['bio']),
          site_id: site.id,
          slug: input.slug ?? slugify(input.name),
        })
        .catch((error: unknown) => mapIntegrityError(error, UNIQUE_FIELDS, 'A lecturer'));
      return one(site, row);
    },
    async update(site: Site, id: string, input: LecturerInput) {
      await checkPerson(site, input.person_id);
      const row = await repo
        .updateLecturer(db, site.id, id, withSanitizedHtml(input, ['bio']))
        .catch((error: unknown) => mapIntegrityError(error, UNIQUE_FIELDS, 'A lecturer'));
      return one(site, row);
    },
    async remove(site: Site, id: string): Promise<void> {
      if (!(await repo.findLecturer(db, site.id, id))) throw lecturerNotFound();
      if (!(await repo.deleteUnassignedLecturer(db, site.id, id)))
        throw new Conflict('This lecturer still teaches a course; unassign them from every course first.');
    },
    // PUT and DELETE of the pair are idempotent; only an unknown course or lecturer is a 404.
    async assign(site: Site, courseId: string, lecturerId: string) {
      if (!(await courseExists(db, site.id, courseId))) throw courseNotFound();
      const lecturer = await repo.findLecturer(db, site.id, lecturerId);
      if (!lecturer) throw lecturerNotFound();
      await repo.assignLecturer(db, courseId, lecturerId);
      return one(site, lecturer);
    },
    async unassign(site: Site, courseId: string, lecturerId: string): Promise<void> {
      if (!(await courseExists(db, site.id, courseId))) throw courseNotFound();
      if (!(await repo.findLecturer(db, site.id, lecturerId))) throw lecturerNotFound();
      await repo.unassignLecturer(db, courseId, lecturerId);
    },
  };
}

export type LecturerAdmin = ReturnType<typeof createLecturerAdmin>;
