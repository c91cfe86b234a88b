// The admin API's Student shape, apart from the students service so that code the service
// imports (invitations, the webhook events of new students) can use it without a cycle.
import type { PersonAtSiteRow } from '../../db/repositories/people-lists.ts';
import { toIso } from '../../lib/time.ts';

export function toStudent(row: PersonAtSiteRow) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    avatar_url: row.avatar_url,
    created_at: toIso(row.created_at)!,
  };
}
