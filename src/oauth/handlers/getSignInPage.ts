import type { GetSignInPageData } from '../../../generated/openapi/client/types.gen.ts';
import type { OAuthPageHandler } from '../oauth-services.ts';
import { signedInEmail } from '../../services/sessions/sign-in.ts';
import { renderPage } from '../../http/pages/render-page.ts';
import { safeReturnTo } from '../../lib/return-to.ts';
import { preSessionCsrf, sessionCsrfToken, SIGN_OUT_CSRF_PURPOSE } from '../../services/sessions/browser-sessions.ts';

/** The sign-in page; when already signed in, who you are and a sign-out button. */
export const getSignInPage: OAuthPageHandler<GetSignInPageData> = async ({ query, headers }, context) => {
  const { site, services } = context;
  const session = await services.sessions.current(site, headers.cookie);
  if (session && !query.return_to) {
    const email = await signedInEmail(services.db, session.person_id);
    return renderPage('./signed-in', context, {
      email: email ?? '',
      csrfToken: sessionCsrfToken(session, SIGN_OUT_CSRF_PURPOSE),
    });
  }
  const csrf = preSessionCsrf(site, headers.cookie);
  return renderPage(
    './sign-in',
    context,
    { csrfToken: csrf.token, returnTo: safeReturnTo(site.origin, query.return_to), email: query.login_hint ?? '' },
    200,
    csrf.cookie ? { 'Set-Cookie': csrf.cookie } : {},
  );
};
