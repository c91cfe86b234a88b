// SQL of the enrollment expiry sweep (services/enrollments/expiry-sweep.ts). Claiming is the
// change itself: one UPDATE turns enrollments whose expires_at passed from `active` to `expired`
// and returns them, rows another instance holds are skipped (SKIP LOCKED) and the conditions are
// checked again on the locked row, so each lapse is claimed, and announced, by exactly one caller.
import { sql } from 'kysely';
import type { Db } from '../database.ts';

export type LapsedEnrollment = { id: string; site_id: string };

/** Marks up to `limit` lapsed enrollments expired, in `trx`; the ones this call marked. */
export async function claimLapsedEnrollments(trx: Db, limit: number): Promise<LapsedEnrollment[]> {
  const { rows } = await sql<LapsedEnrollment>`
    update enrollments set status = 'expired'
    where id in (
      select id from enrollments
      where status = 'active' and expires_at <= now()
      order by expires_at
      limit ${limit}
      for update skip locked)
    and status = 'active' and expires_at <= now()
    returning id, site_id`.execute(trx);
  return rows;
}
