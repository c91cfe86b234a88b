import type {
  GetWebhooksDocumentData,
  GetWebhooksDocumentResponses,
} from '../../../generated/openapi/client/types.gen.ts';
import type { PublicHandler } from '../public-services.ts';
import { renderWebhooksMd } from '../../services/documents/webhooks-md.ts';

/** /webhooks.md: what a webhook receiver of this school needs (text/markdown). */
export const getWebhooksDocument: PublicHandler<GetWebhooksDocumentData, GetWebhooksDocumentResponses> = async (
  _request,
  { site, services },
) => ({
  status: 200,
  body: renderWebhooksMd(site, services.config),
  contentType: 'text/markdown; charset=utf-8',
  headers: { 'Cache-Control': 'public, max-age=300' },
});
