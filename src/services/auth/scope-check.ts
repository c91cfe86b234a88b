// The one rule "this operation needs these scopes, and this token has them" (RFC 6750 3.1; /auth.md
// "Errors"), for every surface that checks one: the admin API and UserInfo through the bearer guard,
// GraphQL mutations, MCP tools and operation tools, webhook event scopes. It decides; each surface
// renders the one refusal, InsufficientScope, its own way (a 403 `insufficient-scope` problem, an RFC
// 6750 `insufficient_scope` challenge, a GraphQL FORBIDDEN error, an MCP step-up challenge).

/** What a scope check reads of an access token: its scopes now, and its audience where one is needed. */
export type ScopedToken = { scopes: ReadonlySet<string>; audience?: 'operator' | 'member' };

/** The refusal: the token lacks a needed scope, or is of another audience. Names every needed scope. */
export class InsufficientScope extends Error {
  readonly needed: readonly string[];

  constructor(needed: readonly string[]) {
    super(`The access token lacks a needed scope of ${needed.join(' ')}.`);
    this.name = 'InsufficientScope';
    this.needed = needed;
  }
}

/** Whether `token` may run an operation that needs every one of `needed` (and, if named, `audience`). */
export function holdsScopes(token: ScopedToken, needed: readonly string[], audience?: 'operator' | 'member'): boolean {
  if (audience !== undefined && token.audience !== audience) return false;
  return needed.every((scope) => token.scopes.has(scope));
}

/** The refusal of an operation that needs `needed`, or undefined when `token` may run it. */
export function scopeRefusal(
  token: ScopedToken,
  needed: readonly string[],
  audience?: 'operator' | 'member',
): InsufficientScope | undefined {
  return holdsScopes(token, needed, audience) ? undefined : new InsufficientScope(needed);
}

/** Throws InsufficientScope unless `token` may run an operation that needs `needed`. */
export function requireScopes(token: ScopedToken, needed: readonly string[], audience?: 'operator' | 'member'): void {
  const refusal = scopeRefusal(token, needed, audience);
  if (refusal) throw refusal;
}
