// The common refresh of several tokens in one statement (rotateLiveRefreshTokens; RFC 6749 6,
// RFC 9700 4.14.2): each item has exactly the conditions and effects it would have alone, a token is
// rotated at most once, and batches never deadlock on each other or on a revocation. Run on PGlite,
// and on PostgreSQL with DATABASE_URL (where batches and revocations really race on separate
// connections).
import { afterAll, describe, expect, it } from 'vitest';
import { openRefreshFixture, FAMILY_SCOPES as SCOPES } from './oauth-grants-test-fixture.ts';
import type { RotationInput } from './oauth-grants.ts';
import { lockRefreshToken, revokeGrant, rotateLiveRefreshTokens } from './oauth-grants.ts';

/** "Last used" is minute-accurate (services/auth/grant-use.ts). */
const USE_RESOLUTION_MS = 60_000;
const rotate = (db: typeof fixture.db, items: RotationInput[]) => rotateLiveRefreshTokens(db, items, USE_RESOLUTION_MS);

const fixture = await openRefreshFixture();
const { family, use, tokensOf, liveOf } = fixture;
afterAll(() => fixture.test.drop());

describe('rotating several refresh tokens in one statement (RFC 9700 4.14.2)', () => {
  it('rotates each family of the batch and answers each item its own rotation', async () => {
    const families = await Promise.all([family(), family(), family()]);
    const items = families.map((f) => use(f.tokenHash));
    const rotations = await rotate(fixture.db, items);
    expect(rotations.map((r) => r?.grant_id)).toEqual(families.map((f) => f.grantId));
    for (const [i, f] of families.entries()) {
      expect(rotations[i]).toMatchObject({ person_id: fixture.personId, resource: fixture.resource, scopes: SCOPES });
      expect(rotations[i]!.roles).toContain('student');
      expect(await liveOf(f.grantId)).toEqual([items[i]!.refreshToken.hash]);
      const access = await fixture.db
        .selectFrom('oauth_access_tokens')
        .select('grant_id')
        .where('token_hash', '=', items[i]!.accessToken.hash)
        .executeTakeFirst();
      expect(access?.grant_id).toBe(f.grantId);
    }
  });

  it('rotates a token presented twice in one batch once: the second item is left to the exact path', async () => {
    const f = await family();
    const first = use(f.tokenHash);
    const rotations = await rotate(fixture.db, [first, use(f.tokenHash), use(f.tokenHash)]);
    expect(rotations.map((r) => r?.grant_id)).toEqual([f.grantId, undefined, undefined]);
    expect(await liveOf(f.grantId)).toEqual([first.refreshToken.hash]);
    const accessTokens = await fixture.db
      .selectFrom('oauth_access_tokens')
      .select('token_hash')
      .where('grant_id', '=', f.grantId)
      .execute();
    expect(accessTokens.map((t) => t.token_hash)).toEqual([first.accessToken.hash]);
  });

  it('leaves every item that would fail alone unchanged, and rotates the good ones beside it', async () => {
    const [good, otherClient, wider, elsewhere, revoked, rotated, good2] = await Promise.all(
      Array.from({ length: 7 }, () => family()),
    );
    await revokeGrant(fixture.db, revoked!.grantId, 'test');
    await rotate(fixture.db, [use(rotated!.tokenHash)]);
    const rotatedBefore = await tokensOf(rotated!.grantId);
    const items = [
      use(good!.tokenHash),
      use('rt-unknown'),
      use(otherClient!.tokenHash, { clientRowId: fixture.otherClientRowId }), // RFC 6749 6: bound to its client
      use(wider!.tokenHash, { requestedScopes: ['account:read', 'openid'] }), // RFC 6749 6: never wider
      use(elsewhere!.tokenHash, { resource: 'https://elsewhere.example/api' }), // RFC 8707: the binding stays
      use(revoked!.tokenHash),
      use(rotated!.tokenHash), // a retry or a fork: the locked path decides
      use(good2!.tokenHash, { requestedScopes: ['account:read'] }), // narrowing is allowed
    ];
    const rotations = await rotate(fixture.db, items);
    expect(rotations.map((r) => r?.grant_id)).toEqual([
      good!.grantId,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      good2!.grantId,
    ]);
    expect(rotations[7]!.scopes).toEqual(['account:read']);
    for (const f of [otherClient!, wider!, elsewhere!]) expect(await liveOf(f.grantId)).toEqual([f.tokenHash]);
    expect(await liveOf(revoked!.grantId)).toEqual([]);
    expect(await tokensOf(rotated!.grantId)).toEqual(rotatedBefore);
  });

  it('two batches presenting the same tokens in opposite orders never deadlock and rotate each token once', async () => {
    for (let round = 0; round < 5; round++) {
      const families = await Promise.all(Array.from({ length: 6 }, () => family()));
      const forward = families.map((f) => use(f.tokenHash));
      const backward = [...families].reverse().map((f) => use(f.tokenHash));
      const [a, b] = await Promise.all([rotate(fixture.db, forward), rotate(fixture.db, backward)]);
      for (const [i, f] of families.entries()) {
        const winners = [a[i], b[families.length - 1 - i]].filter(Boolean);
        expect(winners.map((w) => w!.grant_id)).toEqual([f.grantId]);
        expect(await liveOf(f.grantId)).toHaveLength(1);
      }
    }
  });

  it('a revocation that holds the grant first wins: the batch rotates nothing of it and the rest as usual', async () => {
    const [racing, bystander] = [await family(), await family()];
    let batch: Promise<unknown> | undefined;
    await fixture.db.transaction().execute(async (trx) => {
      await revokeGrant(trx, racing.grantId, 'test');
      // On PostgreSQL the batch waits for the grant's lock; on PGlite for the one connection.
      batch = rotate(fixture.db, [use(bystander.tokenHash), use(racing.tokenHash)]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    const rotations = (await batch) as Awaited<ReturnType<typeof rotateLiveRefreshTokens>>;
    expect(rotations.map((r) => r?.grant_id)).toEqual([bystander.grantId, undefined]);
    expect(await liveOf(racing.grantId)).toEqual([]);
    expect(await liveOf(bystander.grantId)).toHaveLength(1);
  });

  it('revocations racing batches never deadlock, and leave no live token in a revoked family', async () => {
    const families = await Promise.all(Array.from({ length: 8 }, () => family()));
    const revoked = families.filter((_, i) => i % 2 === 0);
    const outcomes = await Promise.all([
      rotate(
        fixture.db,
        families.map((f) => use(f.tokenHash)),
      ),
      ...revoked.map((f) => revokeGrant(fixture.db, f.grantId, 'test')),
      rotate(
        fixture.db,
        [...families].reverse().map((f) => use(f.tokenHash)),
      ),
    ]);
    expect(outcomes).toHaveLength(2 + revoked.length);
    for (const f of revoked) expect(await liveOf(f.grantId)).toEqual([]);
    for (const f of families.filter((_, i) => i % 2 === 1)) expect(await liveOf(f.grantId)).toHaveLength(1);
  });

  it('writes the grant\'s last used when a rotation finds it older than the resolution, and only then (docs/operations.md "Last used")', async () => {
    const f = await family();
    const lastUsed = async () =>
      (
        await fixture.db
          .selectFrom('oauth_grants')
          .select('last_used_at')
          .where('id', '=', f.grantId)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const first = use(f.tokenHash);
    await rotate(fixture.db, [first]);
    expect(await lastUsed()).toEqual(first.now);
    // Within the minute: the rotation happens, the grant's row is not written again.
    const soon = use(first.refreshToken.hash, { now: new Date(first.now.getTime() + 30_000) });
    expect((await rotate(fixture.db, [soon]))[0]?.grant_id).toBe(f.grantId);
    expect(await lastUsed()).toEqual(first.now);
    // A minute on: written.
    const later = use(soon.refreshToken.hash, { now: new Date(first.now.getTime() + USE_RESOLUTION_MS) });
    expect((await rotate(fixture.db, [later]))[0]?.grant_id).toBe(f.grantId);
    expect(await lastUsed()).toEqual(later.now);
  });

  it("rotates under the lock the refresh grant's locked path holds, in its transaction, once (RFC 9700 4.14.2)", async () => {
    const f = await family();
    const item = use(f.tokenHash);
    const [first, again] = await fixture.db.transaction().execute(async (trx) => {
      expect(await lockRefreshToken(trx, fixture.site.id, f.tokenHash)).toMatchObject({ grant_id: f.grantId });
      return [(await rotate(trx, [item]))[0], (await rotate(trx, [use(f.tokenHash)]))[0]];
    });
    expect(first).toMatchObject({ grant_id: f.grantId, scopes: SCOPES });
    expect(again).toBeUndefined();
    expect(await liveOf(f.grantId)).toEqual([item.refreshToken.hash]);
  });
});
