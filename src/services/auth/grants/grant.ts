// What every grant of the token endpoint shares (RFC 6749 4.1.3, 6): the request it answers, the
// services it may use, what it issues, the check that the client may use it at all, and the runner
// that turns an ordered list of steps (steps.ts) into the grant the token endpoint calls.
import type { KeyObject } from 'node:crypto';
import type { Db } from '../../../db/database.ts';
import type { Site } from '../../school/sites.ts';
import type { Client } from '../clients/client.ts';
import { UnauthorizedClient } from '../errors.ts';
import type { IssuedTokens, TokenLifetimes } from '../issue-tokens.ts';
import type { SigningKeyService } from '../keys/signing-keys.ts';
import type { RefreshRotations } from './refresh-rotations.ts';
import { ANSWERED, runSteps, type Step, type StepContext } from './steps.ts';

/** The token request's parameters a grant reads (RFC 6749 4.1.3, 6; RFC 7636 4.5; RFC 8707 2). */
export type TokenParams = {
  code?: string;
  redirect_uri?: string;
  code_verifier?: string;
  refresh_token?: string;
  scope?: string;
  resource?: string | string[];
};

export type GrantDeps = {
  db: Db;
  lifetimes: TokenLifetimes & { refreshReuseGraceSeconds: number; idTokenTtlSeconds: number };
  signingKeys: SigningKeyService;
  /** The key refresh successors are derived with (issue-tokens.ts successorsOf). */
  successorKey: KeyObject;
  /** The common refresh's group commit (refresh-rotations.ts). */
  rotations: RefreshRotations;
};

export type TokenRequest = { site: Site; client: Client; grantType: string; params: TokenParams };

/** What a grant answers: the tokens, what they allow, whose they are, and an ID token when one is due. */
export type Issued = IssuedTokens & { scopes: string[]; personId: string; idToken?: string };

/** The context every grant's steps share; each grant adds what its own steps fill in. */
export type GrantContext = StepContext & TokenRequest & { deps: GrantDeps; issued?: Issued };

export type Grant = (deps: GrantDeps, request: TokenRequest) => Promise<Issued>;

/**
 * A grant made of `steps`, run in order on one context; the error a step stops with is thrown. What a
 * grant adds to the context is optional: its steps fill it in turn.
 */
export function grantOf<C extends GrantContext>(...steps: Step<C>[]): Grant {
  return async (deps, request) => {
    const context = { ...request, deps, db: deps.db } as C;
    const stop = await runSteps(steps, context);
    if (stop && stop !== ANSWERED) throw stop;
    if (!context.issued) throw new Error(`The ${request.grantType} grant ended without issuing tokens.`);
    return context.issued;
  };
}

/** RFC 6749 5.2 `unauthorized_client`: the client is not registered for this grant type. */
export function checkClientMayUseGrant(context: GrantContext): UnauthorizedClient | undefined {
  if (context.client.grantTypes.includes(context.grantType)) return undefined;
  return new UnauthorizedClient(`This client may not use the ${context.grantType} grant.`);
}
