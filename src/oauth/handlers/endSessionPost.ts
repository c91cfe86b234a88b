// POST /oauth/logout (RP-Initiated Logout 1.0 2: "MUST support the use of the HTTP GET and POST
// methods"), and the confirmation page's form, which adds its CSRF token and `decision`.
import type { EndSessionPostData } from '../../../generated/openapi/client/types.gen.ts';
import type { OAuthPageHandler } from '../oauth-services.ts';
import { endSessionFlow } from '../logout-flow.ts';

export const endSessionPost: OAuthPageHandler<EndSessionPostData> = async ({ body, headers }, context) => {
  const { csrf_token, decision, ...params } = body ?? {};
  return endSessionFlow(params, decision ? { csrfToken: csrf_token, decision } : undefined, headers.cookie, context);
};
