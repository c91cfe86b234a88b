// /webhooks.md "Who may receive what": on the admin API, the event types an endpoint subscribes
// to, and a stored event body, need the read scopes of their resources on the calling token, with
// the same 403 `insufficient-scope` (and WWW-Authenticate) the bearer guard answers (RFC 6750 3.1).
// A problem rather than the guard's challenge, so the MCP operation tools phrase it too.
import { BearerChallenge, requireScopes } from '../../../http/bearer-guard.ts';
import type { AdminApiContext } from '../../admin-api-services.ts';
import { holdsScopes } from '../../../services/auth/scope-check.ts';
import type { ReadAccess } from '../../../services/webhooks/endpoints.ts';

export function tokenReadAccess(context: Pick<AdminApiContext, 'site' | 'auth'>): ReadAccess {
  return (scopes) => {
    if (scopes.length === 0) return;
    if (!context.auth)
      throw new BearerChallenge('missing', context.site.origin, 'An access token is required.').toProblem();
    try {
      requireScopes(context.site, context.auth, scopes);
    } catch (error) {
      throw error instanceof BearerChallenge ? error.toProblem() : error;
    }
  };
}

/** Whether the calling token holds `scope`: which event types the event log lists to it. */
export function tokenHoldsScope(context: Pick<AdminApiContext, 'auth'>): (scope: string) => boolean {
  return (scope) => context.auth !== undefined && holdsScopes(context.auth, [scope]);
}
