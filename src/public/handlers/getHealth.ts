import type { GetHealthData, GetHealthResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { SiteFreeOperationHandler } from '../../http/handler.ts';

/** Liveness only: answers while the process runs, whatever the database does. */
export const getHealth: SiteFreeOperationHandler<GetHealthData, GetHealthResponses> = async () => ({
  status: 200,
  body: { status: 'ok' },
});
