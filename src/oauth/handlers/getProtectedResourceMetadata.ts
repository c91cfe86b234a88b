import { protectedResourceMetadataHandler } from '../protected-resource-handler.ts';

/** RFC 9728 3: the origin's protected resource metadata; `resource` is the school's origin. */
export const getProtectedResourceMetadata = protectedResourceMetadataHandler('');
