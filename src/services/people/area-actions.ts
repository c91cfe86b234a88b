// "Students" and "Staff" in the admin area: the admin API's own people rules (students.ts,
// members.ts, enrollments, progress and the invitations, the very functions its handlers call),
// for a person signed in to the area. Added here only what a page needs besides: the person as the
// audit actor of each change (role changes write their own entry, role-changes.ts).
import type { SiteRole } from '../../db/schema.ts';
import type { AdminServices } from '../admin-services.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { recordChange, type Actor } from '../audit/actor.ts';
import type { Site } from '../school/sites.ts';

/** The most courses the enroll and order forms offer; a school with more types the rest into the API. */
export const COURSES_OFFERED = 100;

type PeopleServices = Pick<AdminServices, 'students' | 'members' | 'enrollments' | 'studentProgress' | 'courses'>;

export function createPeopleAreaActions(audit: AuditLog, admin: PeopleServices) {
  const { students, members, enrollments } = admin;
  return {
    students,
    members,
    enrollments,
    progress: admin.studentProgress,

    /** Courses a student may be enrolled in: every course but the archived ones (enrollments.ts refuses those). */
    async enrollableCourses(site: Site) {
      const { data } = await admin.courses.list(site, { limit: COURSES_OFFERED, sort: 'title' });
      return data.filter((course) => course.status !== 'archived');
    },

    async inviteStudent(site: Site, actor: Actor, input: { email: string; name: string }) {
      const outcome = await students.invite(site, input);
      const targetId = outcome.kind === 'invited' ? outcome.invitation.id : outcome.student.id;
      await recordChange(audit, actor, {
        action: 'student.invited',
        targetType: outcome.kind === 'invited' ? 'invitation' : 'person',
        targetId,
        details: { email: input.email.trim().toLowerCase() },
      });
      return outcome;
    },

    async enroll(site: Site, actor: Actor, personId: string, courseId: string) {
      const result = await enrollments.enroll(site, personId, { course_id: courseId });
      await recordChange(audit, actor, {
        action: 'enrollment.granted',
        targetType: 'enrollment',
        targetId: result.enrollment.id,
        details: { course_id: courseId, person_id: personId, created: result.created },
      });
      return result;
    },

    async expire(site: Site, actor: Actor, enrollmentId: string) {
      const enrollment = await enrollments.expire(site, enrollmentId);
      await recordChange(audit, actor, {
        action: 'enrollment.expired',
        targetType: 'enrollment',
        targetId: enrollmentId,
      });
      return enrollment;
    },

    async revoke(site: Site, actor: Actor, enrollmentId: string) {
      await enrollments.unenroll(site, enrollmentId);
      await recordChange(audit, actor, {
        action: 'enrollment.revoked',
        targetType: 'enrollment',
        targetId: enrollmentId,
      });
    },

    async inviteMember(
      site: Site,
      actor: Actor,
      input: { email: string; name: string; role: 'owner' | 'admin' | 'lecturer' },
    ) {
      const outcome = await members.invite(site, input);
      await recordChange(audit, actor, {
        action: 'member.invited',
        targetType: outcome.kind === 'invited' ? 'invitation' : 'person',
        targetId: outcome.kind === 'invited' ? outcome.invitation.id : outcome.member.id,
        details: { email: input.email.trim().toLowerCase(), role: input.role },
      });
      return outcome;
    },

    /** The audit entry is the role change's own (role-changes.ts), with this person as its actor. */
    setRoles(site: Site, actor: Actor, personId: string, roles: SiteRole[]) {
      return members.setRoles(site, personId, roles, { personId: actor.personId, ip: actor.ip });
    },

    async resendInvitation(site: Site, actor: Actor, kind: 'student' | 'staff', id: string) {
      const invitation = await (kind === 'student' ? students : members).resendInvitation(site, id);
      await recordChange(audit, actor, { action: 'invitation.resent', targetType: 'invitation', targetId: id });
      return invitation;
    },

    async cancelInvitation(site: Site, actor: Actor, kind: 'student' | 'staff', id: string) {
      const cancelled = await (kind === 'student' ? students : members).cancelInvitation(site, id);
      await recordChange(audit, actor, {
        action: 'invitation.cancelled',
        targetType: 'invitation',
        targetId: id,
        details: { email: cancelled.email, role: cancelled.role },
      });
      return cancelled;
    },
  };
}

export type PeopleAreaActions = ReturnType<typeof createPeopleAreaActions>;
