// The refresh grant's group commit (refresh-rotations.ts; RFC 9700 4.14.2): rotations that arrive
// together share one statement, each caller gets its own answer, and a batch that fails as a whole
// still answers each item exactly (no rotation lost, none doubled). PGlite, and PostgreSQL with
// DATABASE_URL.
import { afterAll, describe, expect, it } from 'vitest';
import { openRefreshFixture } from '../../../db/repositories/oauth-grants-test-fixture.ts';
import { countingDb } from '../../people/own-data-test-fixture.ts';
import { createRefreshRotations } from './refresh-rotations.ts';

const fixture = await openRefreshFixture();
const { family, use, liveOf } = fixture;
afterAll(() => fixture.test.drop());

describe('grouped refresh rotations (RFC 9700 4.14.2)', () => {
  it('rotations that arrive together go in one statement, and each caller learns its own', async () => {
    const counting = countingDb(fixture.db);
    const rotations = createRefreshRotations(counting.db);
    const families = await Promise.all(Array.from({ length: 6 }, () => family()));
    const items = families.map((f) => use(f.tokenHash));
    counting.reset();
    const answers = await Promise.all(items.map((item) => rotations.rotate(item)));
    expect(counting.count()).toBe(1);
    expect(answers.map((a) => a?.grant_id)).toEqual(families.map((f) => f.grantId));
    for (const [i, f] of families.entries()) expect(await liveOf(f.grantId)).toEqual([items[i]!.refreshToken.hash]);
  });

  it('concurrent uses of one token: one rotation, and every other caller is sent to the exact path', async () => {
    const rotations = createRefreshRotations(fixture.db);
    const f = await family();
    const items = Array.from({ length: 10 }, () => use(f.tokenHash));
    // Half arrive together, half a turn later (in the batch after theirs, or beside theirs on PGlite).
    const first = items.slice(0, 5).map((item) => rotations.rotate(item));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const answers = await Promise.all([...first, ...items.slice(5).map((item) => rotations.rotate(item))]);
    const winners = answers.flatMap((a, i) => (a ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(await liveOf(f.grantId)).toEqual([items[winners[0]!]!.refreshToken.hash]);
  });

  it('a batch that fails as a whole answers each item alone: the good ones rotate once, the bad one fails by itself', async () => {
    const counting = countingDb(fixture.db);
    const rotations = createRefreshRotations(counting.db);
    const [earlier, bad, c, d] = await Promise.all([family(), family(), family(), family()]);
    const taken = use(earlier.tokenHash);
    await rotations.rotate(taken);
    // A successor hash that already exists: a unique violation fails the whole statement.
    const clash = use(bad.tokenHash, { accessToken: { hash: taken.accessToken.hash, expiresAt: new Date() } });
    const good = [use(c.tokenHash), use(d.tokenHash)];
    counting.reset();
    const answers = await Promise.allSettled([
      rotations.rotate(good[0]!),
      rotations.rotate(clash),
      rotations.rotate(good[1]!),
    ]);
    // The counter sees the statements that answered: the two good items alone (the batch and the
    // clashing item alone failed).
    expect(counting.count()).toBe(2);
    expect(answers[0]).toMatchObject({ status: 'fulfilled', value: { grant_id: c.grantId } });
    expect(answers[1].status).toBe('rejected');
    expect(answers[2]).toMatchObject({ status: 'fulfilled', value: { grant_id: d.grantId } });
    expect(await liveOf(c.grantId)).toEqual([good[0]!.refreshToken.hash]);
    expect(await liveOf(bad.grantId)).toEqual([bad.tokenHash]);
    expect(await liveOf(d.grantId)).toEqual([good[1]!.refreshToken.hash]);
  });
});
