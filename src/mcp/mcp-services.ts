// The services the MCP server receives (docs/layout.md "Which services each surface receives"): the
// catalog (catalog tools and course resources), the member data service (member tools), the rate
// limiter (tool calls per caller), the database (the bearer guard, and the pricing resource's published
// prices), config (the documents served as resources) and the key that seals confirmation rounds. The
// operator tools run admin handlers with the admin API's own bundle, which comes with the route table
// createApp passes in, not through these.
import type { Services } from '../services/create-services.ts';

/** The names of the services MCP may use; the bundle createApp builds holds exactly these. */
export const MCP_SERVICES = [
  'catalog',
  'account',
  'rateLimiter',
  'db',
  'config',
  'mcpRequestStateKey',
] as const satisfies ReadonlyArray<keyof Services>;

export type McpServices = Pick<Services, (typeof MCP_SERVICES)[number]>;
