// Schools as the rest of the service sees them: camelCase, settings parsed, no SQL.
import type { Db } from '../../db/database.ts';
import { findSiteById, findSiteByOrigin, type SiteRow } from '../../db/repositories/sites.ts';
import { betaFeaturesOf, schoolFields } from '../row-fields.ts';

export type Site = {
  id: string;
  slug: string;
  origin: string;
  name: string;
  description: string | null;
  locale: string;
  currency: string;
  /** IANA time zone of the school's pages (docs/development.md "Page languages": dates on pages in the school's time). */
  timeZone: string;
  betaFeatures: Record<string, boolean>;
  idTokenSigningEnabled: boolean;
  openRegistration: boolean;
  allowedMetadataHosts: string[];
};

export function toSite(row: SiteRow): Site {
  return {
    ...schoolFields(row),
    timeZone: row.timezone,
    betaFeatures: betaFeaturesOf(row),
    idTokenSigningEnabled: row.id_token_signing_enabled,
    openRegistration: row.open_registration,
    allowedMetadataHosts: row.allowed_metadata_hosts,
  };
}

/**
 * How long an instance trusts its copy of a school (docs/operations.md "Configuration"). Every request needs its
 * school, and schools change rarely: a write through this instance clears the copy at once
 * (db/table-writes.ts), another instance sees the change within this time.
 */
export const SITE_CACHE_TTL_MS = 5_000;
/** Origins come from the Host header, which anyone can vary: the cache never outgrows this. */
const SITE_CACHE_MAX_ENTRIES = 1_000;

type Cached = { site: Promise<Site | undefined>; expires: number };

export function createSiteService(db: Db, now: () => number = Date.now) {
  const cache = new Map<string, Cached>();
  return {
    /** The school at this exact origin; one database read per origin and TTL, shared by concurrent requests. */
    findByOrigin(origin: string): Promise<Site | undefined> {
      const hit = cache.get(origin);
      if (hit && hit.expires > now()) return hit.site;
      if (cache.size >= SITE_CACHE_MAX_ENTRIES) cache.clear();
      const site = findSiteByOrigin(db, origin).then((row) => (row ? freezeSite(toSite(row)) : undefined));
      const entry = { site, expires: now() + SITE_CACHE_TTL_MS };
      cache.set(origin, entry);
      // A failed read (the database is down) is not remembered: the next request tries again.
      site.catch(() => cache.get(origin) === entry && cache.delete(origin));
      return site;
    },
    /** The school with this id, read afresh (work done outside a request: a mail of the outbox). */
    async findById(id: string): Promise<Site | undefined> {
      const row = await findSiteById(db, id);
      return row ? freezeSite(toSite(row)) : undefined;
    },
    /** Called whenever the sites table is written through this instance. */
    forgetAll: (): void => {
      cache.clear();
    },
  };
}

/** One copy serves many concurrent requests, so nobody may change it. */
function freezeSite(site: Site): Site {
  Object.freeze(site.betaFeatures);
  Object.freeze(site.allowedMetadataHosts);
  return Object.freeze(site);
}

export type SiteService = ReturnType<typeof createSiteService>;
