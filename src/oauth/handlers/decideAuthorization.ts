import type { DecideAuthorizationData } from '../../../generated/openapi/client/types.gen.ts';
import type { OAuthPageHandler } from '../oauth-services.ts';
import { renderErrorPage } from '../../http/pages/error-page.ts';
import { textKey } from '../../lib/text-key.ts';
import { verifySessionCsrfToken } from '../../services/sessions/browser-sessions.ts';
import { authorizationErrorResponse } from '../authorize/errors-to-response.ts';
import { CONSENT_CSRF_PURPOSE, decide } from '../authorize/flow.ts';
import { verifyClientAndRedirect, validateRest } from '../../services/auth/authorize/validate-request.ts';
import { metadataDocumentDepsOf } from '../metadata-document-deps.ts';

/**
 * The consent form's decision. The form carries a CSRF token derived from the session, so another
 * site cannot post a decision for the user (RFC 9700 4.7), and every parameter is validated
 * again, as if the request had just arrived.
 */
export const decideAuthorization: OAuthPageHandler<DecideAuthorizationData> = async ({ body, headers }, context) => {
  const { site, services } = context;
  const session = await services.sessions.current(site, headers.cookie);
  if (!session) return renderErrorPage(context, 'invalid_request', textKey('error.message.sessionEnded'), 400);
  if (!verifySessionCsrfToken(session, CONSENT_CSRF_PURPOSE, body.csrf_token)) {
    return renderErrorPage(context, 'invalid_request', textKey('error.message.consentFormExpired'), 400);
  }
  let redirectUri: string | undefined;
  try {
    const verified = await verifyClientAndRedirect(metadataDocumentDepsOf(context), site, body);
    redirectUri = verified.redirectUri;
    const request = validateRest(site, verified.client, verified.redirectUri, body);
    return await decide(context, request, session, body.decision);
  } catch (error) {
    return authorizationErrorResponse(context, error, body, redirectUri);
  }
};
