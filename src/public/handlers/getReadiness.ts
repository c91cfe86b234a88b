import type {
  GetReadinessData,
  GetReadinessErrors,
  GetReadinessResponses,
} from '../../../generated/openapi/client/types.gen.ts';
import { pingDatabase } from '../../db/database.ts';
import type { PublicSiteFreeHandler } from '../public-services.ts';
import { noStore } from '../../lib/no-store.ts';

/** Readiness: one bounded database round trip; 503 with Retry-After while it fails. */
export const getReadiness: PublicSiteFreeHandler<GetReadinessData, GetReadinessResponses & GetReadinessErrors> = async (
  _request,
  { services },
) => {
  if (await pingDatabase(services.db)) return { status: 200, body: { status: 'ready', database: 'up' } };
  return {
    status: 503,
    body: { status: 'unavailable', database: 'down' },
    headers: { 'Retry-After': '5', ...noStore('current-state') },
  };
};
