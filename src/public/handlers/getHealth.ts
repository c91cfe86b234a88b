import type { GetHealthData, GetHealthResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { PublicSiteFreeHandler } from '../public-services.ts';

/** Liveness only: answers while the process runs, whatever the database does. */
export const getHealth: PublicSiteFreeHandler<GetHealthData, GetHealthResponses> = async () => ({
  status: 200,
  body: { status: 'ok' },
});
