// Schools as the rest of the service sees them: camelCase, settings parsed, no SQL.
import type { Db } from '../db/database.ts';
import { findSiteByOrigin, type SiteRow } from '../db/repositories/sites.ts';

export type Site = {
  id: string;
  slug: string;
  origin: string;
  name: string;
  description: string | null;
  locale: string;
  currency: string;
  betaFeatures: Record<string, boolean>;
  idTokenSigningEnabled: boolean;
  openRegistration: boolean;
  allowedMetadataHosts: string[];
};

export function toSite(row: SiteRow): Site {
  const beta = (row.beta_features ?? {}) as Record<string, unknown>;
  return {
    id: row.id,
    slug: row.slug,
    origin: row.origin,
    name: row.name,
    description: row.description,
    locale: row.locale,
    currency: row.currency,
    betaFeatures: Object.fromEntries(Object.entries(beta).map(([k, v]) => [k, v === true])),
    idTokenSigningEnabled: row.id_token_signing_enabled,
    openRegistration: row.open_registration,
    allowedMetadataHosts: row.allowed_metadata_hosts,
  };
}

export function createSiteService(db: Db) {
  return {
    async findByOrigin(origin: string): Promise<Site | undefined> {
      const row = await findSiteByOrigin(db, origin);
      return row ? toSite(row) : undefined;
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
