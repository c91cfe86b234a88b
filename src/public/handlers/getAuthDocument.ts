import type { GetAuthDocumentData, GetAuthDocumentResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { PublicHandler } from '../public-services.ts';
import { renderAuthMd } from '../../services/documents/auth-md.ts';

/** /auth.md for this school (text/markdown). */
export const getAuthDocument: PublicHandler<GetAuthDocumentData, GetAuthDocumentResponses> = async (
  _request,
  { site, services },
) => ({
  status: 200,
  body: renderAuthMd(site, services.config, services.rateLimiter),
  contentType: 'text/markdown; charset=utf-8',
  headers: { 'Cache-Control': 'public, max-age=300' },
});
