import type {
  GetOpenIdConfigurationData,
  GetOpenIdConfigurationResponses,
} from '../../../generated/openapi/client/types.gen.ts';
import type { OAuthHandler } from '../oauth-services.ts';
import { DISCOVERY_CACHE_HEADERS } from '../discovery-headers.ts';
import { openIdConfiguration } from '../../services/auth/metadata.ts';

/** OpenID Connect Discovery 1.0, section 4. */
export const getOpenIdConfiguration: OAuthHandler<GetOpenIdConfigurationData, GetOpenIdConfigurationResponses> = async (
  _request,
  { site },
) => ({
  status: 200,
  body: openIdConfiguration(site),
  headers: { ...DISCOVERY_CACHE_HEADERS },
});
