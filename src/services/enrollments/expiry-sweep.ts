// docs/webhooks.md "Time-driven events": `enrollment.expired` when an enrollment's expires_at
// passes, exactly once per lapse on any number of instances. The claim (turning the enrollment
// `expired`) and its event are one transaction: an instance that dies between them announces
// nothing and claims nothing, and the next sweep finds the enrollment again. expireEnrollment ends
// only enrollments whose time has not passed (repositories/enrollments.ts endEnrollment), so the
// two never announce one end twice.
import type { Db } from '../../db/database.ts';
import { claimLapsedEnrollments } from '../../db/repositories/enrollment-lapses.ts';
import { findEnrollment } from '../../db/repositories/enrollments.ts';
import { recordEvent } from '../webhooks/outbox.ts';
import { toEnrollment } from './enrollment-shape.ts';

/** Enrollments announced per transaction: a bounded transaction, however many lapsed at once. */
const BATCH = 100;

/** Announces every enrollment that lapsed since the last sweep. @returns how many */
export async function announceLapsedEnrollments(db: Db): Promise<number> {
  let announced = 0;
  for (;;) {
    const claimed = await db.transaction().execute(async (trx) => {
      const lapsed = await claimLapsedEnrollments(trx, BATCH);
      for (const { id, site_id } of lapsed) {
        const row = await findEnrollment(trx, site_id, id);
        await recordEvent(trx, site_id, 'enrollment.expired', toEnrollment(row!));
      }
      return lapsed.length;
    });
    announced += claimed;
    if (claimed < BATCH) return announced;
  }
}
