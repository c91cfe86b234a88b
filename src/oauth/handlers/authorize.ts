import type { AuthorizeData } from '../../../generated/openapi/client/types.gen.ts';
import type { OAuthPageHandler } from '../oauth-services.ts';
import { authorizationErrorResponse } from '../authorize/errors-to-response.ts';
import { continueAuthorization } from '../authorize/flow.ts';
import { verifyClientAndRedirect, validateRest } from '../../services/auth/authorize/validate-request.ts';
import { metadataDocumentDepsOf } from '../metadata-document-deps.ts';

/** RFC 6749 4.1.1 authorization endpoint, in named steps (see authorize/validate-request.ts). */
export const authorize: OAuthPageHandler<AuthorizeData> = async ({ query, headers }, context) => {
  const { site, services } = context;
  let redirectUri: string | undefined;
  try {
    const verified = await verifyClientAndRedirect(metadataDocumentDepsOf(context), site, query);
    redirectUri = verified.redirectUri;
    const request = validateRest(site, verified.client, verified.redirectUri, query);
    const session = await services.sessions.current(site, headers.cookie);
    return await continueAuthorization(context, request, query, session);
  } catch (error) {
    return authorizationErrorResponse(context, error, query, redirectUri);
  }
};
