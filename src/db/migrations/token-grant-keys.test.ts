// Migration 2026-11-27T0005-token-grant-keys: a token's school, client and person must be its grant's
// (one composite foreign key per token table), and deleting a person still removes
// their tokens, through the grants; the migration goes down and up over existing tokens. Run on
// PGlite, and on PostgreSQL with DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { FAMILY_SCOPES, openRefreshFixture } from '../repositories/oauth-grants-test-fixture.ts';
import { down, up } from './2026-11-27T0005-token-grant-keys.ts';

const fixture = await openRefreshFixture();
const { db, site, clientRowId, otherClientRowId, personId, family } = fixture;
afterAll(() => fixture.test.drop());

const HOUR = 3600 * 1000;
const accessToken = (grantId: string, changes: Record<string, string> = {}) => ({
  token_hash: `at-${randomUUID()}`,
  grant_id: grantId,
  site_id: site.id,
  client_row_id: clientRowId,
  person_id: personId,
  scopes: FAMILY_SCOPES,
  resource: fixture.resource,
  expires_at: new Date(Date.now() + HOUR),
  ...changes,
});
const refreshToken = (grantId: string, changes: Record<string, string> = {}) => ({
  token_hash: `rt-${randomUUID()}`,
  grant_id: grantId,
  site_id: site.id,
  client_row_id: clientRowId,
  scopes: FAMILY_SCOPES,
  expires_at: new Date(Date.now() + HOUR),
  ...changes,
});

/** PostgreSQL's foreign_key_violation. */
const FOREIGN_KEY_VIOLATION = expect.objectContaining({ code: '23503' });

describe('migration 2026-11-27T0005-token-grant-keys', () => {
  it("refuses a token whose school, client or person is not its grant's", async () => {
    const { grantId, tokenHash } = await family();
    // Its live refresh token rotated, so that a second refresh token meets the foreign key and not
    // the one-live-token rule (migration 2026-11-28T0001) first.
    await fixture.endToken(tokenHash, 'rotated_at');
    const otherSchool = await db.selectFrom('sites').select('id').where('id', '!=', site.id).executeTakeFirstOrThrow();
    for (const table of ['oauth_access_tokens', 'oauth_refresh_tokens'] as const) {
      const token = table === 'oauth_access_tokens' ? accessToken : refreshToken;
      await expect(
        db
          .insertInto(table)
          .values(token(grantId, { site_id: otherSchool.id }))
          .execute(),
      ).rejects.toEqual(FOREIGN_KEY_VIOLATION);
    }
    const otherPerson = await db
      .insertInto('people')
      .values({ email: `other-${randomUUID()}@example.test`, name: 'Other' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      db
        .insertInto('oauth_access_tokens')
        .values(accessToken(grantId, { client_row_id: otherClientRowId }))
        .execute(),
    ).rejects.toEqual(FOREIGN_KEY_VIOLATION);
    await expect(
      db
        .insertInto('oauth_access_tokens')
        .values(accessToken(grantId, { person_id: otherPerson.id }))
        .execute(),
    ).rejects.toEqual(FOREIGN_KEY_VIOLATION);
    await expect(
      db
        .insertInto('oauth_refresh_tokens')
        .values(refreshToken(grantId, { client_row_id: otherClientRowId }))
        .execute(),
    ).rejects.toEqual(FOREIGN_KEY_VIOLATION);
    await expect(db.insertInto('oauth_access_tokens').values(accessToken(grantId)).execute()).resolves.toBeDefined();
  });

  it('removes the tokens of a deleted person, through their grants', async () => {
    const person = await db
      .insertInto('people')
      .values({ email: `gone-${randomUUID()}@example.test`, name: 'Gone' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const grant = await db
      .insertInto('oauth_grants')
      .values({
        site_id: site.id,
        client_row_id: clientRowId,
        person_id: person.id,
        scopes: FAMILY_SCOPES,
        resource: fixture.resource,
        auth_time: new Date(),
        expires_at: new Date(Date.now() + 24 * HOUR),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('oauth_access_tokens')
      .values(accessToken(grant.id, { person_id: person.id }))
      .execute();
    await db.insertInto('oauth_refresh_tokens').values(refreshToken(grant.id)).execute();
    await db.deleteFrom('people').where('id', '=', person.id).execute();
    const left = await db
      .selectFrom('oauth_access_tokens')
      .select('token_hash')
      .where('grant_id', '=', grant.id)
      .execute();
    const leftRefresh = await db
      .selectFrom('oauth_refresh_tokens')
      .select('token_hash')
      .where('grant_id', '=', grant.id)
      .execute();
    expect([...left, ...leftRefresh]).toEqual([]);
  });

  it('goes down and up again over existing tokens', async () => {
    const { grantId } = await family();
    await db.insertInto('oauth_access_tokens').values(accessToken(grantId)).execute();
    await down(db);
    await up(db);
    await expect(
      db
        .insertInto('oauth_access_tokens')
        .values(accessToken(grantId, { client_row_id: otherClientRowId }))
        .execute(),
    ).rejects.toEqual(FOREIGN_KEY_VIOLATION);
  });
});
