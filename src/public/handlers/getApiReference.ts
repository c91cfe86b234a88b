import type { GetApiReferenceData } from '../../../generated/openapi/client/types.gen.ts';
import type { PublicPageHandler } from '../public-services.ts';
import { renderPage } from '../../http/pages/render-page.ts';

// Redoc renders in the browser from /openapi.json. Its bundle comes from this origin only; it
// injects styles and runs its search index in a blob: worker, which this page alone allows.
const REFERENCE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self' data:; connect-src 'self'; worker-src blob:; base-uri 'none'; frame-ancestors 'none'";

/** /docs: the human reference of this school's API, rendered from /openapi.json. */
export const getApiReference: PublicPageHandler<GetApiReferenceData> = async (_request, context) =>
  renderPage('./api-reference', context, {}, 200, {
    'Content-Security-Policy': REFERENCE_CSP,
    'Cache-Control': 'public, max-age=300',
  });
