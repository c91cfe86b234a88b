// Whether a person's roles at a school let an operator token of theirs carry a scope: the standing
// rule itself (allowed-scopes.ts), asked by the admin area's pages, so a page refuses exactly what
// the admin API would refuse that person's token (members:write is the owners', for one).
import type { SiteRole } from '../../../db/schema.ts';
import { mcpConnectionsEnabled } from '../../school/beta-features.ts';
import type { Site } from '../../school/sites.ts';
import { standingScopes } from './allowed-scopes.ts';

export function operatorScopeAllowed(site: Site, roles: readonly SiteRole[], scope: string): boolean {
  return standingScopes([scope], { audience: 'operator', roles, mcpConnections: mcpConnectionsEnabled(site) }).allowed;
}
