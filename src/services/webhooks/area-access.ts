// Who may see and manage webhooks in the admin area: exactly the people an operator token could
// carry webhooks:read or webhooks:write for (services/auth/standing/allowed-scopes.ts, the one rule of
// which role holds which scope), so the pages and the admin API answer alike, and a change of that
// rule (an owner-only scope, say) changes both at once.
import type { Db } from '../../db/database.ts';
import { listRolesAtSite } from '../../db/repositories/people.ts';
import type { SiteRole } from '../../db/schema.ts';
import { operatorScopeAllowed } from '../auth/standing/operator-scope.ts';
import { textKey } from '../../lib/text-key.ts';
import type { ReadAccess } from './endpoints.ts';
import type { Site } from '../school/sites.ts';
import { AreaForbidden } from '../audit/actor.ts';

export type WebhookScope = 'webhooks:read' | 'webhooks:write';

export function webhookScopeAllowed(site: Site, roles: readonly SiteRole[], scope: WebhookScope): boolean {
  return operatorScopeAllowed(site, roles, scope);
}

/**
 * @throws AreaForbidden unless the person's roles now (read afresh, as the token guard reads them)
 * allow `scope`.
 * @returns the read scopes those roles allow, which the event types an endpoint subscribes to need
 * (/webhooks.md "Who may receive what").
 */
export async function requireWebhookScope(
  db: Db,
  site: Site,
  personId: string,
  scope: WebhookScope,
): Promise<ReadAccess> {
  const roles = await listRolesAtSite(db, site.id, personId);
  const refuse = (needed: string) =>
    new AreaForbidden(textKey('admin.webhooks.error.scopeRequired', { scope: needed }));
  if (!webhookScopeAllowed(site, roles, scope)) throw refuse(scope);
  return (scopes) => {
    const missing = scopes.find((needed) => !operatorScopeAllowed(site, roles, needed));
    if (missing) throw refuse(missing);
  };
}
