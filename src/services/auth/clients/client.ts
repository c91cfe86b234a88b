// An OAuth client as the authorization server reasons about it.
import type { ClientRow } from '../../../db/repositories/oauth-clients.ts';
import type {
  Audience,
  ClientKind,
  ReviewStatus,
  SigningAlg,
  TokenEndpointAuthMethod,
} from '../../../db/schema-oauth.ts';
import { allLoopback } from '../redirect-uri.ts';

export type Client = {
  rowId: string;
  clientId: string;
  siteId: string | null;
  kind: ClientKind;
  audience: Audience;
  name: string;
  redirectUris: string[];
  grantTypes: string[];
  authMethod: TokenEndpointAuthMethod;
  secretHash: string | null;
  applicationType: 'web' | 'native';
  allowedScopes: string[];
  idTokenAlg: SigningAlg;
  reviewStatus: ReviewStatus;
  clientUri: string | null;
  createdAt: Date;
  /** Runs on the user's own computer: every redirect URI is loopback (RFC 8252). */
  isNative: boolean;
  /** RP-Initiated Logout 1.0 3.1: where the end-session endpoint may send the browser (exact match). */
  postLogoutRedirectUris: string[];
  /** Back-Channel Logout 1.0 2.2: where logout tokens are posted, and whether they must carry `sid`. */
  backchannelLogoutUri: string | null;
  backchannelLogoutSessionRequired: boolean;
};

export function toClient(row: ClientRow): Client {
  return {
    rowId: row.id,
    clientId: row.client_id,
    siteId: row.site_id,
    kind: row.kind,
    audience: row.audience,
    name: row.name,
    redirectUris: row.redirect_uris,
    grantTypes: row.grant_types,
    authMethod: row.token_endpoint_auth_method,
    secretHash: row.client_secret_hash,
    applicationType: row.application_type,
    allowedScopes: row.allowed_scopes,
    idTokenAlg: row.id_token_signed_response_alg,
    reviewStatus: row.review_status,
    clientUri: row.client_uri,
    createdAt: row.created_at,
    isNative: allLoopback(row.redirect_uris),
    postLogoutRedirectUris: row.post_logout_redirect_uris,
    backchannelLogoutUri: row.backchannel_logout_uri,
    backchannelLogoutSessionRequired: row.backchannel_logout_session_required,
  };
}

/** Whether a consent must be asked every time (/auth.md "3. Authorize": loopback and unreviewed documents). */
export function alwaysAsksConsent(client: Client): boolean {
  return client.isNative || (client.kind === 'metadata_document' && client.reviewStatus !== 'approved');
}
