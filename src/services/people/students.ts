// Rules of the admin API's students (OpenAPI tag Students). A student is a global
// identity holding the `student` role here. Inviting someone who does not belong here yet records
// an invitation they accept themselves (nothing attached without the person's consent); inviting again is idempotent.
// The school owns the role and its enrollments, not the identity: removing a student deletes
// those two and nothing else, and the shared name changes only while no other school knows them.
import type { Db } from '../../db/database.ts';
import { listAllEnrollmentsOf } from '../../db/repositories/enrollments.ts';
import { findStudent, listStudents, type PersonAtSiteRow } from '../../db/repositories/people-lists.ts';
import * as people from '../../db/repositories/school-people.ts';
import { NotFound, RuleViolation } from '../errors.ts';
import { pageOf } from '../list-window.ts';
import { cancelInvitation, inviteToSchool, pendingInvitations, resendInvitation } from './invitations.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import type { Site } from '../school/sites.ts';
import { toEnrollment } from '../enrollments/enrollment-shape.ts';
import { normalizeEmail, peopleQueryOf, sortKeyOf, type PeopleListInput } from './people-query.ts';
import { applyRoleChange, type ChangeActor } from './role-changes.ts';
import { toStudent } from './people-shapes.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

export { toStudent };

export function createStudentAdmin(db: Db, cursors: CursorCodec, mail: MailOutbox) {
  async function mustFind(site: Site, id: string): Promise<PersonAtSiteRow> {
    const row = await findStudent(db, site.id, id);
    if (!row) throw new NotFound('No student with that id at this school.');
    return row;
  }

  return {
    async list(site: Site, input: PeopleListInput & { course_id?: string }) {
      const query = { ...peopleQueryOf(cursors, 'students', input), courseId: input.course_id };
      return pageOf(await listStudents(db, site.id, query), query, sortKeyOf(query), toStudent);
    },
    async get(site: Site, id: string) {
      const student = toStudent(await mustFind(site, id));
      const enrollments = (await listAllEnrollmentsOf(db, site.id, id)).map(toEnrollment);
      const count = (pick: (e: (typeof enrollments)[number]) => boolean) => enrollments.filter(pick).length;
      return {
        ...student,
        enrollment_counts: {
          total: enrollments.length,
          active: count((e) => e.status === 'active'),
          expired: count((e) => e.status === 'expired'),
          completed: count((e) => e.completed_at !== null),
        },
        enrollments,
      };
    },
    /** inviteStudent: a member here becomes a student at once; anyone else is invited (services/people/invitations.ts). */
    /** OpenAPI resendStudentInvitation: a fresh link mailed for a pending invitation (services/people/invitations.ts). */
    resendInvitation(site: Site, id: string) {
      return resendInvitation(db, mail, site, id, 'student');
    },
    /** The student invitations still waiting for an answer (the admin area lists them with resend and cancel). */
    pendingInvitations(site: Site) {
      return pendingInvitations(db, site, 'student');
    },
    cancelInvitation(site: Site, id: string) {
      return cancelInvitation(db, site, id, 'student');
    },
    async invite(site: Site, input: { email: string; name: string }) {
      const outcome = await inviteToSchool(db, mail, site, {
        email: normalizeEmail(input.email),
        name: input.name.trim(),
        role: 'student',
      });
      if (outcome.kind === 'invited') return outcome;
      return {
        kind: 'student' as const,
        created: outcome.created,
        student: toStudent(await mustFind(site, outcome.personId)),
      };
    },
    async update(site: Site, id: string, input: { name: string }) {
      await mustFind(site, id);
      // The name belongs to the identity every school shares: one school must not rename a person
      // another school knows (who may be its owner). The person can still change it themselves.
      if (await people.hasRoleElsewhere(db, site.id, id)) {
        throw new RuleViolation('This person also belongs to another school, so only they can change their name.', [
          { pointer: '/body/name', detail: 'cannot be changed for an identity shared with another school' },
        ]);
      }
      await people.updateIdentityName(db, id, input.name.trim());
      return toStudent(await mustFind(site, id));
    },
    /** /auth.md "Access follows the school": a student removed here keeps no grant a student role allowed. */
    async remove(site: Site, id: string, actor: ChangeActor = {}): Promise<void> {
      await mustFind(site, id);
      await db.transaction().execute(async (trx) => {
        await people.deleteEnrollmentsOfPerson(trx, site.id, id);
        await applyRoleChange(trx, site.id, id, { action: 'student.removed', removed: ['student'], added: [] }, actor);
      });
    },
  };
}

export type StudentAdmin = ReturnType<typeof createStudentAdmin>;
