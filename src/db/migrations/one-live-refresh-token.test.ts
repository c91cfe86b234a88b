// Migration 2026-11-28T0001-one-live-refresh-token: a refresh-token family (grant) never holds two
// live refresh tokens (RFC 9700 4.14.2: a family never forks into two working branches), by the
// database's rule; up ends a family that had already forked, and leaves every other family as it
// was. Run on PGlite, and on PostgreSQL with DATABASE_URL.
import { afterAll, describe, expect, it } from 'vitest';
import { openRefreshFixture } from '../repositories/oauth-grants-test-fixture.ts';
import { down, up } from './2026-11-28T0001-one-live-refresh-token.ts';

const fixture = await openRefreshFixture();
const { db, family, addToken, endToken, liveOf } = fixture;
afterAll(() => fixture.test.drop());

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = expect.objectContaining({ code: '23505' });

async function grantOf(grantId: string) {
  return db
    .selectFrom('oauth_grants')
    .select(['revoked_at', 'revoked_reason'])
    .where('id', '=', grantId)
    .executeTakeFirstOrThrow();
}

describe('migration 2026-11-28T0001-one-live-refresh-token (RFC 9700 4.14.2)', () => {
  it('refuses a second live refresh token in a family', async () => {
    const { grantId } = await family();
    await expect(addToken(grantId)).rejects.toEqual(UNIQUE_VIOLATION);
  });

  it('accepts a live token beside rotated and revoked ones of its family', async () => {
    const { grantId, tokenHash } = await family();
    await endToken(tokenHash, 'rotated_at');
    const second = await addToken(grantId);
    await endToken(second, 'revoked_at');
    const third = await addToken(grantId);
    expect(await liveOf(grantId)).toEqual([third]);
  });

  it('ends, going up, each family that had already forked, and no other', async () => {
    await down(db);
    const forked = await family();
    const sibling = await addToken(forked.grantId);
    const whole = await family();
    await up(db);

    expect(await grantOf(forked.grantId)).toMatchObject({ revoked_reason: 'refresh token family forked' });
    expect((await grantOf(forked.grantId)).revoked_at).not.toBeNull();
    expect(await liveOf(forked.grantId)).toEqual([]);
    // Both branches are revoked, not merely one of them rotated.
    const branches = await fixture.tokensOf(forked.grantId);
    expect(branches.map((t) => t.token_hash).sort()).toEqual([forked.tokenHash, sibling].sort());
    for (const branch of branches) expect(branch.revoked_at).not.toBeNull();

    expect(await grantOf(whole.grantId)).toEqual({ revoked_at: null, revoked_reason: null });
    expect(await liveOf(whole.grantId)).toEqual([whole.tokenHash]);
    await expect(addToken(whole.grantId)).rejects.toEqual(UNIQUE_VIOLATION);
  });
});
