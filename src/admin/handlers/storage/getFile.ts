import type { GetFileData, GetFileResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

// Public (no token): the bytes with their sniffed type and the headers that sandbox them.
export const getFile: AdminApiHandler<GetFileData, GetFileResponses> = async ({ path }, { site, services }) => {
  const file = await services.admin.storage.read(site, path.file_id, path.filename);
  // The generated type models the binary body as a Blob; the edge sends a Buffer as is.
  return { status: 200, body: file.bytes as unknown as Blob, contentType: file.contentType, headers: file.headers };
};
