// One-time messages of the areas (docs/security.md "Secrets shown once"): a stored message is read
// once, by its own browser session, with the token of its redirect only; the database holds neither
// the token nor the message in clear. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSchools } from '../../db/seed/demo-schools.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { createAreaFlashes } from './area-flashes.ts';
import { createSessionStore } from './session-store.ts';

let test: TestDatabase;
let sessions: string[];
beforeAll(async () => {
  test = await createTestDatabase();
  await seedDemoSchools(test.db, { primary: 'http://localhost:1', secondary: 'http://127.0.0.1:1' });
  const siteId = (
    await test.db.selectFrom('sites').select('id').where('slug', '=', 'demo-academy').executeTakeFirstOrThrow()
  ).id;
  const person = (await test.db.selectFrom('people').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
  const store = createSessionStore(test.db, 3600);
  const meta = { userAgent: 'test', ip: '203.0.113.9' };
  sessions = [(await store.start(siteId, person, meta)).row.id, (await store.start(siteId, person, meta)).row.id];
});
afterAll(() => test.drop());

describe('one-time messages after a redirect (docs/security.md "Secrets shown once")', () => {
  it('is shown once: the first read returns it, a reload finds it gone', async () => {
    const flashes = createAreaFlashes(test.db);
    const token = await flashes.put(sessions[0]!, { secret: 'whsec_shown_once', kind: 'created' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await flashes.take(sessions[0]!, token)).toEqual({ secret: 'whsec_shown_once', kind: 'created' });
    expect(await flashes.take(sessions[0]!, token)).toBeUndefined();
  });

  it("is read by its own session only, with its own token only, and another session's attempt does not spend it", async () => {
    const flashes = createAreaFlashes(test.db);
    const token = await flashes.put(sessions[0]!, { members: 3 });
    expect(await flashes.take(sessions[1]!, token)).toBeUndefined();
    expect(await flashes.take(sessions[0]!, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
    for (const malformed of [undefined, '', 'short', ['array'], `${token}x`])
      expect(await flashes.take(sessions[0]!, malformed)).toBeUndefined();
    expect(await flashes.take(sessions[0]!, token)).toEqual({ members: 3 });
  });

  it('keeps neither the token nor the message in clear', async () => {
    const flashes = createAreaFlashes(test.db);
    const token = await flashes.put(sessions[0]!, { secret: 'cs_visible_nowhere' });
    const rows = await test.db.selectFrom('area_flashes').selectAll().execute();
    for (const row of rows) {
      expect(row.id).not.toBe(token);
      expect(row.payload).not.toContain('cs_visible_nowhere');
    }
    expect(await flashes.take(sessions[0]!, token)).toEqual({ secret: 'cs_visible_nowhere' });
  });

  it('is gone once expired', async () => {
    const flashes = createAreaFlashes(test.db);
    const token = await flashes.put(sessions[0]!, { members: 1 });
    await test.db
      .updateTable('area_flashes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect(await flashes.take(sessions[0]!, token)).toBeUndefined();
  });
});
