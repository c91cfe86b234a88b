// RFC 6749 4.1.2.1: until the client and redirect URI are verified an error is shown to the user
// (an HTML page, status 400) and never redirected; afterwards it goes back to the client with
// error, error_description, state and iss (RFC 9207).
import type { Site } from '../../services/school/sites.ts';
import type { PageTexts } from '../../http/pages/i18n/page-text.ts';
import { renderErrorPage } from '../../http/pages/error-page.ts';
import { OAuthError, TooManyRequests } from '../../services/auth/errors.ts';
import { redirectResult, type FlowResult } from './flow.ts';
import { redirectToClient } from '../../services/auth/authorize/redirect-to-client.ts';
import { single, type AuthorizationParams } from '../../services/auth/authorize/request.ts';

export function authorizationErrorResponse(
  scope: { site: Site; pageTexts: PageTexts },
  error: unknown,
  params: AuthorizationParams,
  verifiedRedirectUri: string | undefined,
): FlowResult {
  if (!(error instanceof OAuthError)) throw error;
  const { site } = scope;
  if (error instanceof TooManyRequests && verifiedRedirectUri === undefined) {
    // /auth.md "Rate limits": rate limited before the client was verified: a 429 page with Retry-After and RateLimit.
    const page = renderErrorPage(scope, error.code, { detail: error.description }, error.status);
    return { ...page, headers: { ...page.headers, ...error.extraHeaders } };
  }
  if (!error.redirectable || verifiedRedirectUri === undefined)
    return renderErrorPage(scope, error.code, { detail: error.description }, 400);
  const state = single(params.state) ?? undefined;
  return redirectResult(
    redirectToClient(
      verifiedRedirectUri,
      { error: error.code, error_description: error.description, state },
      site.origin,
    ),
  );
}
