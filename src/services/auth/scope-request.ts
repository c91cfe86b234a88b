// The one rule of which scopes a request obtains for a client, before the person's role narrows
// them (standing/allowed-scopes.ts). Registration, the authorization endpoint and the refresh grant
// (for a `scope` sent with it, which RFC 6749 6 then bounds by the grant) ask it; /auth.md "Which
// scopes a client receives" says it in words.
//
// RFC 6749 3.3 lets the server issue fewer scopes than requested, announced in the token
// response's `scope`; invalid_scope is kept for what the request gets wrong (RFC 6749 4.1.2.1):
// an unknown name, a scope the spec reserves to the other audience (Authentication 5: `account:*`
// from an operator client), a scope beyond an operator client's own. A member application is
// different: a client that has no scope of its own sends what the protected-resource metadata
// lists (MCP Authorization, scope selection: `scopes_supported` of /mcp's document), which is the
// operator vocabulary; for a member application that means "access to this resource", so it
// receives the account scopes the school selected for it (spec "What the service does": member
// tokens carry account:read) and never an operator scope.
import type { Client } from './clients/client.ts';
import { InvalidScope } from './errors.ts';
import { isReadOrIdentityScope, MEMBER_SCOPES, scopeInfo, type ScopeAudience } from './scopes.ts';

/** What the rule needs of a client; registration asks it for a client not yet created. */
export type ScopeRequester = Pick<Client, 'audience' | 'allowedScopes' | 'kind' | 'reviewStatus'>;

const audienceOf = (name: string): ScopeAudience => scopeInfo(name)!.audience;

/** The scopes `requested` obtains for `client`, in order of first mention; InvalidScope when it obtains none. */
export function scopesForRequest(client: ScopeRequester, requested: readonly string[]): string[] {
  if (requested.length === 0) throw new InvalidScope('The scope parameter is required.');
  for (const name of requested) if (!scopeInfo(name)) throw new InvalidScope(`Unknown scope ${JSON.stringify(name)}.`);
  return client.audience === 'member' ? memberScopes(client, requested) : operatorScopes(client, requested);
}

/** An operator client gets what it asked for, or invalid_scope naming the first scope it may not have. */
function operatorScopes(client: ScopeRequester, requested: readonly string[]): string[] {
  for (const name of requested) {
    // Spec Authentication 5: account:* is reserved to the member audience.
    if (audienceOf(name) === 'member')
      throw new InvalidScope(
        `The scope ${name} belongs to member applications, which the school creates in its admin area.`,
      );
    if (client.allowedScopes.length > 0 && !client.allowedScopes.includes(name))
      throw new InvalidScope(`The scope ${name} was not granted to this client by the school.`);
    // Anyone may publish a metadata document (draft-ietf-oauth-client-id-metadata-document, Security
    // Considerations), so until the school reviews one its client gets read and identity scopes only.
    if (client.kind === 'metadata_document' && client.reviewStatus !== 'approved' && !isReadOrIdentityScope(name))
      throw new InvalidScope(
        `The scope ${name} needs the school to review this client first; request read scopes only.`,
      );
  }
  return [...requested];
}

/**
 * A member application gets, of the identity and account scopes it names, those the school selected
 * for it; when it names no account scope but names operator scopes, every account scope the school
 * selected. Operator scopes are left out, never granted.
 */
function memberScopes(client: ScopeRequester, requested: readonly string[]): string[] {
  const selected = client.allowedScopes.length > 0 ? client.allowedScopes : MEMBER_SCOPES;
  const own = requested.filter((name) => audienceOf(name) !== 'operator');
  const namesAccount = own.some((name) => audienceOf(name) === 'member');
  const namesOperator = own.length < requested.length;
  const wanted =
    namesOperator && !namesAccount ? [...own, ...selected.filter((name) => audienceOf(name) === 'member')] : own;
  const granted = [...new Set(wanted.filter((name) => selected.includes(name)))];
  if (granted.length === 0)
    throw new InvalidScope(
      `None of the requested scopes is available to this member application; the school selected ${selected.join(' ')}.`,
    );
  return granted;
}
