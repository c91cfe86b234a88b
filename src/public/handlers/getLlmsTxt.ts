import type { GetLlmsTxtData, GetLlmsTxtResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { PublicHandler } from '../public-services.ts';
import { loadLlmsTxt } from '../../services/documents/llms-txt.ts';

/** /llms.txt: the school's published courses (first 50) and links to everything else. */
export const getLlmsTxt: PublicHandler<GetLlmsTxtData, GetLlmsTxtResponses> = async (_request, { site, services }) => {
  return {
    status: 200,
    body: await loadLlmsTxt(site, services.catalog),
    contentType: 'text/markdown; charset=utf-8',
    headers: { 'Cache-Control': 'public, max-age=300' },
  };
};
