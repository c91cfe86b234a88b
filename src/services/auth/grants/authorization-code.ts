// The authorization_code grant (RFC 6749 4.1.3). The code is consumed in the same transaction that
// issues the tokens; a second use is invalid_grant and revokes every token the first use issued
// (RFC 6749 4.1.2). Code, client, redirect URI, PKCE verifier and resource must all match.
import type { Db } from '../../../db/database.ts';
import {
  consumeAuthorizationCode,
  findAuthorizationCode,
  linkCodeToGrant,
  type CodeRow,
} from '../../../db/repositories/oauth-codes.ts';
import { insertGrant, revokeGrant } from '../../../db/repositories/oauth-grants.ts';
import { findPersonFacts } from '../../../db/repositories/token-facts.ts';
import { hashSecret } from '../../../lib/secrets.ts';
import { standingScopes } from '../standing/allowed-scopes.ts';
import { grantEndsAt } from '../standing/lifetimes.ts';
import type { Site } from '../../school/sites.ts';
import type { Client } from '../clients/client.ts';
import { InvalidGrant, InvalidRequest, InvalidTarget, type OAuthError } from '../errors.ts';
import { issueTokens, type IssuedTokens, type TokenLifetimes } from '../issue-tokens.ts';
import { GrantRevokedOnReuse } from './grant-revoked-on-reuse.ts';
import { verifyPkce } from '../pkce.ts';
import { resolveResourceParameter } from '../resource.ts';

export type CodeExchangeInput = {
  code?: string;
  redirect_uri?: string;
  code_verifier?: string;
  resource?: string | string[];
};
export type CodeExchangeResult = IssuedTokens & {
  scopes: string[];
  personId: string;
  nonce: string | null;
  authTime: Date;
  grantId: string;
};

/** Every binding of the code must match the token request (RFC 6749 4.1.3, RFC 7636 4.6), else the reason. */
function checkCode(site: Site, client: Client, code: CodeRow, input: CodeExchangeInput): OAuthError | undefined {
  if (code.expires_at <= new Date()) return new InvalidGrant('The authorization code has expired.');
  if (code.client_row_id !== client.rowId)
    return new InvalidGrant('The authorization code was issued to another client.');
  if (code.redirect_uri !== input.redirect_uri)
    return new InvalidGrant('redirect_uri differs from the authorization request.');
  if (!verifyPkce(input.code_verifier!, code.code_challenge))
    return new InvalidGrant('The code_verifier does not match the code_challenge.');
  const resource = resolveResourceParameter(site.origin, input.resource);
  if (!resource.ok) return new InvalidTarget(resource.reason);
  // RFC 8707 2.2: the member flow repeats `resource` at the token endpoint; it can never widen.
  if (resource.audience === undefined && client.audience === 'member')
    return new InvalidTarget(`resource is required; send resource=${site.origin}.`);
  if (resource.audience !== undefined && resource.audience !== code.resource)
    return new InvalidTarget('resource differs from the authorization request.');
  return undefined;
}

export async function exchangeAuthorizationCode(
  db: Db,
  site: Site,
  client: Client,
  input: CodeExchangeInput,
  lifetimes: TokenLifetimes,
): Promise<CodeExchangeResult> {
  if (!input.code) throw new InvalidRequest('code is required.');
  if (!input.redirect_uri) throw new InvalidRequest('redirect_uri is required.');
  if (!input.code_verifier) throw new InvalidRequest('code_verifier is required (PKCE).');
  const codeHash = hashSecret(input.code);

  type Outcome =
    | { reused: true; grant: { id: string; personId: string } | null }
    | { rejected: OAuthError }
    | {
        tokens: IssuedTokens;
        scopes: string[];
        personId: string;
        nonce: string | null;
        authTime: Date;
        grantId: string;
      };
  const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
    const code = await consumeAuthorizationCode(trx, site.id, codeHash);
    if (!code) {
      const used = await findAuthorizationCode(trx, site.id, codeHash);
      return { reused: true, grant: used?.grant_id ? { id: used.grant_id, personId: used.person_id } : null };
    }
    // From here the code stays consumed whatever happens: a failed attempt (a thief without the
    // verifier) burns it rather than leaving it for a second try (RFC 9700 2.1.1).
    const rejected = checkCode(site, client, code, input);
    if (rejected) return { rejected };
    // /auth.md "Access follows the school": the grant starts with what the person's roles and the school's features
    // allow now, not what they allowed when the code was issued (up to a minute ago).
    const facts = await findPersonFacts(trx, site.id, code.person_id);
    const standing = standingScopes(code.scopes, {
      audience: client.audience,
      roles: facts.roles,
      mcpConnections: facts.mcp_connections,
    });
    if (!standing.allowed)
      return {
        rejected: new InvalidGrant(
          'The person who authorized this code may no longer grant this access at this school.',
        ),
      };
    const now = new Date();
    const grantExpiresAt = grantEndsAt(now, lifetimes);
    const grant = await insertGrant(trx, {
      site_id: site.id,
      client_row_id: client.rowId,
      person_id: code.person_id,
      scopes: standing.scopes,
      resource: code.resource,
      auth_time: code.auth_time,
      created_at: now,
      expires_at: grantExpiresAt,
    });
    await linkCodeToGrant(trx, codeHash, grant.id);
    const tokens = await issueTokens(
      trx,
      {
        grantId: grant.id,
        siteId: site.id,
        clientRowId: client.rowId,
        personId: code.person_id,
        scopes: standing.scopes,
        resource: code.resource,
        grantExpiresAt,
      },
      lifetimes,
      { withRefreshToken: client.grantTypes.includes('refresh_token') },
    );
    return {
      tokens,
      scopes: standing.scopes,
      personId: code.person_id,
      nonce: code.nonce,
      authTime: code.auth_time,
      grantId: grant.id,
    };
  });

  if ('reused' in outcome) {
    // RFC 6749 4.1.2: a code used twice revokes what its first use issued, whoever replays it.
    const description = 'The authorization code is invalid, expired or already used.';
    if (!outcome.grant) throw new InvalidGrant(description);
    const reason = 'authorization code reused';
    await revokeGrant(db, outcome.grant.id, reason);
    throw new GrantRevokedOnReuse(description, { grantId: outcome.grant.id, personId: outcome.grant.personId, reason });
  }
  if ('rejected' in outcome) throw outcome.rejected;
  return {
    ...outcome.tokens,
    scopes: outcome.scopes,
    personId: outcome.personId,
    nonce: outcome.nonce,
    authTime: outcome.authTime,
    grantId: outcome.grantId,
  };
}
