// The audit entry of a client this school meets for the first time, by registration (RFC 7591) or
// by its metadata document: who, what, when and from where, written in one place for both routes.
import type { OAuthContext } from './oauth-services.ts';
import type { Client } from '../services/auth/clients/client.ts';

export function recordClientRegistered(
  { services, site, clientIp }: Pick<OAuthContext, 'services' | 'site' | 'clientIp'>,
  client: Pick<Client, 'clientId' | 'rowId' | 'kind'>,
): Promise<void> {
  return services.audit.record({
    siteId: site.id,
    actorClientId: client.clientId,
    action: 'client.registered',
    targetType: 'client',
    targetId: client.rowId,
    details: { kind: client.kind },
    ip: clientIp,
  });
}
