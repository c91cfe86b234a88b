// Granting and removing an enrollment inside a caller's transaction, with its webhook event, so
// enrolling through the admin API and an order that sells or refunds a course share one rule.
import type { Db } from '../../db/database.ts';
import * as repo from '../../db/repositories/enrollments.ts';
import { recordEvent } from '../webhooks/outbox.ts';
import type { Site } from '../school/sites.ts';
import type { Access } from './enrollment-access.ts';
import { toEnrollment } from './enrollment-shape.ts';

/**
 * Enrolls the person with `access`; an existing enrollment is kept as it is (enrolling is idempotent).
 * `manual`: the school grants it itself (enrollStudent), rather than an order selling it.
 * @returns the enrollment, and whether this call created it (webhook enrollment.created)
 */
export async function grantEnrollment(
  trx: Db,
  site: Site,
  personId: string,
  courseId: string,
  access: Access,
  manual: boolean,
) {
  const id = await repo.insertEnrollment(trx, {
    site_id: site.id,
    person_id: personId,
    course_id: courseId,
    status: 'active',
    // The school's own grant (enrollStudent) keeps access through a refund of an order (refund-access.ts).
    manual_grant: manual,
    ...access,
  });
  // An existing enrollment (or a concurrent enroll that won the unique (site_id, person_id, course_id)).
  const row = id
    ? await repo.findEnrollment(trx, site.id, id)
    : await repo.findEnrollmentOf(trx, site.id, personId, courseId);
  const enrollment = toEnrollment(row!);
  if (id !== undefined) await recordEvent(trx, site, 'enrollment.created', enrollment);
  return { created: id !== undefined, enrollment };
}

/**
 * Deletes the enrollment with its progress; webhook enrollment.revoked carries it as it was just before.
 * @returns false when there is no such enrollment
 */
export async function revokeEnrollment(trx: Db, site: Site, id: string): Promise<boolean> {
  const row = await repo.findEnrollment(trx, site.id, id);
  if (!row || !(await repo.deleteEnrollment(trx, site.id, id))) return false;
  await recordEvent(trx, site, 'enrollment.revoked', toEnrollment(row));
  return true;
}
