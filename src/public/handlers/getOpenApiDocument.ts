import type {
  GetOpenApiDocumentData,
  GetOpenApiDocumentResponses,
} from '../../../generated/openapi/client/types.gen.ts';
import type { PublicHandler } from '../public-services.ts';
import { openApiDocumentFor } from '../../http/openapi-document.ts';

/** The bundled spec with this school's origin as its server (servers[0].url, per school). */
export const getOpenApiDocument: PublicHandler<GetOpenApiDocumentData, GetOpenApiDocumentResponses> = async (
  _request,
  { site },
) => ({
  status: 200,
  body: openApiDocumentFor(site.origin),
  headers: { 'Cache-Control': 'public, max-age=300' },
});
