// The audit entry of a change made by an operator command (client changes, with who,
// what, when and from where). There is no person or address behind a terminal command: the
// operating-system account and the host stand in for them. Through the control socket the server
// runs as the same account on the same host (the socket is 0600), so the entry reads the same.
import os from 'node:os';
import type { Db } from '../../db/database.ts';
import type { AuditEvent } from '../../db/repositories/audit-events.ts';
import { createAuditLog } from '../../services/audit/audit-log.ts';

export function cliActor(): { via: 'cli'; os_user: string; host: string } {
  let user = process.env.USER ?? 'unknown';
  try {
    user = os.userInfo().username;
  } catch {
    // no passwd entry for this uid (containers): keep $USER
  }
  return { via: 'cli', os_user: user, host: os.hostname() };
}

export async function recordCliChange(
  db: Db,
  event: Omit<AuditEvent, 'ip' | 'actorPersonId' | 'actorClientId'>,
): Promise<void> {
  await createAuditLog(db).record({ ...event, details: { ...cliActor(), ...event.details } }, (error) => {
    process.stderr.write(`audit entry not written: ${error instanceof Error ? error.message : String(error)}\n`);
  });
}
