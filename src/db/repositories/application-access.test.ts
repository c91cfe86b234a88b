// The school's view of who holds access through an application (OpenAPI tag Applications): only
// live grants count (unrevoked, with a usable token; connected-apps.ts), a person with several
// grants is one member, and ending them all counts what was live while ending every unrevoked
// grant. Run on PGlite, and on PostgreSQL with DATABASE_URL.
import { afterAll, describe, expect, it } from 'vitest';
import { openRefreshFixture } from './oauth-grants-test-fixture.ts';
import { findApplication, listGrantHolders, revokeApplicationGrants } from './application-access.ts';

const fixture = await openRefreshFixture();
afterAll(() => fixture.test.drop());
const firstPage = { limit: 20, after: null, sort: { column: 'granted_at', direction: 'desc' as const } };

describe('who holds access through an application (OpenAPI listApplications, listApplicationGrants)', () => {
  it('counts live grants and their people; a grant whose every token is used up or revoked holds no access', async () => {
    const { db, site, clientRowId, personId } = fixture;
    const before = await findApplication(db, site.id, clientRowId);
    expect(before).toMatchObject({ client_id: 'demo-study-buddy', kind: 'member_app', audience: 'member' });

    await fixture.family();
    const second = await fixture.family();
    await db
      .updateTable('oauth_grants')
      .set({ scopes: ['openid'] })
      .where('id', '=', second.grantId)
      .execute();
    const spent = await fixture.family();
    await fixture.endToken(spent.tokenHash, 'rotated_at'); // its successor never issued: nothing usable left

    const after = await findApplication(db, site.id, clientRowId);
    expect(after!.grants - before!.grants).toBe(2);
    expect(after!.members_with_access).toBe(1); // one person, however many grants

    const [holder, ...others] = await listGrantHolders(db, site.id, clientRowId, firstPage);
    expect(others).toEqual([]);
    expect(holder).toMatchObject({ id: personId, grants: 2 });
    expect(holder!.scopes.sort()).toEqual(['account:read', 'account:write', 'openid']);
  });

  it("another school's grants are not this school's: the application is absent there unless it holds a grant", async () => {
    const { db, clientRowId } = fixture;
    const other = await db
      .selectFrom('sites')
      .select('id')
      .where('slug', '=', 'second-school')
      .executeTakeFirstOrThrow();
    expect(await findApplication(db, other.id, clientRowId)).toBeUndefined();
  });

  it('ending every grant counts the live ones and their people, and ends the spent ones too', async () => {
    const { db, site, clientRowId } = fixture;
    const revoked = await db
      .transaction()
      .execute((trx) => revokeApplicationGrants(trx, site.id, clientRowId, 'revoked_by_school'));
    expect(revoked).toMatchObject({ grants: 2, members: 1 });
    expect(revoked.ended, 'every unrevoked grant ended, the spent one too').toHaveLength(3);
    const unrevoked = await db
      .selectFrom('oauth_grants')
      .select('id')
      .where('client_row_id', '=', clientRowId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(unrevoked).toEqual([]);
    expect(await findApplication(db, site.id, clientRowId)).toMatchObject({ members_with_access: 0, grants: 0 });
    expect(await listGrantHolders(db, site.id, clientRowId, firstPage)).toEqual([]);
  });
});
