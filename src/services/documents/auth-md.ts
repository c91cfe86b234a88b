// /auth.md: how an agent or developer authenticates at this school, in the order the MCP
// authorization specification and the WorkOS auth.md convention use. Every URL, scope and
// lifetime comes from the same constants as the metadata documents, so they cannot disagree.
import type { Config } from '../../config/config.ts';
import { CLAIMS_SUPPORTED, endpoints } from '../auth/metadata.ts';
import { SCOPES } from '../auth/scopes.ts';
import { RATE_POLICIES, type RateLimiter, type RatePolicyName } from '../rate-limiter.ts';
import type { Site } from '../school/sites.ts';
import { AUTH_ERRORS_SECTION } from './auth-md-errors.ts';
import { AUTH_BOUNDS_SECTION } from './auth-md-bounds.ts';
import { memberApiSection } from './auth-md-member-api.ts';
import { signOutSection } from './auth-md-sign-out.ts';
import { markdownInline, type SchoolText } from '../../lib/markdown-escape.ts';

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
const duration = (seconds: number) =>
  seconds % 86_400 === 0
    ? plural(seconds / 86_400, 'day')
    : seconds % 3600 === 0
      ? plural(seconds / 3600, 'hour')
      : seconds % 60 === 0
        ? plural(seconds / 60, 'minute')
        : plural(seconds, 'second');

export function renderAuthMd(
  site: Site,
  config: Config,
  limiter: RateLimiter,
  schoolText: SchoolText = markdownInline,
): string {
  const e = endpoints(site.origin);
  const o = config.oauth;
  const scopeRows = SCOPES.map(
    (s) => `| \`${s.name}\` | ${s.meaning} | ${s.audience === 'any' ? 'identity' : s.audience} |`,
  ).join('\n');
  const limits = Object.keys(RATE_POLICIES)
    .map((name) => [name, limiter.policy(name as RatePolicyName)] as const)
    .map(
      ([name, p]) =>
        `| ${name.replace(/([A-Z])/g, ' $1').toLowerCase()} | ${p.limit} per ${duration(p.windowSeconds)} |`,
    )
    .join('\n');
  // School text is never document structure: the school's name is literal text, never Markdown structure.
  return `# Authenticating at ${schoolText(site.name)}

This school's API is protected by OAuth 2.0 and OpenID Connect. The resource server and the
authorization server are both **${site.origin}**: it is the token issuer (\`iss\`) and the resource
every token is bound to (RFC 8707). The structured source of truth is the authorization server
metadata at ${site.origin}/.well-known/oauth-authorization-server; this page explains it.

## What needs no token

- The published catalog: \`GET ${site.origin}/api/v1/catalog/courses\` and the anonymous tools of the MCP server at \`${site.origin}/mcp\`.
- The documents \`/openapi.json\`, \`/auth.md\` and the discovery documents below.
- Receiving webhooks: a receiver checks each delivery's Standard Webhooks signature with the endpoint's secret, no token (${site.origin}/webhooks.md). Managing endpoints needs \`webhooks:read\` and \`webhooks:write\`. Subscribing to an event type, and reading its stored bodies, also needs the read scope of its resource (\`order.paid\` \`orders:read\`, ...), and an endpoint sends only what its creator may still read (${site.origin}/webhooks.md "Who may receive what").

Everything else answers \`401\` with \`WWW-Authenticate: Bearer resource_metadata="${site.origin}/.well-known/oauth-protected-resource"\`.

## 1. Discover

1. Read \`resource_metadata\` from a 401, or fetch ${site.origin}/.well-known/oauth-protected-resource
   (RFC 9728; also \`/.well-known/oauth-protected-resource/mcp\` and \`/.well-known/oauth-protected-resource/account/graphql\`).
2. Fetch ${site.origin}/.well-known/oauth-authorization-server (RFC 8414) or
   ${site.origin}/.well-known/openid-configuration.

## 2. Get a client

Two audiences hold tokens. **Operator** clients act for an owner or admin of the school and reach
the administrative API. **Member** clients act for one signed-in person (any role, students
included) and read that person's own data at \`/account/graphql\` and through the member MCP tools.
The GraphQL schema (SDL) is at ${site.origin}/account/graphql/schema.graphql without a token, so a
client can be generated before anyone signs in.

| Route | Audience | How |
|---|---|---|
| Pre-registered vendor integration | operator | \`POST ${e.registration_endpoint}\` with your integration's \`client_name\`; the answer carries its \`client_id\`. An unknown name with a fixed HTTPS callback is \`invalid_client_metadata\`. |
| Client ID Metadata Document | operator | Use the HTTPS URL of your metadata document as \`client_id\` (\`client_id_metadata_document_supported: true\`). Accepted only from hosts the school allows (or any host when it enables open registration). Its \`redirect_uris\` must be on the document's host or loopback. Until the school reviews the client it may request identity and \`*:read\` scopes only. |
| Loopback registration | operator | \`POST ${e.registration_endpoint}\` with \`redirect_uris\` like \`http://127.0.0.1:<port>/callback\` (RFC 8252); \`token_endpoint_auth_method\` \`none\` (public) or \`client_secret_post\` (a \`client_secret\` is returned once). Loopback redirects match on any port. Registrations never used are removed after a while. |
| Member application | member | Created by an operator of the school in its admin area (OAuth applications, once the "MCP connections" beta feature is on), who gives you the \`client_id\`. There is no self-service route. |

\`account:read\` and \`account:write\` belong to member applications only: asking for them at the
registration endpoint is \`invalid_scope\`. This is not open dynamic registration for hosted web
clients: a fixed HTTPS callback needs a registered integration (\`invalid_redirect_uri\`).

\`\`\`sh
curl -s -X POST ${e.registration_endpoint} -H 'Content-Type: application/json' \\
  -d '{"client_name":"My agent","redirect_uris":["http://127.0.0.1:8765/callback"],"token_endpoint_auth_method":"none"}'
\`\`\`

## 3. Authorize (authorization code with PKCE S256 only)

Send the user's browser to ${e.authorization_endpoint} with \`response_type=code\`, \`client_id\`,
\`redirect_uri\` (exactly as registered; loopback on any port), \`scope\`, \`code_challenge\` and
\`code_challenge_method=S256\` (plain is refused), \`state\`, \`nonce\` when you want an ID token, and
\`resource=${site.origin}\` (required for member applications; operator flows default to it; the
\`/mcp\` and \`/account/graphql\` URLs name the same audience). \`prompt=none|login|consent\` and
\`max_age\` behave as OpenID Connect Core 3.1.2.1 says.

The person signs in and consents; remembered consent skips the page for the same client and
scopes, except for loopback and unreviewed metadata-document clients, which always ask. The browser
comes back with \`code\`, \`state\` and \`iss\` (RFC 9207): check that \`iss\` is ${site.origin}.
Errors come back the same way with \`error\` and \`error_description\`; an unknown client or a
redirect URI that does not match is shown to the person and never redirected.

Operators may delegate only what their role allows: owners every operator scope, admins every
operator scope but \`members:write\`. Students and lecturers cannot authorize operator clients.
The consent page shows the result: the scopes it would grant, and apart from them the scopes the
person's role withholds, each with the reason ("your role (admin) cannot allow this"). A person whose
role cannot use the client at all (a student or lecturer and an operator client, no scope left)
sees why on the school's page (403); its button is the error redirect, \`error=access_denied\` with
\`state\` and \`iss\`, so your client hears the same answer (with \`prompt=none\`, at once).
"Not you? Switch account" on both pages signs the person out of the school and returns to the
sign-in page of the same request.

### Which scopes a client receives

\`scope\` is required. A client that has no particular scope of its own sends what the protected
resource metadata lists (\`scopes_supported\`; MCP clients do this when no challenge names a scope):
identity and operator scopes, never \`account:*\`. What a request receives depends on the client, and
the token response's \`scope\` says what was issued (RFC 6749 3.3); the consent page lists the same.

| Client | Receives | \`invalid_scope\` when the request names |
|---|---|---|
| Registered at ${e.registration_endpoint}, vendor integration, metadata document | what it asked for | an unknown scope; \`account:read\` or \`account:write\`; a scope the integration was not registered with; a write scope while the metadata document is unreviewed |
| Member application | of the identity and \`account:*\` scopes it asked for, those the school selected for it; when it asked for no \`account:*\` scope but for operator scopes (what the metadata lists), every \`account:*\` scope the school selected. Never an operator scope. | an unknown scope; a request that receives nothing by this rule (only \`account:write\` when the school selected \`account:read\`, say) |

So an MCP client given a member application's \`client_id\` and no scope asks for what \`/mcp\`'s
metadata lists and receives, for example, \`openid profile email account:read account:write\`; the
same client given nothing registers a loopback client and, for an owner or admin, receives the
identity scopes and the operator scopes that person's role allows (above). A refresh keeps the
scope unless it asks for less (*6. Refresh and revoke*); a \`scope\` sent with it is read by this same
rule, so sending again what the client first asked for keeps what it received.

## 4. Exchange the code

\`\`\`sh
curl -s -X POST ${e.token_endpoint} \\
  -d grant_type=authorization_code -d code=$CODE -d redirect_uri=http://127.0.0.1:8765/callback \\
  -d client_id=$CLIENT_ID -d code_verifier=$VERIFIER -d resource=${site.origin}
\`\`\`

Confidential clients add \`client_secret\` (\`client_secret_post\`) or use HTTP Basic
(\`client_secret_basic\`). The answer: \`access_token\`, \`token_type: "Bearer"\`, \`expires_in\`,
\`refresh_token\`, \`scope\`, and \`id_token\` when \`openid\` was granted and the school signs ID tokens.
A code works once, for ${duration(o.authorizationCodeTtlSeconds)}; a second use is \`invalid_grant\` and revokes every token the first use issued.

## 5. Call the API

\`Authorization: Bearer <access_token>\` on every request (no query or body tokens). One token works
at both \`/mcp\` and \`/account/graphql\`. A token of another school is \`401 invalid_token\`; a token
without the needed scope is \`403 insufficient_scope\` with the needed scopes in the challenge.

${memberApiSection(site.origin)}

## 6. Refresh and revoke

\`grant_type=refresh_token\` with \`refresh_token\` (and the client's authentication) returns a new
access token and a **new refresh token**: refresh tokens rotate on every use. \`scope\` may narrow,
never widen; the resource binding stays; a refresh returns no \`id_token\`.

**Reuse (RFC 9700 4.14.2).** A refresh token is exchanged once, for successors derived from it, so
every use of one token yields the same pair:

- Presenting an exchanged token again within ${duration(o.refreshReuseGraceSeconds)}, while its successor has not been used, returns
  **that same pair** again: a retry after a lost response works, and any number of concurrent
  refreshes with one token end on one branch (they all receive the same tokens).
- Any other use of an exchanged token (its successor was already used, the window has passed, or
  the retry asks for a different \`scope\`) is a fork of the family: \`invalid_grant\`, and the whole
  grant ends, every access and refresh token of it, whoever presented it. The person connects again.

**Access follows the school.** A token carries the scopes the person's roles at this school and
the school's features allow *now*, not what was consented once. When an owner or admin changes a
person's roles, removes them, or switches *MCP connections* off, every grant resting on it is
narrowed or revoked in the same transaction, and the next request with an existing token, at any
instance, sees it: \`403 insufficient_scope\` for a scope the new roles do not allow, \`401
invalid_token\` when nothing is left (a removed member; an admin made lecturer, for an operator
application; every member application when *MCP connections* is off). Refresh never issues more;
introspection reports the current scopes. Giving a role back, or switching the feature on again,
revives nothing: the person authorizes again.

Revoke with \`POST ${e.revocation_endpoint}\` (RFC 7009): \`token\` and \`client_id\` (and the secret of
a confidential client). Revoking a refresh token ends its access tokens too. Introspect with
\`POST ${e.introspection_endpoint}\` (RFC 7662): a client sees only its own tokens; \`aud\` is the bound origin.

**The school can end access.** A member sees the applications they connected, and revokes them, on
their account page (*Connected applications*). The school's owners and admins see, per application,
how many members hold access and when each last used it, and revoke one person's access or every
member's at once: in the admin area (*Connected apps*) and with the admin API (\`listApplications\`,
\`listApplicationGrants\`, \`revokeApplicationGrant\`, \`revokeApplicationGrants\`; scopes
\`members:read\` and \`members:write\`). Revoking ends the grant and every token of it at once (the
next request is \`401 invalid_token\`, a refresh \`invalid_grant\`, introspection \`active: false\`) and
forgets the remembered consent, so the application must ask the person again.

## Lifetimes

| Thing | Lifetime |
|---|---|
| Authorization code | ${duration(o.authorizationCodeTtlSeconds)}, single use |
| Access token | ${duration(o.accessTokenTtlSeconds)} |
| Refresh token | ${duration(o.grantIdleLifetimeSeconds)} from its issue (the grant's idle lifetime), rotated on every use |
| Grant, idle | ${duration(o.grantIdleLifetimeSeconds)} without a refresh ends it (\`GRANT_IDLE_LIFETIME_SECONDS\`) |
| Grant, absolute | ${duration(o.grantAbsoluteLifetimeSeconds)} from the sign-in that started it, however often it is refreshed (\`GRANT_ABSOLUTE_LIFETIME_SECONDS\`) |
| Refresh retry window | ${duration(o.refreshReuseGraceSeconds)} |

No token outlives its grant: an access or refresh token issued near the grant's end expires with it,
and introspection's \`exp\` is that true expiry. Past either grant lifetime the refresh is
\`invalid_grant\` and the person signs in again. The defaults follow the OAuth security BCP (RFC 9700
4.14.2: refresh tokens expire, also after inactivity) and mainstream servers (Auth0's rotating refresh
tokens: 30 days absolute, 15 days inactivity).
| ID token | ${duration(o.idTokenTtlSeconds)} |
| Browser session | ${duration(o.sessionTtlSeconds)} |

## Identity: UserInfo and the ID token

\`GET ${e.userinfo_endpoint}\` with a token that holds \`openid\`. Claims (${CLAIMS_SUPPORTED.map((c) => `\`${c}\``).join(', ')}):

| Claim | Type | Scope |
|---|---|---|
| \`sub\` | string, the member id (equals \`viewer.id\` in GraphQL) | \`openid\` |
| \`org_id\` | string, this school's id | \`openid\` |
| \`roles\` | array of \`owner\`, \`admin\`, \`lecturer\`, \`student\` at this school | \`openid\` |
| \`name\` | string or null | \`profile\` |
| \`email\` | string | \`email\` |
| \`email_verified\` | boolean: true once the person proved they hold \`email\` (they opened a link mailed to it: an invitation for a new address, a password reset, a verification or an address change; /account verifies it) | \`email\` |

ID tokens are signed ES256 by default (RS256 for clients that register
\`id_token_signed_response_alg: RS256\`), carry \`iss\`, \`aud\` (your \`client_id\`), \`exp\` (issued + 10
minutes), \`nonce\`, \`auth_time\` and the claims above, equal to UserInfo for the same grant. They
are issued only while the school signs ID tokens, which it shows by listing
\`id_token_signing_alg_values_supported\` and \`jwks_uri\` in its OpenID configuration; keys are
published at ${e.jwks_uri} before they sign. Otherwise use UserInfo.

${signOutSection(site.origin)}

## Scopes

| Scope | Grants | Audience |
|---|---|---|
${scopeRows}

\`auth_events:read\` reads the school's access trail, \`GET ${site.origin}/api/v1/auth-events\`: who signed in as
whom, with which application and when, consents, tokens issued (one event per grant and hour), refresh
reuse, revocations and sign-outs, kept 90 days unless the deployment says otherwise. Like every operator
scope, only the school's owners and admins can hold it.

${AUTH_ERRORS_SECTION}

## Rate limits

Answered with \`429\`, \`Retry-After\` and \`RateLimit\` headers. Counters are shared by every
instance of the service. Token requests count per client once the client is authenticated (a
confidential client's budget cannot be spent by someone who only knows its \`client_id\`); a public
client's count is per client and address. Client ID Metadata Document fetches count per school:
a document URL the school already accepted has a budget of its own (and while it is spent its last
good document is used, for a day at most), URLs never seen share the per-host budget, and a URL
whose fetch failed is refused without another fetch for a minute.

Guesses are bounded per person, not per school: a password belongs to the person's identity (one
e-mail address, every school), so failed sign-ins count per identity across all schools, in token
buckets (the value is the bucket's size, refilled evenly over the period, so no burst passes at a
window's edge). *Sign in per account address* counts one person's attempts from one address, so a
stranger's guesses from elsewhere never use up the person's own; *sign in per account* counts them
from every address except those the person signed in from during the last 30 days (NIST SP 800-63B
5.2.2: at most 100 consecutive failures); *sign in per address* counts every attempt from an
address. A successful sign-in refills the person's buckets. Failed client authentication at the
token, revocation and introspection endpoints counts per \`client_id\` and address (*client auth
failures per client address*); once spent, those endpoints answer \`429\` \`slow_down\` (RFC 6749 5.2
shape) with \`Retry-After\` for that client and address only.

| Limit | Value |
|---|---|
${limits}

${AUTH_BOUNDS_SECTION}`;
}
