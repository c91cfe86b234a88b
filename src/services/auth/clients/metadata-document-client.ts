// Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document) as clients of a
// school: accepted only from permitted hosts, fetched safely, cached within the bounds of their
// HTTP cache headers, and stored per school so each school reviews them on its own.
//
// Fetch budgets (/auth.md "Rate limits": limits that cannot be turned against a client). Anyone may name
// any URL on a permitted host in an anonymous authorization request, so the budgets are cut so that
// such requests spend only their own share:
// - every budget is per school: a flood at one school never throttles another;
// - a URL this school has already accepted a valid document from ("known") has a budget of its
//   own, and while that budget is spent the last good document is served without a fetch (for at
//   most a day past its freshness, as RFC 5861 stale-if-error allows a cache to);
// - URLs never seen share a per-host budget, which junk can exhaust, but only for other junk;
// - a URL whose fetch failed or whose document was invalid is remembered for a minute (negative
//   cache) and refused without a fetch and without spending any budget.
import { createHash } from 'node:crypto';
import type { Db } from '../../../db/database.ts';
import {
  findClientForSite,
  updateClient,
  upsertMetadataDocumentClient,
  type ClientRow,
} from '../../../db/repositories/oauth-clients.ts';
import type { Site } from '../../school/sites.ts';
import { rateLimitHeaders, type RateLimiter } from '../../rate-limiter.ts';
import { cacheExpiry } from '../client-metadata/cache-policy.ts';
import { parseClientIdUrl } from '../client-metadata/client-id-url.ts';
import { validateClientMetadataDocument, type ClientMetadata } from '../client-metadata/document.ts';
import type { MetadataFailureCache } from '../client-metadata/failure-cache.ts';
import { fetchClientMetadataDocument, MetadataFetchError, type FetchOptions } from '../../../lib/net/safe-fetch.ts';
import { toClient, type Client } from './client.ts';

export type MetadataDocumentDeps = {
  db: Db;
  rateLimiter: RateLimiter;
  /** CLIENT_METADATA_ALLOW_PRIVATE_ADDRESSES (development only): allowlisted hosts may resolve to private addresses. */
  allowPrivateAddresses?: boolean;
  failures?: MetadataFailureCache;
  fetchOptions?: Partial<FetchOptions>;
  /** The fetcher; safe-fetch.ts unless a test passes its own. */
  fetchDocument?: typeof fetchClientMetadataDocument;
  now?: () => Date;
  /** Called once when a school first meets this client (the audit log records client changes). */
  onFirstSeen?: (client: Client) => Promise<void>;
};

export class MetadataDocumentRejected extends Error {}

/** /auth.md "Rate limits": too many fetches; the page answers 429 with Retry-After and RateLimit. */
export class MetadataFetchRateLimited extends MetadataDocumentRejected {
  readonly retryAfterSeconds: number;
  readonly limitHeaders: Record<string, string>;
  constructor(message: string, retryAfterSeconds: number, limitHeaders: Record<string, string>) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
    this.limitHeaders = limitHeaders;
  }
}

/** How long past its freshness a known-good document may stand in while its URL's budget is spent. */
const MAX_STALE_MS = 24 * 60 * 60 * 1000;

export function looksLikeMetadataDocumentUrl(clientId: string): boolean {
  return /^https:\/\//i.test(clientId);
}

/**
 * /auth.md "2. Get a client": valid only if the school permits the host. An allowlist entry
 * `host:port` permits that exact host; a bare `host` permits it on any port.
 */
export function isHostPermitted(site: Site, url: URL): { permitted: boolean; allowlisted: boolean } {
  const entries = site.allowedMetadataHosts.map((h) => h.toLowerCase());
  const allowlisted = entries.includes(url.host.toLowerCase()) || entries.includes(url.hostname.toLowerCase());
  return { permitted: allowlisted || site.openRegistration, allowlisted };
}

export async function resolveMetadataDocumentClient(
  deps: MetadataDocumentDeps,
  site: Site,
  clientId: string,
): Promise<Client> {
  const now = deps.now ?? (() => new Date());
  const parsed = parseClientIdUrl(clientId);
  if (!parsed.ok)
    throw new MetadataDocumentRejected(
      `The client_id is not a valid Client ID Metadata Document URL: ${parsed.reason}`,
    );
  const { permitted, allowlisted } = isHostPermitted(site, parsed.url);
  if (!permitted)
    throw new MetadataDocumentRejected(
      `This school does not accept client metadata documents from ${parsed.url.host}.`,
    );

  const cached = await findClientForSite(deps.db, site.id, clientId);
  if (cached?.review_status === 'blocked')
    throw new MetadataDocumentRejected('This client has been blocked by the school.');
  if (cached?.metadata_expires_at && cached.metadata_expires_at > now()) return toClient(cached);
  if (!cached) refuseRememberedFailure(deps, site, clientId);

  const stale = await spendFetchBudget(deps, site, parsed.url, cached, now());
  if (stale) return toClient(stale);

  try {
    // CIMD SSRF: private, loopback and link-local addresses are refused for every host; only the
    // development setting lets a host the school explicitly allowlisted reach them.
    const fetched = await (deps.fetchDocument ?? fetchClientMetadataDocument)(parsed.url, {
      allowSpecialUseAddresses: allowlisted && deps.allowPrivateAddresses === true,
      ...deps.fetchOptions,
    });
    const validated = validateClientMetadataDocument(parsed.url, fetched.body);
    if (!validated.ok)
      throw new MetadataDocumentRejected(`The client metadata document is invalid: ${validated.reason}`);
    const expiresAt = cacheExpiry(fetched.headers, fetched.fetchedAt) ?? fetched.fetchedAt;
    return await storeClient(deps, site, clientId, validated.metadata, fetched.body, expiresAt);
  } catch (error) {
    const rejection =
      error instanceof MetadataFetchError
        ? new MetadataDocumentRejected(`The client metadata document could not be fetched (${error.reason}).`)
        : error;
    if (!(rejection instanceof MetadataDocumentRejected)) throw error;
    // A known client's last good document no longer stands in for it once its URL answered badly.
    if (cached) await updateClient(deps.db, cached.id, { metadata_expires_at: null });
    else deps.failures?.remember(site.id, clientId, rejection.message);
    throw rejection;
  }
}

function refuseRememberedFailure(deps: MetadataDocumentDeps, site: Site, clientId: string): void {
  const remembered = deps.failures?.recall(site.id, clientId);
  if (remembered !== undefined)
    throw new MetadataDocumentRejected(`${remembered} This answer is kept for ${deps.failures!.ttlSeconds} s.`);
}

/**
 * Spends one fetch from the budget this request may use. Returns the known client's last good
 * row when its own budget is spent and that row may still stand in; throws 429 otherwise.
 */
async function spendFetchBudget(
  deps: MetadataDocumentDeps,
  site: Site,
  url: URL,
  known: ClientRow | undefined,
  now: Date,
): Promise<ClientRow | undefined> {
  const policy = deps.rateLimiter.policy('metadataFetchPerHost');
  const host = url.host.toLowerCase();
  const bucket = known
    ? `cimd-fetch:${site.id}:url:${createHash('sha256').update(known.client_id).digest('base64url')}`
    : `cimd-fetch:${site.id}:new:${host}`;
  const rate = await deps.rateLimiter.consume(bucket, policy);
  if (rate.allowed) return undefined;
  const expires = known?.metadata_expires_at;
  if (known && expires && now.getTime() < expires.getTime() + MAX_STALE_MS) return known;
  const what = known ? `fetches of ${known.client_id}` : `fetches of new client metadata documents from ${url.host}`;
  throw new MetadataFetchRateLimited(
    `Too many metadata document fetches (${what}) at this school; try again in ${rate.resetSeconds} s.`,
    rate.resetSeconds,
    rateLimitHeaders(rate, policy),
  );
}

async function storeClient(
  deps: MetadataDocumentDeps,
  site: Site,
  clientId: string,
  metadata: ClientMetadata,
  body: string,
  expiresAt: Date,
): Promise<Client> {
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
    metadata_document: JSON.stringify(JSON.parse(body)),
    metadata_expires_at: expiresAt,
    post_logout_redirect_uris: metadata.postLogoutRedirectUris,
    backchannel_logout_uri: metadata.backchannelLogoutUri,
    backchannel_logout_session_required: metadata.backchannelLogoutSessionRequired,
  });
  const client = toClient(row);
  if (row.inserted) await deps.onFirstSeen?.(client);
  return client;
}
