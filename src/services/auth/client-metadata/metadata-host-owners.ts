// Who may change which hosts a school accepts Client ID Metadata Documents from (rule:
// "only owners change the allowlist"). The allowlist and open registration (which admits every
// host) decide which URLs an anonymous party can make this server fetch and which applications
// its people are shown on consent pages; that is the school's security boundary, so it belongs to
// its owners, not to every admin. One rule for every surface: the admin API (updateSchool) and the
// admin area ("Client metadata documents") both ask it; each renders the refusal in its own shape.
import type { Db } from '../../../db/database.ts';
import { listRolesAtSite } from '../../../db/repositories/people.ts';
import type { Site } from '../../school/sites.ts';

export class OwnerRequired extends Error {}

export const OWNER_REQUIRED_MESSAGE =
  'Only an owner of this school can change which hosts may identify applications by a metadata document (the allowed hosts and open registration).';

/** @throws OwnerRequired unless `personId` holds the owner role at this school. */
export async function requireOwner(db: Db, siteId: string, personId: string | null | undefined): Promise<void> {
  const roles = personId ? await listRolesAtSite(db, siteId, personId) : [];
  if (!roles.includes('owner')) throw new OwnerRequired(OWNER_REQUIRED_MESSAGE);
}

/** Whether a settings change would alter the allowlist or open registration (sending them unchanged is no change). */
export function changesMetadataHostPolicy(
  site: Site,
  input: { allowed_metadata_hosts?: string[]; open_registration?: boolean },
): boolean {
  if (input.open_registration !== undefined && input.open_registration !== site.openRegistration) return true;
  if (input.allowed_metadata_hosts === undefined) return false;
  const wanted = new Set(input.allowed_metadata_hosts.map((h) => h.toLowerCase()));
  const current = new Set(site.allowedMetadataHosts.map((h) => h.toLowerCase()));
  return wanted.size !== current.size || [...wanted].some((h) => !current.has(h));
}
