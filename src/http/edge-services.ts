// The services the shared edge kit receives (docs/layout.md "Which services each surface receives"):
// the site resolver and the precomputed discovery documents find the school (sites) behind the
// proxy settings of config, the request observer counts and notes "last used" (metrics, grantUses),
// and the bearer guard of the OpenAPI dispatcher reads tokens (db).
import type { Services } from '../services/create-services.ts';

/** The names of the services the edge kit may use; the bundle createApp builds holds exactly these. */
export const EDGE_SERVICES = ['config', 'sites', 'metrics', 'grantUses', 'db'] as const satisfies ReadonlyArray<
  keyof Services
>;

export type EdgeServices = Pick<Services, (typeof EDGE_SERVICES)[number]>;
