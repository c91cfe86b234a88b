// Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document) as clients of a
// school: accepted only from permitted hosts, fetched safely, cached within the bounds of their
// HTTP cache headers, and stored per school so each school reviews them on its own. Errors and
// invalid documents are never cached: the next request fetches again.
import type { Db } from '../../db/database.ts';
import { findClientForSite, upsertMetadataDocumentClient } from '../../db/repositories/oauth-clients.ts';
import type { Site } from '../../services/sites.ts';
import { rateLimitHeaders, type RateLimiter } from '../../services/rate-limiter.ts';
import { cacheExpiry } from '../client-metadata/cache-policy.ts';
import { parseClientIdUrl } from '../client-metadata/client-id-url.ts';
import { validateClientMetadataDocument } from '../client-metadata/document.ts';
import { fetchClientMetadataDocument, MetadataFetchError, type FetchOptions } from '../client-metadata/safe-fetch.ts';
import { toClient, type Client } from './client.ts';

export type MetadataDocumentDeps = {
  db: Db;
  rateLimiter: RateLimiter;
  fetchOptions?: Partial<FetchOptions>;
  now?: () => Date;
  /** Called once when a school first meets this client (issue 9: the audit log records client changes). */
  onFirstSeen?: (client: Client) => Promise<void>;
};

export class MetadataDocumentRejected extends Error {}

/** Issue 9: too many fetches for one host; the page answers 429 with Retry-After and RateLimit. */
export class MetadataFetchRateLimited extends MetadataDocumentRejected {
  readonly retryAfterSeconds: number;
  readonly limitHeaders: Record<string, string>;
  constructor(message: string, retryAfterSeconds: number, limitHeaders: Record<string, string>) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
    this.limitHeaders = limitHeaders;
  }
}

export function looksLikeMetadataDocumentUrl(clientId: string): boolean {
  return /^https:\/\//i.test(clientId);
}

/**
 * Seed spec, Authentication 4: valid only if the school permits the host. An allowlist entry
 * `host:port` permits that exact host; a bare `host` permits it on any port.
 */
export function isHostPermitted(site: Site, url: URL): { permitted: boolean; allowlisted: boolean } {
  const entries = site.allowedMetadataHosts.map((h) => h.toLowerCase());
  const allowlisted = entries.includes(url.host.toLowerCase()) || entries.includes(url.hostname.toLowerCase());
  return { permitted: allowlisted || site.openRegistration, allowlisted };
}

export async function resolveMetadataDocumentClient(deps: MetadataDocumentDeps, site: Site, clientId: string): Promise<Client> {
  const now = deps.now ?? (() => new Date());
  const parsed = parseClientIdUrl(clientId);
  if (!parsed.ok) throw new MetadataDocumentRejected(`The client_id is not a valid Client ID Metadata Document URL: ${parsed.reason}`);
  const { permitted, allowlisted } = isHostPermitted(site, parsed.url);
  if (!permitted) throw new MetadataDocumentRejected(`This school does not accept client metadata documents from ${parsed.url.host}.`);

  const cached = await findClientForSite(deps.db, site.id, clientId);
  if (cached?.review_status === 'blocked') throw new MetadataDocumentRejected('This client has been blocked by the school.');
  if (cached && cached.metadata_expires_at && cached.metadata_expires_at > now()) return toClient(cached);

  const policy = deps.rateLimiter.policy('metadataFetchPerHost');
  const rate = await deps.rateLimiter.consume(`cimd-fetch:${parsed.url.host.toLowerCase()}`, policy);
  if (!rate.allowed) throw new MetadataFetchRateLimited(`Too many metadata document fetches for ${parsed.url.host}; try again in ${rate.resetSeconds} s.`, rate.resetSeconds, rateLimitHeaders(rate, policy));

  let fetched;
  try {
    // Special-use addresses (private, loopback, link-local) only for an explicitly allowlisted host.
    fetched = await fetchClientMetadataDocument(parsed.url, { allowSpecialUseAddresses: allowlisted, ...deps.fetchOptions });
  } catch (error) {
    if (error instanceof MetadataFetchError) throw new MetadataDocumentRejected(`The client metadata document could not be fetched (${error.reason}).`);
    throw error;
  }
  const validated = validateClientMetadataDocument(parsed.url, fetched.body);
  if (!validated.ok) throw new MetadataDocumentRejected(`The client metadata document is invalid: ${validated.reason}`);
  const { metadata } = validated;
  const expiresAt = cacheExpiry(fetched.headers, fetched.fetchedAt) ?? fetched.fetchedAt;

  const row = await upsertMetadataDocumentClient(deps.db, {
    client_id: clientId,
    site_id: site.id,
    kind: 'metadata_document',
    audience: 'operator',
    name: metadata.clientName,
    redirect_uris: metadata.redirectUris,
    grant_types: metadata.grantTypes,
    token_endpoint_auth_method: 'none',
    client_secret_hash: null,
    application_type: 'web',
    review_status: 'unreviewed',
    client_uri: metadata.clientUri ?? null,
    logo_uri: metadata.logoUri ?? null,
    metadata_document: JSON.stringify(JSON.parse(fetched.body)),
    metadata_expires_at: expiresAt,
  });
  const client = toClient(row);
  if (row.inserted) await deps.onFirstSeen?.(client);
  return client;
}
