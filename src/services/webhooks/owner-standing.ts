// /webhooks.md "Who may receive what" (DESIGN habit 14, access is a live fact): an endpoint sends,
// and shows the bodies of, only the event types its owner (the person who created it) may read
// now, by the very rule that narrows or ends that person's operator grants
// (services/auth/standing/allowed-scopes.ts): their roles at the school now, the school's features. A
// demoted or removed owner's endpoint stops at once, as their tokens do; giving the role back
// lets it send again, since nothing was revoked, only withheld.
import type { Db } from '../../db/database.ts';
import { findEndpointOwnerFacts, type EndpointOwnerFacts } from '../../db/repositories/webhook-endpoints.ts';
import { standingScopes } from '../auth/standing/allowed-scopes.ts';
import { readScopesOf } from './catalogue.ts';

/** Whether the endpoint's owner may still read events of `type` (for `webhook.test`: may still hold an operator grant). */
export async function ownerMayRead(db: Db, siteId: string, endpointId: string, type: string): Promise<boolean> {
  return ownerFactsAllow(await findEndpointOwnerFacts(db, siteId, endpointId), type);
}

/** Those of `types` the endpoint's owner may read now, read with one query (recovery.ts). */
export async function ownerReadableTypes<T extends string>(
  db: Db,
  siteId: string,
  endpointId: string,
  types: readonly T[],
): Promise<T[]> {
  const facts = await findEndpointOwnerFacts(db, siteId, endpointId);
  return types.filter((type) => ownerFactsAllow(facts, type));
}

/** The same rule over facts read already (the delivery worker reads them with its claim). */
export function ownerFactsAllow(facts: EndpointOwnerFacts | undefined, type: string): boolean {
  if (!facts?.owner_person_id) return false;
  const needed = readScopesOf([type]);
  const standing = standingScopes(needed.length ? needed : ['webhooks:read'], {
    audience: 'operator',
    roles: facts.roles,
    mcpConnections: facts.mcp_connections,
  });
  return standing.allowed && !standing.narrowed;
}
