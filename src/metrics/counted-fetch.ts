// docs/operations.md "Metrics": every Client ID Metadata Document fetch counted by outcome, `ok` or the
// fetcher's own failure reason (lib/net/safe-fetch.ts), around the one fetcher.
import { fetchClientMetadataDocument, MetadataFetchError } from '../lib/net/safe-fetch.ts';
import type { Metrics } from './metrics.ts';

export function countedMetadataFetch(
  metrics: Metrics,
  fetcher: typeof fetchClientMetadataDocument = fetchClientMetadataDocument,
): typeof fetchClientMetadataDocument {
  return async (url, options) => {
    try {
      const fetched = await fetcher(url, options);
      metrics.metadataFetches.inc({ outcome: 'ok' });
      return fetched;
    } catch (error) {
      metrics.metadataFetches.inc({ outcome: error instanceof MetadataFetchError ? error.reason : 'error' });
      throw error;
    }
  };
}
