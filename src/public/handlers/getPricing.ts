import type { GetPricingData, GetPricingResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { PublicHandler } from '../public-services.ts';
import { renderPricingMd } from '../../services/documents/pricing-md.ts';

/** /pricing.md, from the school's live data. */
export const getPricing: PublicHandler<GetPricingData, GetPricingResponses> = async (_request, { site, services }) => ({
  status: 200,
  body: await renderPricingMd(services.db, site),
  contentType: 'text/markdown; charset=utf-8',
  headers: { 'Cache-Control': 'public, max-age=60' },
});
