// The per-instance site cache (docs/operations.md "Several instances"): one read per origin and
// TTL, cleared at once by any write to sites through this instance (db/table-writes.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { TableWriteWatcher } from '../../db/table-writes.ts';
import { setBetaFeature } from '../../db/repositories/site-settings.ts';
import { createSiteService, SITE_CACHE_TTL_MS } from './sites.ts';

describe('site cache', () => {
  let test: TestDatabase;
  let clock = 0;
  let reads = 0;
  const origin = 'http://cache.test';
  beforeAll(async () => {
    test = await createTestDatabase();
    await test.db.insertInto('sites').values({ slug: 'cache-test', origin, name: 'Before' }).execute();
  });
  afterAll(async () => test?.drop());

  function build() {
    const counted = test.db.withPlugin({
      transformQuery: ({ node }) => (node.kind === 'SelectQueryNode' && reads++, node),
      transformResult: async ({ result }) => result,
    });
    const sites = createSiteService(counted, () => clock);
    return { sites, db: test.db.withPlugin(new TableWriteWatcher({ sites: sites.forgetAll })) };
  }

  it('reads each origin once per TTL, for concurrent callers too, and never lets a caller change the copy', async () => {
    const { sites } = build();
    reads = 0;
    const [a, b] = await Promise.all([sites.findByOrigin(origin), sites.findByOrigin(origin)]);
    expect(a).toBe(b);
    expect(reads).toBe(1);
    expect(() => ((a as { name: string }).name = 'x')).toThrow(TypeError);
    clock += SITE_CACHE_TTL_MS + 1;
    await sites.findByOrigin(origin);
    expect(reads).toBe(2);
  });

  it('a write to sites through this instance is seen on the next request, in a transaction too', async () => {
    const { sites, db } = build();
    expect((await sites.findByOrigin(origin))?.betaFeatures.mcp_connections).not.toBe(true);
    const site = (await sites.findByOrigin(origin))!;
    await setBetaFeature(db, site.id, 'mcp_connections', true);
    expect((await sites.findByOrigin(origin))?.betaFeatures.mcp_connections).toBe(true);
    await db
      .transaction()
      .execute((trx) => trx.updateTable('sites').set({ name: 'After' }).where('id', '=', site.id).execute());
    expect((await sites.findByOrigin(origin))?.name).toBe('After');
  });

  it('a write through another handle (another instance) shows within the TTL, not before', async () => {
    const { sites } = build();
    const site = (await sites.findByOrigin(origin))!;
    await sql`update sites set name = 'Elsewhere' where id = ${site.id}`.execute(test.db);
    expect((await sites.findByOrigin(origin))?.name).not.toBe('Elsewhere');
    clock += SITE_CACHE_TTL_MS + 1;
    expect((await sites.findByOrigin(origin))?.name).toBe('Elsewhere');
  });

  it('remembers an unknown origin too (one read)', async () => {
    const { sites } = build();
    reads = 0;
    expect(await sites.findByOrigin('http://unknown.test')).toBeUndefined();
    expect(await sites.findByOrigin('http://unknown.test')).toBeUndefined();
    expect(reads).toBe(1);
  });
});
