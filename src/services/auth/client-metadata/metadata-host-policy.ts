// The admin API's side of "only owners change the allowlist" (see
// services/auth/client-metadata/metadata-host-owners.ts): updateSchool from an admin that would change
// allowed_metadata_hosts or open_registration is 403 in the problem shape (RFC 9457), naming the
// field; the same values sent back unchanged are no change and pass.
import type { Db } from '../../../db/database.ts';
import { Forbidden } from '../../errors.ts';
import { changesMetadataHostPolicy, OwnerRequired, requireOwner } from './metadata-host-owners.ts';
import type { Site } from '../../school/sites.ts';

export async function checkMetadataHostPolicyChange(
  db: Db,
  site: Site,
  input: { allowed_metadata_hosts?: string[]; open_registration?: boolean },
  personId: string | null | undefined,
): Promise<void> {
  if (!changesMetadataHostPolicy(site, input)) return;
  try {
    await requireOwner(db, site.id, personId);
  } catch (error) {
    if (!(error instanceof OwnerRequired)) throw error;
    const pointer =
      input.allowed_metadata_hosts !== undefined ? '/body/allowed_metadata_hosts' : '/body/open_registration';
    throw new Forbidden('owner-required', error.message, [
      { pointer, detail: 'only an owner of the school may change this' },
    ]);
  }
}
