import { protectedResourceMetadataHandler } from '../protected-resource-handler.ts';

/** RFC 9728 3.1: the path-specific document strict clients derive from the /mcp URL. */
export const getMcpProtectedResourceMetadata = protectedResourceMetadataHandler('/mcp');
