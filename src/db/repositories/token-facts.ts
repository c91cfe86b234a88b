// SQL for a token together with every fact its standing rests on (/auth.md "Access follows the school"): the token's
// own state, its grant's, the client's audience, the person's current roles at the token's school
// and the school's "MCP connections" feature, in one indexed round trip. What those facts mean is
// decided in TypeScript, in one place: src/services/auth/standing/token-standing.ts.
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { batchedLookup } from '../coalesced-read.ts';
import { hotQuery } from '../hot-queries.ts';
import type { SiteRole } from '../schema.ts';

export type TokenFacts = {
  grant_id: string;
  site_id: string;
  person_id: string;
  client_row_id: string;
  client_id: string;
  audience: 'operator' | 'member';
  scopes: string[];
  resource: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  /** Refresh tokens: when it was exchanged for its successor; always null for access tokens. */
  rotated_at: Date | null;
  grant_revoked_at: Date | null;
  grant_expires_at: Date;
  grant_scopes: string[];
  roles: SiteRole[];
  mcp_connections: boolean;
};

// The facts both token kinds share; `x` is the token row.
const FACTS = `x.grant_id, x.site_id, g.person_id, x.client_row_id, c.client_id, c.audience, x.scopes, g.resource,
  x.created_at, x.expires_at, x.revoked_at, g.revoked_at as grant_revoked_at, g.expires_at as grant_expires_at, g.scopes as grant_scopes,
  array(select r.role from site_roles r where r.site_id = x.site_id and r.person_id = g.person_id) as roles,
  coalesce(s.beta_features -> 'mcp_connections' = 'true'::jsonb, false) as mcp_connections`;
const JOINS = `join oauth_grants g on g.id = x.grant_id
  join oauth_clients c on c.id = x.client_row_id
  join sites s on s.id = x.site_id`;

/**
 * An access token's facts with its person's own name and email: a protected resource that shows
 * the person (/account/graphql's viewer) has them from this round trip, read now like the rest.
 */
export type AccessTokenFacts = TokenFacts & {
  person_email: string;
  person_name: string | null;
  /** OpenID Connect Core 5.1 email_verified: the person proved they hold `person_email`. */
  person_email_verified: boolean;
};

// Looked up by hash in groups: lookups that arrive while one is in flight go together in the next
// statement (lib/group-commit.ts), so fifty concurrent requests cost a few round trips, not fifty.
// Each statement is sent after its callers arrived, so it reads the tokens' state as of then: a
// revocation or role change committed before a request is seen by it, as with one statement each.
//
// Each lookup has two statements: `= $1` for one hash, `= any($1)` for a group. PostgreSQL plans a
// prepared statement once only when the plan without the parameters' values is priced no dearer
// than one with them; for `= any($1)` it guesses ten elements, so while the token tables have no
// statistics (a new school: autovacuum analyzes a table after 50 changes) each lookup was planned
// again, 0.4 ms against 0.05 ms to run it. `= $1` on the primary key is one row either way.
const accessTokenSelect = (where: string) =>
  `select x.token_hash, ${FACTS}, null::timestamptz as rotated_at, p.email as person_email, p.name as person_name,
    p.email_verified_at is not null as person_email_verified
  from oauth_access_tokens x ${JOINS}
  join people p on p.id = g.person_id
  where ${where}`;
const refreshTokenSelect = (where: string) =>
  `select x.token_hash, ${FACTS}, x.rotated_at from oauth_refresh_tokens x ${JOINS} where ${where}`;

const ONE = 'x.token_hash = $1';
const MANY = 'x.token_hash = any($1::text[])';

type Hashed = { token_hash: string };
type Statement<Row> = (db: Db, parameters: readonly unknown[]) => Promise<Row[]>;

// A group's array holds at least GROUP hashes, padded with one no token has: PostgreSQL prices an
// array parameter at ten elements, so a generic plan for ten priced dearer than the custom plans
// of two or three, and under load (many bearers at once) every group was planned again, 0.5 ms
// against 0.06 ms to run it (bench/FINDINGS.md "Named statements"). From ten up, the custom plans
// cost at least what the generic one does, and PostgreSQL keeps it. A group is never split below
// MAX_KEYS_PER_READ (db/coalesced-read.ts): tens cost a round trip each.
const GROUP = 10;
/** No token's hash: hashes are 43 characters of base64url (lib/secrets.ts). */
const NO_HASH = '';

/** `hashes`, padded with NO_HASH to GROUP when fewer. */
const padded = (hashes: readonly string[]): string[] =>
  hashes.concat(Array<string>(Math.max(GROUP - hashes.length, 0)).fill(NO_HASH));

/** Facts by hash, one statement for one hash and another for a group (db/coalesced-read.ts). */
function lookupBy<Row extends Hashed>(one: Statement<Row>, many: Statement<Row>) {
  return batchedLookup(async (db, hashes) => {
    const rows = hashes.length === 1 ? await one(db, hashes) : await many(db, [padded(hashes)]);
    return new Map(rows.map((row) => [row.token_hash, row]));
  });
}

const accessTokenLookup = lookupBy(
  hotQuery<AccessTokenFacts & Hashed>('access_token_facts_of_one', accessTokenSelect(ONE)),
  hotQuery<AccessTokenFacts & Hashed>('access_token_facts_of', accessTokenSelect(MANY)),
);
const refreshTokenLookup = lookupBy(
  hotQuery<TokenFacts & Hashed>('refresh_token_facts_of_one', refreshTokenSelect(ONE)),
  hotQuery<TokenFacts & Hashed>('refresh_token_facts_of', refreshTokenSelect(MANY)),
);

/** An access token in any state, with its facts; undefined when no such token was ever issued. */
export async function findAccessTokenFacts(db: Db, tokenHash: string): Promise<AccessTokenFacts | undefined> {
  return accessTokenLookup(db, tokenHash);
}

export async function findRefreshTokenFacts(db: Db, tokenHash: string): Promise<TokenFacts | undefined> {
  return refreshTokenLookup(db, tokenHash);
}

/** The standing facts of a grant (no token): what a role or feature change re-checks. */
export type GrantFacts = Pick<
  TokenFacts,
  'grant_id' | 'site_id' | 'person_id' | 'audience' | 'grant_scopes' | 'roles' | 'mcp_connections'
>;

/**
 * The live grants at a school resting on a changed fact: one person's (roles changed) or every
 * member-audience one (the feature changed). Locked, so a refresh racing the change waits for it
 * and then sees the narrowed scopes (it locks the grant first too).
 */
export async function lockLiveGrantFacts(
  db: Db,
  siteId: string,
  filter: { personId: string } | { audience: 'member' | 'operator' },
): Promise<GrantFacts[]> {
  const which = 'personId' in filter ? sql`g.person_id = ${filter.personId}` : sql`c.audience = ${filter.audience}`;
  const result = await sql<GrantFacts>`
    select g.id as grant_id, g.site_id, g.person_id, c.audience, g.scopes as grant_scopes,
      array(select r.role from site_roles r where r.site_id = g.site_id and r.person_id = g.person_id order by r.role) as roles,
      coalesce(s.beta_features -> 'mcp_connections' = 'true'::jsonb, false) as mcp_connections
    from oauth_grants g join oauth_clients c on c.id = g.client_row_id join sites s on s.id = g.site_id
    where g.site_id = ${siteId} and g.revoked_at is null and g.expires_at > now() and ${which}
    order by g.id
    for update of g`.execute(db);
  return result.rows;
}

/** Narrows a grant and its live tokens to `allowed`, keeping their order; revoked tokens stay as they were. */
export async function narrowGrant(db: Db, grantId: string, allowed: readonly string[]): Promise<void> {
  const keep = sql<
    string[]
  >`array(select s from unnest(scopes) with ordinality u(s, n) where s = any(${sql.val([...allowed])}::text[]) order by n)`;
  await db.updateTable('oauth_grants').set({ scopes: keep }).where('id', '=', grantId).execute();
  await db
    .updateTable('oauth_access_tokens')
    .set({ scopes: keep })
    .where('grant_id', '=', grantId)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('oauth_refresh_tokens')
    .set({ scopes: keep })
    .where('grant_id', '=', grantId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The facts a new grant would rest on: the person's roles at the school and its feature, read now. */
export async function findPersonFacts(
  db: Db,
  siteId: string,
  personId: string,
): Promise<{ roles: SiteRole[]; mcp_connections: boolean }> {
  const result = await sql<{ roles: SiteRole[]; mcp_connections: boolean }>`
    select array(select r.role from site_roles r where r.site_id = s.id and r.person_id = ${personId} order by r.role) as roles,
      coalesce(s.beta_features -> 'mcp_connections' = 'true'::jsonb, false) as mcp_connections
    from sites s where s.id = ${siteId}`.execute(db);
  return result.rows[0] ?? { roles: [], mcp_connections: false };
}
