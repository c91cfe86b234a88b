// GET /oauth/logout, the end-session endpoint (OpenID Connect RP-Initiated Logout 1.0 2): the
// steps are oauth/logout-flow.ts, shared with the POST form.
import type { EndSessionData } from '../../../generated/openapi/client/types.gen.ts';
import type { OAuthPageHandler } from '../oauth-services.ts';
import { endSessionFlow } from '../logout-flow.ts';

export const endSession: OAuthPageHandler<EndSessionData> = async ({ query, headers }, context) =>
  endSessionFlow(query ?? {}, undefined, headers.cookie, context);
