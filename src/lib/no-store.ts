// The one rule of which responses no cache may keep (`Cache-Control: no-store`, RFC 9111 5.2.2.5),
// and the one helper that says it. Every edge answers through `noStore(reason)`: a response that is
// not one of these reasons is cacheable by the usual rules, and a new reason is added here, with its
// citation, before any edge may use it.

/** Why a response is no-store; each names the rule that asks for it. */
export const NO_STORE_REASONS = {
  /** RFC 6749 5.1: the token response, with `Pragma: no-cache` for HTTP/1.0 caches. */
  'token-response': 'RFC 6749 5.1',
  /** RFC 6749 5.2 and the OAuth endpoints' errors: they answer about credentials. */
  'oauth-error': 'RFC 6749 5.1, 5.2',
  /** RFC 7662 2.2 introspection and RFC 7009 2.2 revocation answers: a token's state. */
  'token-state': 'RFC 7662 2.2, RFC 7009 2.2',
  /** RFC 6750 3: a bearer challenge answers about the presented token. */
  'bearer-challenge': 'RFC 6750 3',
  /** OIDC Core 5.3.2 UserInfo, GraphQL and MCP answers: a member's own data. */
  'personal-data': 'OpenID Connect Core 5.3.2, RFC 9111 5.2.2.5',
  /** OpenAPI "Secrets": an admin response whose schema holds an `x-secret` property. */
  secret: 'OpenAPI document "Secrets"',
  /** Pages (CSRF tokens, personal data) and the redirects that set or clear a browser session. */
  'browser-session': 'RFC 9111 5.2.2.5',
  /** Probes and 503s: the state of this process now, wrong a moment later. */
  'current-state': 'RFC 9111 5.2.2.5',
} as const;

export type NoStoreReason = keyof typeof NO_STORE_REASONS;

const NO_STORE = Object.freeze({ 'Cache-Control': 'no-store' });
const NO_STORE_TOKEN = Object.freeze({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });

/** The headers that keep a response of `reason` out of every cache. */
export function noStore(reason: NoStoreReason): Readonly<Record<string, string>> {
  return reason === 'token-response' ? NO_STORE_TOKEN : NO_STORE;
}
