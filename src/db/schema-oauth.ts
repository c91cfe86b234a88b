// Table types for the authorization server's tables (migration 2026-11-22T0002-oauth), column
// for column. Hashes are base64url SHA-256 of the secret; the secret itself is never stored.
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { DefaultedTimestamp, Id, NullableTimestamp, Timestamp } from './schema-columns.ts';

export type ClientKind = 'vendor' | 'loopback' | 'member_app' | 'metadata_document';
export type Audience = 'operator' | 'member';
export type TokenEndpointAuthMethod = 'none' | 'client_secret_post' | 'client_secret_basic';
export type ReviewStatus = 'unreviewed' | 'approved' | 'blocked';
export type SigningAlg = 'ES256' | 'RS256';
export type KeyState = 'next' | 'current' | 'retired';
type TextArray = ColumnType<string[], string[] | undefined, string[]>;

export interface OAuthClientsTable {
  id: Id;
  client_id: string;
  site_id: string | null;
  kind: ClientKind;
  audience: Audience;
  name: string;
  redirect_uris: TextArray;
  grant_types: TextArray;
  token_endpoint_auth_method: TokenEndpointAuthMethod;
  client_secret_hash: string | null;
  application_type: Generated<'web' | 'native'>;
  allowed_scopes: TextArray;
  id_token_signed_response_alg: Generated<SigningAlg>;
  review_status: Generated<ReviewStatus>;
  client_uri: string | null;
  logo_uri: string | null;
  metadata_document: JSONColumnType<Record<string, unknown>, string | null, string | null> | null;
  metadata_expires_at: NullableTimestamp;
  created_by_person_id: string | null;
  last_used_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  /** RP-Initiated Logout 1.0 3.1 (migration 2026-12-06T0401-sessions-and-logout). */
  post_logout_redirect_uris: TextArray;
  /** Back-Channel Logout 1.0 2.2. */
  backchannel_logout_uri: ColumnType<string | null, string | null | undefined, string | null>;
  backchannel_logout_session_required: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface OAuthVendorIntegrationsTable {
  client_row_id: string;
  match_name: string;
}

export interface OAuthSessionsTable {
  id: Id;
  token_hash: string;
  site_id: string;
  person_id: string;
  auth_time: DefaultedTimestamp;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  user_agent: string | null;
  ip: string | null;
  /** Written at most every few minutes (services/sessions/session-store.ts), not per request. */
  last_seen_at: NullableTimestamp;
}

/** Each client a browser session issued an ID token to (Back-Channel Logout 1.0 2.7). */
export interface OAuthSessionClientsTable {
  session_id: string;
  client_row_id: string;
  created_at: DefaultedTimestamp;
}

export interface OAuthConsentsTable {
  site_id: string;
  person_id: string;
  client_row_id: string;
  scopes: string[];
  resource: string;
  granted_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface OAuthGrantsTable {
  id: Id;
  site_id: string;
  client_row_id: string;
  person_id: string;
  scopes: string[];
  resource: string;
  auth_time: Timestamp;
  created_at: DefaultedTimestamp;
  /** The grant's absolute end (migration 2026-11-25T0001): no token of it outlives this. */
  expires_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  revoked_reason: string | null;
}

export interface OAuthAuthorizationCodesTable {
  code_hash: string;
  site_id: string;
  client_row_id: string;
  person_id: string;
  redirect_uri: string;
  code_challenge: string;
  scopes: string[];
  resource: string;
  nonce: string | null;
  auth_time: Timestamp;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  grant_id: string | null;
  /** The browser session that authorized the code (migration 2026-12-06T0401-sessions-and-logout). */
  session_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OAuthAccessTokensTable {
  token_hash: string;
  grant_id: string;
  site_id: string;
  client_row_id: string;
  person_id: string;
  scopes: string[];
  resource: string;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface OAuthRefreshTokensTable {
  token_hash: string;
  grant_id: string;
  site_id: string;
  client_row_id: string;
  scopes: string[];
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  rotated_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface SigningKeysTable {
  kid: string;
  site_id: string;
  alg: SigningAlg;
  state: KeyState;
  public_jwk: JSONColumnType<Record<string, unknown>, string, string>;
  private_jwk_ciphertext: string;
  created_at: DefaultedTimestamp;
  activated_at: NullableTimestamp;
  retired_at: NullableTimestamp;
  publish_until: NullableTimestamp;
}

export interface RateLimitCountersTable {
  bucket: string;
  window_start: Timestamp;
  hits: Generated<number>;
  expires_at: Timestamp;
}

export interface AuditEventsTable {
  id: Id;
  site_id: string | null;
  actor_person_id: string | null;
  actor_client_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  ip: string | null;
  created_at: DefaultedTimestamp;
}

/** The access trail (migration 2026-12-06T0301-auth-events); kinds and reasons: services/audit/auth-event-kinds.ts. */
export interface AuthEventsTable {
  id: Id;
  site_id: string;
  occurred_at: DefaultedTimestamp;
  kind: string;
  person_id: string | null;
  client_id: string | null;
  grant_id: string | null;
  reason: string | null;
  actor_person_id: string | null;
  ip: string | null;
  user_agent: string | null;
  token_hour: ColumnType<string | null, number | null | undefined, number | null>;
}

export interface OAuthTables {
  oauth_clients: OAuthClientsTable;
  oauth_vendor_integrations: OAuthVendorIntegrationsTable;
  oauth_sessions: OAuthSessionsTable;
  oauth_session_clients: OAuthSessionClientsTable;
  oauth_consents: OAuthConsentsTable;
  oauth_grants: OAuthGrantsTable;
  oauth_authorization_codes: OAuthAuthorizationCodesTable;
  oauth_access_tokens: OAuthAccessTokensTable;
  oauth_refresh_tokens: OAuthRefreshTokensTable;
  signing_keys: SigningKeysTable;
  rate_limit_counters: RateLimitCountersTable;
  audit_events: AuditEventsTable;
  auth_events: AuthEventsTable;
}
