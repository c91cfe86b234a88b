// Negative cache of Client ID Metadata Document fetches (/auth.md "Rate limits"): a client_id URL whose
// document could not be fetched or was invalid is answered from here for a minute, per school,
// without another fetch and without spending the host's fetch budget. Junk URLs named again and
// again therefore cost nothing, and cannot starve the host's real clients of fetches.
//
// Per instance on purpose: it only saves work. The budgets that bound fetches are counted in the
// database and shared by every instance (services/rate-limiter.ts). Bounded in size (LRU), so a
// flood of distinct URLs cannot grow it without limit.
import { LRUCache } from 'lru-cache';

export type MetadataFailureCache = {
  /** The reason a fetch of this URL failed at this school within the last ttl, if it did. */
  recall(siteId: string, clientId: string): string | undefined;
  remember(siteId: string, clientId: string, reason: string): void;
  readonly ttlSeconds: number;
};

export function createMetadataFailureCache(options: { max?: number; ttlSeconds?: number } = {}): MetadataFailureCache {
  const ttlSeconds = options.ttlSeconds ?? 60;
  const cache = new LRUCache<string, string>({ max: options.max ?? 10_000, ttl: ttlSeconds * 1000 });
  const key = (siteId: string, clientId: string) => `${siteId}\n${clientId}`;
  return {
    ttlSeconds,
    recall: (siteId, clientId) => cache.get(key(siteId, clientId)),
    remember: (siteId, clientId, reason) => void cache.set(key(siteId, clientId), reason),
  };
}
