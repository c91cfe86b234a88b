// What the live standing check costs on the hottest path ("the benchmark's hot paths keep
// their cost or the closing note shows what the checks cost"): the bearer guard's one lookup, as it
// was (token, grant and client, decided in SQL) and as it is now (the same rows plus the person's
// roles and the school's feature, decided by src/services/auth/standing/token-standing.ts). Both run on
// the same scratch database, in interleaved rounds, so machine noise falls on both alike; the
// figure is the ratio of their medians.
//
//   node scripts/bench/standing-lookup.ts [--rounds=20] [--per-round=500]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/bench/standing-lookup.ts
import { parseArgs } from 'node:util';
import { CompiledQuery } from 'kysely';
import { createTestDatabase } from '../../src/db/testing.ts';
import { seedDemoSchools } from '../../src/db/seed/demo-schools.ts';
import { findAccessTokenFacts } from '../../src/db/repositories/token-facts.ts';
import { insertAccessToken, insertGrant } from '../../src/db/repositories/oauth-grants.ts';
import { hashSecret } from '../../src/lib/secrets.ts';
import { standingOf } from '../../src/services/auth/standing/token-standing.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '20' }, 'per-round': { type: 'string', default: '500' } },
  strict: true,
});
const rounds = Number(values.rounds);
const perRound = Number(values['per-round']);

// The lookup of b532194 (db/repositories/oauth-grants.ts, active_access_token), verbatim.
const BEFORE = `select t.grant_id, t.site_id, t.person_id, t.scopes, t.resource, t.created_at, t.expires_at, t.client_row_id, c.client_id, c.audience
   from oauth_access_tokens t
   join oauth_grants g on g.id = t.grant_id
   join oauth_clients c on c.id = t.client_row_id
   where t.token_hash = $1 and t.revoked_at is null and g.revoked_at is null and t.expires_at > now()`;

const test = await createTestDatabase();
try {
  const { db } = test;
  await seedDemoSchools(db, { primary: 'http://localhost:3000', secondary: 'http://127.0.0.1:3000' });
  const site = await db
    .selectFrom('sites')
    .select(['id', 'origin'])
    .where('slug', '=', 'demo-academy')
    .executeTakeFirstOrThrow();
  const person = await db
    .selectFrom('people')
    .select('id')
    .where('email', '=', 'student1@demo-academy.test')
    .executeTakeFirstOrThrow();
  const client = await db
    .selectFrom('oauth_clients')
    .select('id')
    .where('client_id', '=', 'demo-study-buddy')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const grant = await insertGrant(db, {
    site_id: site.id,
    client_row_id: client.id,
    person_id: person.id,
    scopes: ['openid', 'account:read'],
    resource: site.origin,
    auth_time: new Date(now),
    expires_at: new Date(now + 86_400_000),
  });
  const tokenHash = hashSecret(`bench-${now}`);
  await insertAccessToken(db, {
    token_hash: tokenHash,
    grant_id: grant.id,
    site_id: site.id,
    client_row_id: client.id,
    person_id: person.id,
    scopes: ['openid', 'account:read'],
    resource: site.origin,
    expires_at: new Date(now + 3_600_000),
  });

  const before = async () => {
    const rows = (await db.executeQuery(CompiledQuery.raw(BEFORE, [tokenHash]))).rows;
    if (rows.length !== 1) throw new Error('the old lookup found no token');
  };
  const after = async () => {
    const standing = standingOf(await findAccessTokenFacts(db, tokenHash), { siteId: site.id, resource: site.origin });
    if (!standing.active) throw new Error('the standing lookup found no active token');
  };
  const time = async (run: () => Promise<void>) => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < perRound; i++) await run();
    return Number(process.hrtime.bigint() - start) / 1000 / perRound;
  };
  for (let i = 0; i < 3; i++) {
    // warm-up: plans, prepared statements, JIT
    await time(before);
    await time(after);
  }
  const samples = { before: [] as number[], after: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first, so neither always runs on a warmer cache.
    if (round % 2 === 0) {
      samples.before.push(await time(before));
      samples.after.push(await time(after));
    } else {
      samples.after.push(await time(after));
      samples.before.push(await time(before));
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const [b, a] = [median(samples.before), median(samples.after)];
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `bearer-guard lookup on ${database}, ${rounds} interleaved rounds of ${perRound}: before ${b.toFixed(1)} µs, after ${a.toFixed(1)} µs (standing decided in TypeScript included): ${(a / b).toFixed(2)}× the old cost`,
  );
} finally {
  await test.drop();
}
