// The access trail's closed lists (docs/operations.md "Access trail"): every kind of event it
// records, and for each kind the reasons it may carry. One file, so the recorders, the admin API's
// `kind` filter (OpenAPI AuthEventKind), the admin area's labels and the metric's `kind` label
// (docs/operations.md "Metrics": labels are bounded sets) all read the same list.

export const AUTH_EVENT_KINDS = [
  'sign_in.succeeded',
  'sign_in.failed',
  'password.reset',
  'email.changed',
  'consent.given',
  'consent.withdrawn',
  'token.issued',
  'refresh.reuse_detected',
  'grant.revoked',
  'logout',
] as const;

export type AuthEventKind = (typeof AUTH_EVENT_KINDS)[number];

/**
 * Why a sign-in failed, as a class: the typed address and password are never kept. An address with
 * no account, or whose account holds no role at this school, is `unknown_account` alike, so the trail
 * tells a school nothing about people of other schools.
 */
export const SIGN_IN_FAILURES = ['wrong_password', 'unknown_account', 'throttled'] as const;
export type SignInFailure = (typeof SIGN_IN_FAILURES)[number];

/**
 * Why a grant ended: the person (their connected applications), an operator (the admin area's
 * connected applications, a client's scopes narrowed, a metadata client blocked), a role change
 * (roles taken away, the person removed, or their standing re-checked at a refresh), a feature
 * switched off ("MCP connections"), the client removed, a reused code or refresh token (RFC 9700
 * 4.14.2), or the client itself revoking its refresh token (RFC 7009 2).
 */
export const REVOCATION_REASONS = [
  'person',
  'operator',
  'role_change',
  'feature_off',
  'client_removed',
  'reuse_detected',
  'client_request',
  'password_changed',
] as const;
export type RevocationReason = (typeof REVOCATION_REASONS)[number];

/** token.issued names the grant type that issued the hour's first token (RFC 6749 4.1.3, 6). */
export const TOKEN_GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;

/** The reasons each kind may carry; a kind without an entry carries none. */
export const REASONS_OF_KIND: Readonly<Partial<Record<AuthEventKind, readonly string[]>>> = {
  'sign_in.failed': SIGN_IN_FAILURES,
  'grant.revoked': REVOCATION_REASONS,
  'token.issued': TOKEN_GRANT_TYPES,
};

/** Every reason of every kind, for the catalogue's labels. */
export const ALL_REASONS: readonly string[] = [...new Set(Object.values(REASONS_OF_KIND).flat())];

export function isAuthEventKind(value: string): value is AuthEventKind {
  return (AUTH_EVENT_KINDS as readonly string[]).includes(value);
}

/**
 * The trail's reason for a grant re-checked by reconcileGrants (standing/reconcile-grants.ts), from
 * the cause it was given: the "MCP connections" feature switched off, or else a change of the
 * person's roles (taken away, removed, or found changed at a refresh).
 */
export function revocationReasonOfCause(cause: string): RevocationReason {
  return cause === 'mcp_connections_disabled' ? 'feature_off' : 'role_change';
}
