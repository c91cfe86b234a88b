// Webhook student.created: a person gained the student role at a school, however it happened
// (inviteStudent for someone already here, an accepted invitation, setMemberRoles). `data` is the
// admin API's Student, written in the caller's transaction.
import type { Db } from '../../db/database.ts';
import { findStudent } from '../../db/repositories/people-lists.ts';
import { toStudent } from '../people/people-shapes.ts';
import { recordEvent } from './outbox.ts';

export async function recordStudentCreated(trx: Db, siteId: string, personId: string): Promise<void> {
  const row = await findStudent(trx, siteId, personId);
  if (row) await recordEvent(trx, siteId, 'student.created', toStudent(row));
}
