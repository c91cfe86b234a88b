// The authorization server's state: clients, browser sessions, consents, grants, codes, tokens,
// signing keys, rate-limit counters and the audit log. Everything another instance needs lives
// here, so any number of stateless instances can share one database (README "Several instances").
// Secrets (codes, tokens, session ids, client secrets) are stored only as SHA-256 hashes of
// high-entropy random values: a database leak yields nothing usable. Frozen once landed.
import { sql, type Kysely } from 'kysely';

const STATEMENTS = [
  `create table oauth_clients (
    id uuid primary key default uuid_v7(),
    -- The public identifier; for a Client ID Metadata Document client, its HTTPS URL (one row per
    -- school that met it, since each school reviews it on its own).
    client_id text not null,
    -- Null for deployment-wide vendor integrations, usable at every school.
    site_id uuid references sites (id) on delete cascade,
    kind text not null check (kind in ('vendor', 'loopback', 'member_app', 'metadata_document')),
    audience text not null check (audience in ('operator', 'member')),
    name text not null,
    redirect_uris text[] not null default '{}',
    grant_types text[] not null default '{authorization_code,refresh_token}',
    token_endpoint_auth_method text not null check (token_endpoint_auth_method in ('none', 'client_secret_post', 'client_secret_basic')),
    client_secret_hash text,
    application_type text not null default 'web' check (application_type in ('web', 'native')),
    -- Scopes this client may ever be granted; empty means "whatever its audience allows".
    allowed_scopes text[] not null default '{}',
    id_token_signed_response_alg text not null default 'ES256' check (id_token_signed_response_alg in ('ES256', 'RS256')),
    review_status text not null default 'approved' check (review_status in ('unreviewed', 'approved', 'blocked')),
    client_uri text,
    logo_uri text,
    metadata_document jsonb,
    metadata_expires_at timestamptz,
    created_by_person_id uuid references people (id) on delete set null,
    last_used_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check ((token_endpoint_auth_method = 'none') = (client_secret_hash is null)),
    check (audience = 'operator' or kind = 'member_app'),
    check (kind = 'vendor' or site_id is not null)
  )`,
  `create unique index oauth_clients_client_id on oauth_clients (client_id) where kind <> 'metadata_document'`,
  `create unique index oauth_clients_site_client_id on oauth_clients (site_id, client_id)`,
  `create index oauth_clients_site on oauth_clients (site_id, kind)`,
  `create table oauth_vendor_integrations (
    client_row_id uuid primary key references oauth_clients (id) on delete cascade,
    -- Matched case-insensitively against client_name at the registration endpoint.
    match_name text not null unique check (match_name = lower(match_name))
  )`,
  `create table oauth_sessions (
    id uuid primary key default uuid_v7(),
    token_hash text not null unique,
    site_id uuid not null references sites (id) on delete cascade,
    person_id uuid not null references people (id) on delete cascade,
    auth_time timestamptz not null default now(),
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz,
    user_agent text,
    ip text
  )`,
  `create index oauth_sessions_expiry on oauth_sessions (expires_at)`,
  `create table oauth_consents (
    site_id uuid not null references sites (id) on delete cascade,
    person_id uuid not null references people (id) on delete cascade,
    client_row_id uuid not null references oauth_clients (id) on delete cascade,
    scopes text[] not null,
    resource text not null,
    granted_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (site_id, person_id, client_row_id)
  )`,
  // A grant is one token family: what one authorization code started. Revoking it ends every
  // token of the family at once (RFC 6749 4.1.2 code reuse, RFC 9700 4.14 refresh reuse).
  `create table oauth_grants (
    id uuid primary key default uuid_v7(),
    site_id uuid not null references sites (id) on delete cascade,
    client_row_id uuid not null references oauth_clients (id) on delete cascade,
    person_id uuid not null references people (id) on delete cascade,
    scopes text[] not null,
    resource text not null,
    auth_time timestamptz not null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz,
    revoked_at timestamptz,
    revoked_reason text
  )`,
  `create index oauth_grants_person on oauth_grants (site_id, person_id, client_row_id)`,
  `create index oauth_grants_client on oauth_grants (client_row_id)`,
  `create table oauth_authorization_codes (
    code_hash text primary key,
    site_id uuid not null references sites (id) on delete cascade,
    client_row_id uuid not null references oauth_clients (id) on delete cascade,
    person_id uuid not null references people (id) on delete cascade,
    redirect_uri text not null,
    code_challenge text not null,
    scopes text[] not null,
    resource text not null,
    nonce text,
    auth_time timestamptz not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    consumed_at timestamptz,
    -- The family the exchange started: a second use of the code revokes it.
    grant_id uuid references oauth_grants (id) on delete cascade
  )`,
  `create index oauth_codes_expiry on oauth_authorization_codes (expires_at)`,
  `create table oauth_access_tokens (
    token_hash text primary key,
    grant_id uuid not null references oauth_grants (id) on delete cascade,
    site_id uuid not null references sites (id) on delete cascade,
    client_row_id uuid not null references oauth_clients (id) on delete cascade,
    person_id uuid not null references people (id) on delete cascade,
    scopes text[] not null,
    resource text not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz
  )`,
  `create index oauth_access_tokens_grant on oauth_access_tokens (grant_id)`,
  `create index oauth_access_tokens_expiry on oauth_access_tokens (expires_at)`,
  `create table oauth_refresh_tokens (
    token_hash text primary key,
    grant_id uuid not null references oauth_grants (id) on delete cascade,
    site_id uuid not null references sites (id) on delete cascade,
    client_row_id uuid not null references oauth_clients (id) on delete cascade,
    scopes text[] not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    -- Set when the token is exchanged; a later use is reuse unless within the grace window.
    rotated_at timestamptz,
    revoked_at timestamptz
  )`,
  `create index oauth_refresh_tokens_grant on oauth_refresh_tokens (grant_id)`,
  `create index oauth_refresh_tokens_expiry on oauth_refresh_tokens (expires_at)`,
  // Keys rotate with overlap: 'next' is published before it signs, 'retired' stays published
  // until every token it signed has expired (publish_until).
  `create table signing_keys (
    kid text primary key,
    site_id uuid not null references sites (id) on delete cascade,
    alg text not null check (alg in ('ES256', 'RS256')),
    state text not null check (state in ('next', 'current', 'retired')),
    public_jwk jsonb not null,
    -- AES-256-GCM ciphertext of the private JWK under the deployment's key-encryption key.
    private_jwk_ciphertext text not null,
    created_at timestamptz not null default now(),
    activated_at timestamptz,
    retired_at timestamptz,
    publish_until timestamptz
  )`,
  `create unique index signing_keys_one_current on signing_keys (site_id, alg) where state = 'current'`,
  `create table rate_limit_counters (
    bucket text not null,
    window_start timestamptz not null,
    hits integer not null default 0,
    expires_at timestamptz not null,
    primary key (bucket, window_start)
  )`,
  `create index rate_limit_counters_expiry on rate_limit_counters (expires_at)`,
  `create table audit_events (
    id uuid primary key default uuid_v7(),
    site_id uuid references sites (id) on delete cascade,
    actor_person_id uuid references people (id) on delete set null,
    actor_client_id text,
    action text not null,
    target_type text,
    target_id text,
    details jsonb not null default '{}',
    ip text,
    created_at timestamptz not null default now()
  )`,
  `create index audit_events_site on audit_events (site_id, created_at desc)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'audit_events',
    'rate_limit_counters',
    'signing_keys',
    'oauth_refresh_tokens',
    'oauth_access_tokens',
    'oauth_authorization_codes',
    'oauth_grants',
    'oauth_consents',
    'oauth_sessions',
    'oauth_vendor_integrations',
    'oauth_clients',
  ]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
