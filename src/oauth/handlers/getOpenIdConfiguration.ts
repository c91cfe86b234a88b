import type {
  GetOpenIdConfigurationData,
  GetOpenIdConfigurationResponses,
} from '../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../http/handler.ts';
import { DISCOVERY_CACHE_HEADERS } from '../discovery-headers.ts';
import { openIdConfiguration } from '../../services/auth/metadata.ts';

/** OpenID Connect Discovery 1.0, section 4. */
export const getOpenIdConfiguration: OperationHandler<
  GetOpenIdConfigurationData,
  GetOpenIdConfigurationResponses
> = async (_request, { site }) => ({
  status: 200,
  body: openIdConfiguration(site),
  headers: { ...DISCOVERY_CACHE_HEADERS },
});
