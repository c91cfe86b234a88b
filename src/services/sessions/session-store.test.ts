// The session store's rules for the sessions page (/auth.md "Signing out"): "last seen" costs at
// most one write per window, not one per request; ending sessions touches only the person's own at
// this school, and queues a logout token for each client with a back-channel URI that the ended
// session signed in to, in the same transaction. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSchools } from '../../db/seed/demo-schools.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { noteSessionSignedInTo } from '../auth/logout/backchannel.ts';
import { createSessionStore, LAST_SEEN_WINDOW_SECONDS } from './session-store.ts';

let test: TestDatabase;
let siteId: string;
let people: string[];
beforeAll(async () => {
  test = await createTestDatabase();
  await seedDemoSchools(test.db, { primary: 'http://localhost:1', secondary: 'http://127.0.0.1:1' });
  siteId = (await test.db.selectFrom('sites').select('id').where('slug', '=', 'demo-academy').executeTakeFirstOrThrow())
    .id;
  people = (await test.db.selectFrom('people').select('id').orderBy('id').limit(2).execute()).map((p) => p.id);
});
afterAll(() => test.drop());

const meta = { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/121.0', ip: '203.0.113.9' };
const lastSeen = async (id: string) =>
  (await test.db.selectFrom('oauth_sessions').select('last_seen_at').where('id', '=', id).executeTakeFirstOrThrow())
    .last_seen_at;

describe('browser sessions: last seen and ending (/auth.md "Signing out")', () => {
  it(`"last seen" is written at most once per ${LAST_SEEN_WINDOW_SECONDS} s, however many requests use the session`, async () => {
    const store = createSessionStore(test.db, 3600);
    const { row, token } = await store.start(siteId, people[0]!, meta);
    await store.seen((await store.find(siteId, token))!);
    const first = await lastSeen(row.id);
    expect(first).toBeInstanceOf(Date);
    for (let i = 0; i < 5; i++) await store.seen((await store.find(siteId, token))!);
    expect(await lastSeen(row.id)).toEqual(first);
  });

  it("ending names only the person's own sessions, and queues one logout token per client with a back-channel URI", async () => {
    const store = createSessionStore(test.db, 3600);
    const mine = await store.start(siteId, people[0]!, meta);
    const theirs = await store.start(siteId, people[1]!, meta);
    const client = await test.db
      .insertInto('oauth_clients')
      .values({
        client_id: `bc-${Date.now()}`,
        site_id: siteId,
        kind: 'loopback',
        audience: 'operator',
        name: 'x',
        redirect_uris: ['http://127.0.0.1/cb'],
        token_endpoint_auth_method: 'none',
        client_secret_hash: null,
        backchannel_logout_uri: 'https://rp.example/logout',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await noteSessionSignedInTo(test.db, mine.row.id, client.id);
    await noteSessionSignedInTo(test.db, mine.row.id, client.id);

    expect((await store.endOf(siteId, people[0]!, { sessionId: theirs.row.id })).sessionIds).toEqual([]);
    expect(await store.find(siteId, theirs.token)).toBeDefined();

    expect((await store.endOf(siteId, people[0]!, { sessionId: mine.row.id })).sessionIds).toEqual([mine.row.id]);
    expect(await store.find(siteId, mine.token)).toBeUndefined();
    const queued = await test.db
      .selectFrom('outbox_messages')
      .select(['kind', 'payload'])
      .where('kind', '=', 'backchannel_logout')
      .execute();
    expect(queued).toEqual([
      {
        kind: 'backchannel_logout',
        payload: { clientRowId: client.id, sessionId: mine.row.id, personId: people[0] },
      },
    ]);
    // Ending it again ends nothing and queues nothing more.
    expect((await store.endOf(siteId, people[0]!, { sessionId: mine.row.id })).sessionIds).toEqual([]);
    expect(
      await test.db.selectFrom('outbox_messages').select('id').where('kind', '=', 'backchannel_logout').execute(),
    ).toHaveLength(1);
  });

  it("ending everywhere ends the person's sessions at every school and no one else's (a new password)", async () => {
    const store = createSessionStore(test.db, 3600);
    const second = (
      await test.db.selectFrom('sites').select('id').where('slug', '<>', 'demo-academy').executeTakeFirstOrThrow()
    ).id;
    const here = await store.start(siteId, people[1]!, meta);
    const there = await store.start(second, people[1]!, meta);
    const other = await store.start(siteId, people[0]!, meta);
    const ended = await store.endEverywhere(people[1]!);
    expect(ended.flatMap((e) => e.sessionIds).sort()).toEqual(
      expect.arrayContaining([here.row.id, there.row.id].sort()),
    );
    expect(await store.find(siteId, here.token)).toBeUndefined();
    expect(await store.find(second, there.token)).toBeUndefined();
    expect(await store.find(siteId, other.token)).toBeDefined();
  });
});
