import type { SignOutData } from '../../../generated/openapi/client/types.gen.ts';
import type { OAuthPageHandler } from '../oauth-services.ts';
import { renderErrorPage } from '../../http/pages/error-page.ts';
import { textKey } from '../../lib/text-key.ts';
import { safeReturnTo } from '../../lib/return-to.ts';
import { SIGN_OUT_CSRF_PURPOSE, verifySessionCsrfToken } from '../../services/sessions/browser-sessions.ts';
import { noStore } from '../../lib/no-store.ts';
import { recordAuthEvent } from '../../services/audit/auth-events.ts';

/** Ends the browser session (server side and cookie); CSRF-checked so no page can log you out. */
export const signOut: OAuthPageHandler<SignOutData> = async ({ body, headers }, context) => {
  const { site, services, clientIp } = context;
  const session = await services.sessions.current(site, headers.cookie);
  if (session && !verifySessionCsrfToken(session, SIGN_OUT_CSRF_PURPOSE, body.csrf_token)) {
    return renderErrorPage(context, 'invalid_request', textKey('error.message.formExpired'), 400);
  }
  const cookie = await services.sessions.end(site, session);
  if (session) {
    await services.audit.record({
      siteId: site.id,
      actorPersonId: session.person_id,
      action: 'sign_out',
      ip: clientIp,
    });
    // docs/operations.md "Access trail"
    await recordAuthEvent(services.db, {
      siteId: site.id,
      kind: 'logout',
      personId: session.person_id,
      ip: clientIp,
      userAgent: typeof headers['user-agent'] === 'string' ? headers['user-agent'] : null,
    });
  }
  return {
    status: 303,
    body: undefined,
    headers: {
      Location: safeReturnTo(site.origin, body.return_to),
      'Set-Cookie': cookie,
      ...noStore('browser-session'),
    },
  };
};
