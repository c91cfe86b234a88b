// The error section of /auth.md: every code this authorization server and its protected
// resources use, with status and meaning (RFC 6749 5.2, RFC 6750 3.1, RFC 9457).
export const AUTH_ERRORS_SECTION = `## Errors

OAuth endpoints answer JSON \`{"error": "...", "error_description": "..."}\` (RFC 6749 5.2) with
\`Cache-Control: no-store\`.

| Code | Status | When |
|---|---|---|
| \`invalid_request\` | 400 | A parameter is missing, repeated or malformed; a body that is not form-encoded |
| \`invalid_client\` | 401 | Client authentication failed (with \`WWW-Authenticate: Basic\`) |
| \`invalid_grant\` | 400 | Code or refresh token invalid, expired, used, revoked, or issued to another client; PKCE or redirect URI mismatch |
| \`unauthorized_client\` | 400 / redirect | The client may not use this grant, or a member application while the school has MCP connections off |
| \`unsupported_grant_type\` | 400 | A grant other than \`authorization_code\` and \`refresh_token\` |
| \`unsupported_response_type\` | redirect | A response type other than \`code\` |
| \`invalid_scope\` | 400 / redirect | Unknown scope; \`account:*\` from any client but a member application (at registration or authorization); a scope beyond a vendor integration's; a write scope for an unreviewed metadata-document client; a member application's request for none of the scopes the school selected for it; a wider scope on refresh (see *Which scopes a client receives*) |
| \`invalid_target\` | 400 / redirect | A \`resource\` that is not this school's origin, or a member flow without it (RFC 8707) |
| \`access_denied\` | redirect | The person denied, or their role may not authorize this client (the school's page says why first; its button is this redirect) |
| \`login_required\`, \`consent_required\` | redirect | \`prompt=none\` could not be honoured |
| \`invalid_redirect_uri\` | 400 | Registration: a fixed HTTPS callback without a registered integration |
| \`invalid_client_metadata\` | 400 | Registration: unknown vendor \`client_name\`, unsupported metadata |
| \`slow_down\` | 429 | Rate limited; see \`Retry-After\` |
| \`temporarily_unavailable\` | 503 | The database is unreachable; retry after \`Retry-After\` |

Protected resources answer RFC 6750 challenges, also as JSON bodies:

| Condition | Code | Status | Challenge |
|---|---|---|---|
| No token | — (\`invalid_token\` at \`/account/graphql\`) | 401 | \`Bearer resource_metadata="…"\` |
| Invalid, expired, revoked or malformed token, or one of another origin | \`invalid_token\` | 401 | \`Bearer error="invalid_token", resource_metadata="…"\` |
| Valid token without a needed scope | \`insufficient_scope\` | 403 | \`Bearer error="insufficient_scope", scope="<every needed scope>", resource_metadata="…"\` |
| \`/mcp\` without a token | — | — | served anonymously with public tools only |
| \`/mcp\`, a tool that needs a token, called without one | — (no credentials were sent, RFC 6750 3.1) | 401 | \`Bearer scope="<the tool's scopes>", resource_metadata="…"\` |

The administrative API answers its own errors as RFC 9457 problem details (\`application/problem+json\`).
Each \`type\` other than \`about:blank\` is a page of this origin, \`/problems/<name>\`, saying what the
problem means and what to do (\`Accept: text/markdown\` or \`application/json\` for the same text).`;
