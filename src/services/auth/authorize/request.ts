// The parameters of an authorization request (RFC 6749 4.1.1, RFC 7636 4.3, RFC 8707 2,
// OIDC Core 3.1.2.1) as they arrive, and what validation makes of them.
import type { AuthorizeData } from '../../../../generated/openapi/client/types.gen.ts';
import type { Client } from '../clients/client.ts';

/** The query of GET /oauth/authorize as the spec describes it (generated from spec/). */
export type AuthorizationParams = NonNullable<AuthorizeData['query']>;

/** The parameters the consent form carries back, so the decision is checked again in full. */
export const FORWARDED_PARAMETERS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'resource',
  'code_challenge',
  'code_challenge_method',
  'state',
  'nonce',
] as const;

export type AuthorizationRequest = {
  client: Client;
  redirectUri: string;
  /** Scopes as requested and permitted for the client, before the person's role narrows them. */
  scopes: string[];
  /** The audience (the school's origin) every token of this grant is bound to. */
  resource: string;
  codeChallenge: string;
  state: string | undefined;
  nonce: string | undefined;
  prompt: Set<'none' | 'login' | 'consent'>;
  maxAgeSeconds: number | undefined;
  loginHint: string | undefined;
};

/** Reads a single-valued parameter; a repeated one is invalid (RFC 6749 3.1). */
export function single(value: string | string[] | undefined): string | undefined | null {
  if (Array.isArray(value)) return value.length === 1 ? value[0] : null;
  return value;
}
