// Finds the client of an authorization request: a registered client of this school (or a
// deployment-wide vendor integration), or a Client ID Metadata Document URL.
import type { Db } from '../../../db/database.ts';
import { findClientForSite } from '../../../db/repositories/oauth-clients.ts';
import type { Site } from '../../school/sites.ts';
import { toClient, type Client } from './client.ts';
import {
  looksLikeMetadataDocumentUrl,
  MetadataDocumentRejected,
  MetadataFetchRateLimited,
  resolveMetadataDocumentClient,
  type MetadataDocumentDeps,
} from './metadata-document-client.ts';

/** `rateLimited`: the metadata document was not fetched because its host is over its limit (/auth.md "Rate limits"). */
export type ClientLookup =
  | { ok: true; client: Client }
  | { ok: false; reason: string; rateLimited?: { retryAfterSeconds: number; limitHeaders: Record<string, string> } };

export async function resolveClient(
  deps: MetadataDocumentDeps & { db: Db },
  site: Site,
  clientId: string,
): Promise<ClientLookup> {
  if (looksLikeMetadataDocumentUrl(clientId)) {
    try {
      return { ok: true, client: await resolveMetadataDocumentClient(deps, site, clientId) };
    } catch (error) {
      if (error instanceof MetadataFetchRateLimited)
        return {
          ok: false,
          reason: error.message,
          rateLimited: { retryAfterSeconds: error.retryAfterSeconds, limitHeaders: error.limitHeaders },
        };
      if (error instanceof MetadataDocumentRejected) return { ok: false, reason: error.message };
      throw error;
    }
  }
  const row = await findClientForSite(deps.db, site.id, clientId);
  if (!row) return { ok: false, reason: 'The client_id is not registered at this school.' };
  const client = toClient(row);
  if (client.reviewStatus === 'blocked') return { ok: false, reason: 'This client has been blocked by the school.' };
  return { ok: true, client };
}
