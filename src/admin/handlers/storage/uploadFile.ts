import type { UploadFileData, UploadFileResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';
import { uploadSourceOf } from '../../upload-stream.ts';

// The body is the unread multipart stream (upload-stream.ts); the service parses it with limits.
export const uploadFile: AdminApiHandler<UploadFileData, UploadFileResponses> = async ({ body }, { site, services, auth }) => ({
  status: 201,
  body: await services.admin.storage.upload(site, auth?.personId ?? null, uploadSourceOf(body)),
});
