// /auth.md "Signing out": the person's browser sessions at the school, what ending one does, and
// how an application signs the person out (OpenID Connect RP-Initiated Logout 1.0) and is told of a
// sign-out (Back-Channel Logout 1.0).
import { endpoints } from '../auth/metadata.ts';

export function signOutSection(origin: string): string {
  const e = endpoints(origin);
  return `## Signing out

A person signed in at this school has one browser session per browser, kept on the server behind an
HttpOnly cookie. ${origin}/account/sessions lists their live sessions here: the device (read from the
browser's user agent), the approximate network (an IPv4 address to its /24, IPv6 to its /48), when it
signed in and when it was last seen (exact to five minutes; it is recorded at most that often). From
there the person signs out one session, every other one, or every one. An ended session ends on the
server, so its cookie stops working at once. These forms, like every form of the account area, carry
a CSRF token, and they count against the sign-in limit per address (*sign in per address*, in a bucket
of their own, so signing out never spends what signing in needs); so does the end-session endpoint.

### Signing out from an application (RP-Initiated Logout)

The \`end_session_endpoint\` is \`${e.end_session_endpoint}\` (OpenID Connect RP-Initiated Logout 1.0),
by \`GET\` or form \`POST\`, with:

| Parameter | Meaning |
|---|---|
| \`id_token_hint\` | An ID token this school issued to you for the person (an expired one is fine). It names the session: ID tokens carry \`sid\`, the browser session that signed in. |
| \`client_id\` | Your \`client_id\`; needed with \`post_logout_redirect_uri\` when you send no \`id_token_hint\`, and equal to its \`aud\` when you send both. |
| \`post_logout_redirect_uri\` | Where the browser goes afterwards: exactly (character for character) one of your registered \`post_logout_redirect_uris\`. Anything else is refused on a page, never followed. |
| \`state\` | Returned as \`state\` on that redirect. |
| \`logout_hint\`, \`ui_locales\` | Accepted; the session is the browser's own, and the pages speak the school's language. |

With an \`id_token_hint\` for the browser's current session (its \`sid\`), the session ends at once.
Without one, or with one for another session or person, the person is asked first, on a page whose
form carries a CSRF token, so no other site can sign anyone out with a link. A browser with no
session here goes straight on. Register \`post_logout_redirect_uris\` with your client: in the
registration request (loopback URIs, like \`redirect_uris\` there), in a Client ID Metadata Document
(the same rule as its \`redirect_uris\`: https on the document's host, or loopback), or, for a member
application, on its page in the school's admin area.

### Being told of a sign-out (Back-Channel Logout)

Register a \`backchannel_logout_uri\` (an https URL; a query is allowed, a fragment is not) with your
client: in the registration request, in a Client ID Metadata Document (on the document's own host), or
on the member application's page. Every ID token carries
\`sid\`, the browser session the person signed in with. When that session ends, however it ends (the
sessions page, the end-session endpoint, the sign-out button, or signing in again in the same
browser, which replaces the session), each client the session issued an ID token to and that
registered a \`backchannel_logout_uri\` receives a \`POST\` of \`application/x-www-form-urlencoded\`
\`logout_token=<JWT>\`. The logout token is signed like ID tokens (the key is in ${e.jwks_uri}, the
algorithm your \`id_token_signed_response_alg\`), with \`typ\` \`logout+jwt\`, and carries \`iss\`,
\`aud\` (your \`client_id\`), \`iat\`, \`exp\` (two minutes), \`jti\`, \`events\` with
\`http://schemas.openid.net/event/backchannel-logout\`, \`sid\` and \`sub\`; never \`nonce\`. Answer
\`200\` (or \`204\`) once you have ended your session for that \`sid\`. A \`400\` means you refused the
token and it is not sent again; any other answer, a timeout or a network failure is retried with
exponential back-off (the same \`jti\` each time) for about two hours. Redirects are not followed,
and the URL's host must resolve to public addresses only (checked at every delivery). Discovery says
\`backchannel_logout_supported\` and \`backchannel_logout_session_supported\`.`;
}
