// Who is acting in the admin and account areas, and the one way their changes reach the audit log
// (every change made in the admin area is written there, with who, what and from where).
import type { Db } from '../../db/database.ts';
import { findPerson, listRolesAtSite } from '../../db/repositories/people.ts';
import type { SiteRole } from '../../db/schema.ts';
import type { AuditLog } from './audit-log.ts';
import { KeyedError } from '../../lib/text-key.ts';

export type Actor = { siteId: string; personId: string; ip: string };

export type AreaPerson = { personId: string; email: string; name: string | null; roles: SiteRole[] };

/** Owners and admins run the school; lecturers and students do not enter the admin area. */
export function isOperator(roles: readonly SiteRole[]): boolean {
  return roles.includes('owner') || roles.includes('admin');
}

/** The signed-in person with their roles at this school; undefined if the person is gone. */
export async function findAreaPerson(db: Db, siteId: string, personId: string): Promise<AreaPerson | undefined> {
  const person = await findPerson(db, personId);
  if (!person) return undefined;
  return {
    personId: person.id,
    email: person.email,
    name: person.name,
    roles: await listRolesAtSite(db, siteId, personId),
  };
}

export type Change = { action: string; targetType?: string; targetId?: string; details?: Record<string, unknown> };

export function recordChange(audit: AuditLog, actor: Actor, change: Change): Promise<void> {
  return audit.record({ siteId: actor.siteId, actorPersonId: actor.personId, ip: actor.ip, ...change });
}

/** A row the page named does not exist at this school (or no longer does); its words are a catalogue key. */
export class AreaNotFound extends KeyedError {}

/** The person may enter the area, but their roles do not allow this section; its words are a catalogue key. */
export class AreaForbidden extends KeyedError {}
