// What the authorization endpoint gives the metadata-document client lookup: the database, the
// fetch budgets and the negative cache (/auth.md "Rate limits"), whether allowlisted hosts may reach
// private addresses (CLIENT_METADATA_ALLOW_PRIVATE_ADDRESSES, development only), and the audit
// entry for a client this school meets for the first time (client changes are audited
// with who, what, when and from where, as a registration is).
import type { OAuthContext } from './oauth-services.ts';
import type { MetadataDocumentDeps } from '../services/auth/clients/metadata-document-client.ts';
import { recordClientRegistered } from './client-registered.ts';

export function metadataDocumentDepsOf(context: OAuthContext): MetadataDocumentDeps {
  const { services } = context;
  return {
    db: services.db,
    rateLimiter: services.rateLimiter,
    allowPrivateAddresses: services.config.clientMetadataAllowPrivateAddresses,
    failures: services.metadataFetchFailures,
    fetchDocument: services.metadataFetch, // docs/operations.md "Metrics": counted by outcome for /metrics
    onFirstSeen: (client) => recordClientRegistered(context, client),
  };
}
