// Builds every service from explicit dependencies (DESIGN habit 12: passed, not hidden).
import type { Config } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { createCatalogService } from './catalog.ts';
import { createSiteService } from './sites.ts';

export type ServiceDeps = { config: Config; db: Db };

export function createServices(deps: ServiceDeps) {
  return {
    db: deps.db,
    config: deps.config,
    sites: createSiteService(deps.db),
    catalog: createCatalogService(deps.db),
  };
}

export type Services = ReturnType<typeof createServices>;
