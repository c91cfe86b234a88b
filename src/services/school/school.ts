// Rules of the school's settings (OpenAPI tag School: get, partial update).
// Origin and slug are read-only: the origin is the school's OAuth issuer and resource. Beta flags
// merge; metadata-document hosts are stored lower case, as the host check compares them.
import type { Db } from '../../db/database.ts';
import {
  getSchoolSettings,
  updateSchoolSettings,
  type SchoolSettingsChanges,
} from '../../db/repositories/school-settings.ts';
import type { SiteRow } from '../../db/repositories/sites.ts';
import { toIso } from '../../lib/time.ts';
import type { Site } from './sites.ts';
import { checkMetadataHostPolicyChange } from '../auth/client-metadata/metadata-host-policy.ts';
import { canonicalTimeZone } from '../time-zones.ts';
import { afterFeatureChange } from './feature-changes.ts';
import { betaFeaturesOf, schoolFields } from '../row-fields.ts';
import type { ChangeActor } from '../people/role-changes.ts';

export type SchoolInput = {
  name?: string;
  description?: string | null;
  locale?: string;
  currency?: string;
  timezone?: string;
  contact_email?: string | null;
  beta_features?: { mcp_connections?: boolean; [flag: string]: boolean | undefined };
  allowed_metadata_hosts?: string[];
  open_registration?: boolean;
  id_token_signing_enabled?: boolean;
};

export function toSchool(row: SiteRow) {
  return {
    ...schoolFields(row),
    timezone: row.timezone,
    contact_email: row.contact_email,
    beta_features: betaFeaturesOf(row),
    allowed_metadata_hosts: row.allowed_metadata_hosts,
    open_registration: row.open_registration,
    id_token_signing_enabled: row.id_token_signing_enabled,
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

function changesOf(input: SchoolInput): SchoolSettingsChanges {
  const { beta_features: _flags, timezone, allowed_metadata_hosts: hosts, ...rest } = input;
  return {
    ...rest,
    ...(timezone !== undefined ? { timezone: canonicalTimeZone(timezone, '/body/timezone') } : {}),
    // RFC 3986 3.2.2: hosts compare case-insensitively; duplicates after that are one.
    ...(hosts ? { allowed_metadata_hosts: [...new Set(hosts.map((h) => h.toLowerCase()))] } : {}),
  };
}

function flagsOf(input: SchoolInput): Record<string, boolean> | undefined {
  if (!input.beta_features) return undefined;
  return Object.fromEntries(
    Object.entries(input.beta_features).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
  );
}

export function createSchoolAdmin(db: Db) {
  return {
    async get(site: Site) {
      return toSchool(await getSchoolSettings(db, site.id));
    },
    /** A feature switched off ends the grants resting on it in the same transaction (/auth.md). */
    async update(site: Site, input: SchoolInput, actor: ChangeActor = {}) {
      // Only owners change which metadata-document hosts are accepted.
      await checkMetadataHostPolicyChange(db, site, input, actor.personId);
      const flags = flagsOf(input);
      return toSchool(
        await db.transaction().execute(async (trx) => {
          const row = await updateSchoolSettings(trx, site.id, changesOf(input), flags);
          if (flags) await afterFeatureChange(trx, site.id, flags, actor);
          return row;
        }),
      );
    },
  };
}

export type SchoolAdmin = ReturnType<typeof createSchoolAdmin>;
