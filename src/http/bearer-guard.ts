// The one bearer guard of every protected resource: UserInfo, the admin API, /account/graphql and
// /mcp (RFC 6750). Only the Authorization header is accepted. A missing token is a 401 challenge
// pointing at the protected-resource metadata (RFC 9728 5.1); an invalid, expired, revoked or
// foreign-origin token is 401 invalid_token; a valid token without the needed scopes is 403
// insufficient_scope naming every needed scope (RFC 6750 3.1).
import type { Db } from '../db/database.ts';
import { hashSecret } from '../lib/secrets.ts';
import { protectedResourceMetadataUrl } from '../services/auth/metadata.ts';
import { accessTokenStanding, type AccessTokenStanding } from '../services/auth/standing/presented-token.ts';
import type { SiteRole } from '../db/schema.ts';
import type { Site } from '../services/school/sites.ts';
import { ProblemError } from './problem.ts';
import type { WireError, WireResponse } from '../lib/wire-error.ts';
import { noStore } from '../lib/no-store.ts';
import { scopeRefusal, type InsufficientScope } from '../services/auth/scope-check.ts';

export type AuthInfo = {
  personId: string;
  grantId: string;
  clientId: string;
  clientRowId: string;
  audience: 'operator' | 'member';
  scopes: ReadonlySet<string>;
  resource: string;
  expiresAt: Date;
  issuedAt: Date;
  /** The hash, never the token: enough to key rate limits and logs without the secret. */
  tokenHash: string;
  /**
   * The person as read with the token, in the same statement: their email and name, and their roles
   * at the school now (unordered), which the standing above already rests on.
   */
  person: { id: string; email: string; name: string | null; emailVerified: boolean; roles: readonly SiteRole[] };
};

type ChallengeKind = 'missing' | 'invalid_token' | 'insufficient_scope';

/** RFC 6750 3: the WWW-Authenticate challenge, also rendered as a JSON body. */
export class BearerChallenge extends Error implements WireError {
  readonly isWireError = true as const;
  readonly kind: ChallengeKind;
  readonly origin: string;
  readonly scopes: readonly string[];
  readonly forceErrorCode: boolean;

  constructor(
    kind: ChallengeKind,
    origin: string,
    description: string,
    scopes: readonly string[] = [],
    forceErrorCode = false,
  ) {
    super(description);
    this.kind = kind;
    this.origin = origin;
    this.scopes = scopes;
    this.forceErrorCode = forceErrorCode;
  }

  /** RFC 6750 3.1: the scope check's refusal, naming every needed scope. */
  static insufficientScope(origin: string, refusal: InsufficientScope, description?: string): BearerChallenge {
    const needed = refusal.needed;
    return new BearerChallenge(
      'insufficient_scope',
      origin,
      description ?? `This request needs the scope ${needed.join(' ')}.`,
      needed,
    );
  }

  get status(): number {
    return this.kind === 'insufficient_scope' ? 403 : 401;
  }

  /** The error code on the wire; a missing token carries none unless the surface asks for it. */
  get code(): string | undefined {
    if (this.kind === 'missing') return this.forceErrorCode ? 'invalid_token' : undefined;
    return this.kind;
  }

  challenge(): string {
    const params: string[] = [];
    if (this.code) params.push(`error="${this.code}"`, `error_description="${this.message.replace(/["\\]/g, '')}"`);
    if (this.scopes.length) params.push(`scope="${this.scopes.join(' ')}"`);
    params.push(`resource_metadata="${protectedResourceMetadataUrl(this.origin)}"`);
    return `Bearer ${params.join(', ')}`;
  }

  /** The challenge where the resource answers RFC 6750 JSON: UserInfo, /account/graphql, /mcp. */
  toWire(): WireResponse {
    return {
      status: this.status,
      headers: this.headers(),
      body: {
        error: this.code ?? 'invalid_token',
        error_description: this.message,
        ...(this.scopes.length ? { scope: this.scopes.join(' ') } : {}),
      },
    };
  }

  /**
   * The same challenge where the operation answers RFC 9457 problems (the admin API and every other
   * non-OAuth operation of the OpenAPI document): the same status and WWW-Authenticate, the body a
   * problem whose type page says what to do, the RFC 6750 code and scopes as extension members.
   */
  toProblem(): ProblemError {
    return new ProblemError({
      status: this.status,
      type: this.status === 403 ? 'insufficient-scope' : 'invalid-token',
      title: this.status === 403 ? 'Forbidden' : 'Unauthorized',
      detail: this.message,
      headers: this.headers(),
      extensions: {
        error: this.code ?? 'invalid_token',
        ...(this.scopes.length ? { scope: this.scopes.join(' ') } : {}),
      },
    });
  }

  private headers(): Record<string, string> {
    return { 'WWW-Authenticate': this.challenge(), ...noStore('bearer-challenge') };
  }
}

export type GuardOptions = {
  /** Scopes the operation needs; all of them (RFC 6750 3.1 names every one in the challenge). */
  requiredScopes: readonly string[];
  /** The spec's Errors table: /account/graphql calls a missing token an invalid_token challenge. */
  missingTokenIsInvalidToken?: boolean;
  /** docs/operations.md "Reading the logs": told who authenticated (before any scope check), for logs and "last used". */
  onAuthenticated?: (auth: AuthInfo) => void;
};

/** Reads the bearer token of an Authorization header; undefined when there is none. */
export function bearerTokenOf(authorization: string | string[] | undefined): string | undefined | null {
  if (authorization === undefined) return undefined;
  if (Array.isArray(authorization)) return null;
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(authorization);
  return match ? match[1]! : null;
}

export function toAuthInfo(standing: Extract<AccessTokenStanding, { active: true }>, tokenHash: string): AuthInfo {
  const { facts } = standing;
  return {
    personId: facts.person_id,
    grantId: facts.grant_id,
    clientId: facts.client_id,
    clientRowId: facts.client_row_id,
    audience: facts.audience,
    // /auth.md "Access follows the school": what the roles and the school's features allow now, not what was consented.
    scopes: new Set(standing.scopes),
    resource: facts.resource,
    expiresAt: standing.expiresAt,
    issuedAt: facts.created_at,
    tokenHash,
    person: {
      id: facts.person_id,
      email: facts.person_email,
      name: facts.person_name,
      emailVerified: facts.person_email_verified,
      roles: facts.roles,
    },
  };
}

/** Authenticates without checking scopes (the MCP server decides per tool). */
export async function authenticateBearer(
  db: Db,
  site: Site,
  authorization: string | string[] | undefined,
  options: Omit<GuardOptions, 'requiredScopes'> & { requiredScopes?: readonly string[] } = {},
): Promise<AuthInfo | undefined> {
  const token = bearerTokenOf(authorization);
  const scopes = options.requiredScopes ?? [];
  if (token === undefined) return undefined;
  if (token === null)
    throw new BearerChallenge('invalid_token', site.origin, 'The Authorization header is not a Bearer token.', scopes);
  const tokenHash = hashSecret(token);
  // A token of another school is as unknown here as a forged one (RFC 6750 3.1, invalid_token; /auth.md "Errors"); one
  // whose person lost every role that allowed it, or whose school switched its feature off, too.
  const standing = await accessTokenStanding(db, tokenHash, { siteId: site.id, resource: site.origin });
  if (!standing.active) {
    throw new BearerChallenge(
      'invalid_token',
      site.origin,
      'The access token is invalid, expired, revoked or issued for another origin.',
      scopes,
    );
  }
  const auth = toAuthInfo(standing, tokenHash);
  options.onAuthenticated?.(auth);
  return auth;
}

export async function guardBearer(
  db: Db,
  site: Site,
  authorization: string | string[] | undefined,
  options: GuardOptions,
): Promise<AuthInfo> {
  const auth = await authenticateBearer(db, site, authorization, options);
  if (!auth)
    throw new BearerChallenge(
      'missing',
      site.origin,
      'An access token is required.',
      options.requiredScopes,
      options.missingTokenIsInvalidToken,
    );
  requireScopes(site, auth, options.requiredScopes);
  return auth;
}

/** The one scope check (services/auth/scope-check.ts), refused as an RFC 6750 3.1 challenge. */
export function requireScopes(site: Site, auth: AuthInfo, required: readonly string[]): void {
  const refusal = scopeRefusal(auth, required);
  if (refusal) throw BearerChallenge.insufficientScope(site.origin, refusal);
}
