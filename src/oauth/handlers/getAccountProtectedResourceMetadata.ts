import { protectedResourceMetadataHandler } from '../protected-resource-handler.ts';

/** RFC 9728 3.1: the member API's document; it lists the identity and account:* scopes. */
export const getAccountProtectedResourceMetadata = protectedResourceMetadataHandler('/account/graphql');
