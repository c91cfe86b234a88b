// What the authorization endpoint gives the metadata-document client lookup: the database, the
// per-host fetch limit, and the audit entry for a client this school meets for the first time
// (issue 9: client changes are audited with who, what, when and from where, as a registration is).
import type { RequestContext } from '../../http/request-context.ts';
import type { MetadataDocumentDeps } from './metadata-document-client.ts';

export function metadataDocumentDepsOf({ services, site, clientIp }: RequestContext): MetadataDocumentDeps {
  return {
    db: services.db,
    rateLimiter: services.rateLimiter,
    onFirstSeen: (client) =>
      services.audit.record({ siteId: site.id, actorClientId: client.clientId, action: 'client.registered', targetType: 'client', targetId: client.rowId, details: { kind: client.kind }, ip: clientIp }),
  };
}
