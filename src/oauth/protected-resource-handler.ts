// One handler shape for the three RFC 9728 documents (the origin's and the path-specific ones).
import type { GetProtectedResourceMetadataResponses } from '../../generated/openapi/client/types.gen.ts';
import type { OAuthHandler } from './oauth-services.ts';
import { DISCOVERY_CACHE_HEADERS } from './discovery-headers.ts';
import { protectedResourceMetadata } from '../services/auth/metadata.ts';

export function protectedResourceMetadataHandler(
  path: '' | '/mcp' | '/account/graphql',
): OAuthHandler<unknown, GetProtectedResourceMetadataResponses> {
  return async (_request, { site }) => ({
    status: 200,
    body: protectedResourceMetadata(site, path),
    headers: { ...DISCOVERY_CACHE_HEADERS },
  });
}
