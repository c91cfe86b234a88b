import type {
  GetAuthorizationServerMetadataData,
  GetAuthorizationServerMetadataResponses,
} from '../../../generated/openapi/client/types.gen.ts';
import type { OAuthHandler } from '../oauth-services.ts';
import { DISCOVERY_CACHE_HEADERS } from '../discovery-headers.ts';
import { authorizationServerMetadata } from '../../services/auth/metadata.ts';

/** RFC 8414 3: the authorization server metadata, the source of truth for every other document. */
export const getAuthorizationServerMetadata: OAuthHandler<
  GetAuthorizationServerMetadataData,
  GetAuthorizationServerMetadataResponses
> = async (_request, { site }) => ({
  status: 200,
  body: authorizationServerMetadata(site),
  headers: { ...DISCOVERY_CACHE_HEADERS },
});
