// The audit log's insert (audit-events.ts): every field of every event of a batch written as given,
// whatever the batch's size and whatever the strings hold (one prepared statement of arrays, so a
// quote, a comma or a brace inside a value must arrive as written). PGlite, and PostgreSQL with
// DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../database.ts';
import { seedDemoSchools } from '../seed/demo-schools.ts';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { insertAuditEvents, type AuditEvent } from './audit-events.ts';

describe('insertAuditEvents', () => {
  let test: TestDatabase;
  let db: Db;
  let siteId: string;
  let personId: string;
  beforeAll(async () => {
    test = await createTestDatabase();
    db = test.db;
    await seedDemoSchools(db, { primary: 'http://academy.test', secondary: 'http://second.test' });
    siteId = (await db.selectFrom('sites').select('id').where('slug', '=', 'demo-academy').executeTakeFirstOrThrow())
      .id;
    personId = (
      await db.selectFrom('site_roles').select('person_id').where('site_id', '=', siteId).executeTakeFirstOrThrow()
    ).person_id;
  });
  afterAll(() => test.drop());

  const read = (action: string) =>
    db
      .selectFrom('audit_events')
      .select(['site_id', 'actor_person_id', 'actor_client_id', 'action', 'target_type', 'target_id', 'details', 'ip'])
      .where('action', '=', action)
      .orderBy('target_id')
      .execute();

  it('writes each event of a batch with every field as given, absent ones as null', async () => {
    const events: AuditEvent[] = [
      {
        siteId,
        actorPersonId: personId,
        actorClientId: 'demo-progress-sync',
        action: 'test.full',
        targetType: 'grant',
        targetId: 'a',
        details: { grant_type: 'refresh_token', scope: 'account:read', nested: { n: 1, list: [true, null] } },
        ip: '2001:db8::1',
      },
      { siteId: null, action: 'test.full', targetId: 'b' },
    ];
    await insertAuditEvents(db, events);
    expect(await read('test.full')).toEqual([
      {
        site_id: siteId,
        actor_person_id: personId,
        actor_client_id: 'demo-progress-sync',
        action: 'test.full',
        target_type: 'grant',
        target_id: 'a',
        details: { grant_type: 'refresh_token', scope: 'account:read', nested: { n: 1, list: [true, null] } },
        ip: '2001:db8::1',
      },
      {
        site_id: null,
        actor_person_id: null,
        actor_client_id: null,
        action: 'test.full',
        target_type: null,
        target_id: 'b',
        details: {},
        ip: null,
      },
    ]);
  });

  it('keeps quotes, backslashes, commas, braces and non-ASCII text in values as written', async () => {
    const awkward = ['"quoted"', 'back\\slash', 'a,b', '{x}', 'NULL', '', 'élève — 学生', "it's"];
    await insertAuditEvents(
      db,
      awkward.map((value, i) => ({
        siteId,
        actorClientId: value,
        action: 'test.awkward',
        targetType: value,
        targetId: String(i).padStart(2, '0'),
        details: { value },
        ip: value,
      })),
    );
    const rows = await read('test.awkward');
    expect(rows.map((row) => [row.actor_client_id, row.target_type, row.details, row.ip])).toEqual(
      awkward.map((value) => [value, value, { value }, value]),
    );
  });

  it('writes batches of different sizes through the same statement', async () => {
    for (const size of [1, 3, 50]) {
      await insertAuditEvents(
        db,
        Array.from({ length: size }, (_, i) => ({ siteId, action: `test.size-${size}`, targetId: String(i) })),
      );
      expect(await read(`test.size-${size}`)).toHaveLength(size);
    }
  });
});
