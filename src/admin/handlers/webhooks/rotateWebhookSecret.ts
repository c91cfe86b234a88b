import type {
  RotateWebhookSecretData,
  RotateWebhookSecretResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';
import { actorOf } from '../../../services/people/role-changes.ts';

export const rotateWebhookSecret: AdminApiHandler<RotateWebhookSecretData, RotateWebhookSecretResponses> = async (
  { path, body },
  context,
) => ({
  status: 200,
  body: await context.services.admin.webhooks.rotateSecret(
    context.site,
    path.webhook_id,
    actorOf(context),
    body?.overlap_seconds,
  ),
});
