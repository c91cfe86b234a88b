// Shared setup of the refresh rotation tests (oauth-grants.test.ts, services/auth/grants/refresh-rotations.test.ts):
// a fresh database with the demo schools, token families of the member app, and uses of their tokens.
import { randomUUID } from 'node:crypto';
import { seedDemoSchools } from '../seed/demo-schools.ts';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import type { RotationInput } from './oauth-grants.ts';

const HOUR = 3600 * 1000;
export const FAMILY_SCOPES = ['account:read', 'account:write'];

export async function openRefreshFixture() {
  const test: TestDatabase = await createTestDatabase();
  const { db } = test;
  await seedDemoSchools(db, { primary: 'http://localhost:1', secondary: 'http://127.0.0.1:1' });
  const site = await db
    .selectFrom('sites')
    .select(['id', 'origin'])
    .where('slug', '=', 'demo-academy')
    .executeTakeFirstOrThrow();
  const clients = await db
    .selectFrom('oauth_clients')
    .select(['id', 'client_id'])
    .where('site_id', '=', site.id)
    .execute();
  const clientRowId = clients.find((c) => c.client_id === 'demo-study-buddy')!.id;
  const otherClientRowId = clients.find((c) => c.client_id === 'demo-progress-sync')!.id;
  const { person_id: personId } = await db
    .selectFrom('site_roles')
    .select('person_id')
    .where('site_id', '=', site.id)
    .where('role', '=', 'student')
    .executeTakeFirstOrThrow();
  const resource = `${site.origin}/api`;

  /** One more live refresh token of a grant. */
  async function addToken(grantId: string): Promise<string> {
    const tokenHash = `rt-${randomUUID()}`;
    await db
      .insertInto('oauth_refresh_tokens')
      .values({
        token_hash: tokenHash,
        grant_id: grantId,
        site_id: site.id,
        client_row_id: clientRowId,
        scopes: FAMILY_SCOPES,
        expires_at: new Date(Date.now() + HOUR),
      })
      .execute();
    return tokenHash;
  }

  /** Ends a refresh token as a rotation or a revocation would, without touching its family. */
  async function endToken(tokenHash: string, how: 'rotated_at' | 'revoked_at'): Promise<void> {
    await db
      .updateTable('oauth_refresh_tokens')
      .set({ [how]: new Date() })
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  /** A grant with one live refresh token of the member app. */
  async function family(): Promise<{ grantId: string; tokenHash: string }> {
    const now = Date.now();
    const grant = await db
      .insertInto('oauth_grants')
      .values({
        site_id: site.id,
        client_row_id: clientRowId,
        person_id: personId,
        scopes: FAMILY_SCOPES,
        resource,
        auth_time: new Date(now),
        expires_at: new Date(now + 24 * HOUR),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { grantId: grant.id, tokenHash: await addToken(grant.id) };
  }

  /** A use of a token, with successors of its own (the grant derives them from the token; any unique hash will do here). */
  function use(tokenHash: string, changes: Partial<RotationInput> = {}): RotationInput {
    const now = new Date();
    return {
      siteId: site.id,
      clientRowId,
      tokenHash,
      requestedScopes: [],
      resource: null,
      now,
      accessToken: { hash: `at-${randomUUID()}`, expiresAt: new Date(now.getTime() + HOUR) },
      refreshToken: { hash: `rt-${randomUUID()}`, expiresAt: new Date(now.getTime() + 2 * HOUR) },
      ...changes,
    };
  }

  async function tokensOf(grantId: string) {
    return db
      .selectFrom('oauth_refresh_tokens')
      .select(['token_hash', 'rotated_at', 'revoked_at'])
      .where('grant_id', '=', grantId)
      .execute();
  }

  /** Refresh tokens of the grant one could still exchange. */
  async function liveOf(grantId: string): Promise<string[]> {
    return (await tokensOf(grantId)).filter((t) => !t.rotated_at && !t.revoked_at).map((t) => t.token_hash);
  }

  return {
    test,
    db,
    site,
    clientRowId,
    otherClientRowId,
    personId,
    resource,
    family,
    addToken,
    endToken,
    use,
    tokensOf,
    liveOf,
  };
}

export type RefreshFixture = Awaited<ReturnType<typeof openRefreshFixture>>;
