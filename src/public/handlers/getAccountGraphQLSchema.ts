import type {
  GetAccountGraphQlSchemaData,
  GetAccountGraphQlSchemaResponses,
} from '../../../generated/openapi/client/types.gen.ts';
import type { PublicHandler } from '../public-services.ts';
import { accountSdl } from '../../http/graphql-sdl.ts';

/**
 * The member API's SDL without a token (OpenAPI getAccountGraphQLSchema): the same document on
 * every school's origin, so a client is generated before anyone signs in; queries still need one.
 */
export const getAccountGraphQLSchema: PublicHandler<
  GetAccountGraphQlSchemaData,
  GetAccountGraphQlSchemaResponses
> = async () => ({
  status: 200,
  body: accountSdl(),
  contentType: 'text/plain; charset=utf-8',
  headers: { 'Cache-Control': 'public, max-age=300' },
});
