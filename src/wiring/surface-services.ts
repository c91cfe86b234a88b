// docs/layout.md "Which services each surface receives": every surface names, in its own folder, the
// few services it uses, and is given exactly those, never the whole `Services` of the composition
// root. The bundles are built here once at start (createApp), and then only handed out: a request
// costs an assignment of its surface's bundle, not a copy.
import { ADMIN_API_SERVICES } from '../admin/admin-api-services.ts';
import { GRAPHQL_SERVICES } from '../graphql/graphql-services.ts';
import { EDGE_SERVICES } from '../http/edge-services.ts';
import { MCP_SERVICES } from '../mcp/mcp-services.ts';
import { OAUTH_SERVICES } from '../oauth/oauth-services.ts';
import { PUBLIC_SERVICES } from '../public/public-services.ts';
import type { Services } from '../services/create-services.ts';
import { ACCOUNT_AREA_SERVICES } from '../web/account/account-area-services.ts';
import { ADMIN_AREA_SERVICES } from '../web/admin/admin-area-services.ts';

/** The declared names of each surface's services (each list lives beside its surface). */
export const SURFACE_SERVICE_NAMES = {
  edge: EDGE_SERVICES,
  adminApi: ADMIN_API_SERVICES,
  oauth: OAUTH_SERVICES,
  public: PUBLIC_SERVICES,
  mcp: MCP_SERVICES,
  graphql: GRAPHQL_SERVICES,
  adminArea: ADMIN_AREA_SERVICES,
  accountArea: ACCOUNT_AREA_SERVICES,
} as const;

/** The services named, and no other: frozen, since every request of the surface shares it. */
function bundleOf<const K extends keyof Services>(services: Services, names: readonly K[]): Pick<Services, K> {
  const bundle = {} as Pick<Services, K>;
  for (const name of names) bundle[name] = services[name];
  return Object.freeze(bundle);
}

export function surfaceServicesOf(services: Services) {
  const names = SURFACE_SERVICE_NAMES;
  return {
    edge: bundleOf(services, names.edge),
    adminApi: bundleOf(services, names.adminApi),
    oauth: bundleOf(services, names.oauth),
    public: bundleOf(services, names.public),
    mcp: bundleOf(services, names.mcp),
    graphql: bundleOf(services, names.graphql),
    adminArea: bundleOf(services, names.adminArea),
    accountArea: bundleOf(services, names.accountArea),
  };
}

export type SurfaceServices = ReturnType<typeof surfaceServicesOf>;
