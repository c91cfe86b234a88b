// docs/operations.md "Audit log": the filters apply in SQL to one school's rows, on keyset pages
// whose cursor belongs to its filters; the export reads in pages and stops at its bound, saying
// so. PGlite, and PostgreSQL with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { CursorCodec } from '../../db/pagination/cursor.ts';
import { createTestDatabase, insertTestSite, type TestDatabase } from '../../db/testing.ts';
import { createAuditLogReader, type AuditLogFilter } from './audit-log-reader.ts';

const NONE: AuditLogFilter = { actor: '', action: '', from: '', to: '' };

describe('the audit log reader (docs/operations.md "Audit log")', () => {
  let test: TestDatabase;
  let db: Db;
  let site: { id: string; timeZone: string };
  let other: string;
  let olivia: string;
  let mia: string;
  const reader = () => createAuditLogReader(db, new CursorCodec());

  beforeAll(async () => {
    test = await createTestDatabase();
    db = test.db;
    site = { id: await insertTestSite(db, 'audit-reader'), timeZone: 'Europe/Berlin' };
    other = await insertTestSite(db, 'audit-reader-other');
    const person = async (email: string, name: string) =>
      (await db.insertInto('people').values({ email, name }).returning('id').executeTakeFirstOrThrow()).id;
    olivia = await person('olivia@reader.test', 'Olivia Owner');
    mia = await person('mia_member@reader.test', 'Mia Member');
    const at = (day: string, minute: number) => new Date(`${day}T10:${String(minute).padStart(2, '0')}:00Z`);
    const rows = [
      // 60 sign-ins of Olivia on 1 December: more than a page.
      ...Array.from({ length: 60 }, (_, i) => ({
        site_id: site.id,
        actor_person_id: olivia,
        action: 'sign_in.succeeded',
        created_at: at('2026-12-01', i),
      })),
      // Mia's changes on 2 December, one about Olivia.
      {
        site_id: site.id,
        actor_person_id: mia,
        action: 'member.roles_changed',
        target_type: 'person',
        target_id: olivia,
        details: JSON.stringify({ added: ['admin'], removed: [] }),
        created_at: at('2026-12-02', 0),
      },
      { site_id: site.id, actor_person_id: mia, action: 'signing_keys.rotated', created_at: at('2026-12-02', 1) },
      // Another school's row of Olivia: never shown here.
      { site_id: other, actor_person_id: olivia, action: 'signing_keys.rotated', created_at: at('2026-12-02', 2) },
    ];
    await db.insertInto('audit_events').values(rows).execute();
  });
  afterAll(() => test.drop());

  it("filters by part of the actor's address, action and days, on this school's rows only", async () => {
    const actions = async (filter: Partial<AuditLogFilter>) =>
      (await reader().page(site, { ...NONE, ...filter }, undefined)).events.map((e) => e.action);
    // "_" is a character to match, not a LIKE wildcard.
    expect(await actions({ actor: 'MIA_member' })).toEqual(['signing_keys.rotated', 'member.roles_changed']);
    expect(await actions({ actor: 'mia%' })).toEqual([]);
    expect(await actions({ action: 'signing_keys.rotated' })).toEqual(['signing_keys.rotated']);
    expect(await actions({ from: '2026-12-02' })).toEqual(['signing_keys.rotated', 'member.roles_changed']);
    expect((await actions({ to: '2026-12-01' })).length).toBe(50);
    expect(await actions({ from: '2026-12-03' })).toEqual([]);
  });

  it('names the person a row is about, as they are now', async () => {
    const { events } = await reader().page(site, { ...NONE, action: 'member.roles_changed' }, undefined);
    expect(events[0]!.names).toEqual({ person: 'olivia@reader.test' });
    expect(events[0]!.actor_name).toBe('Mia Member');
  });

  it("pages by a cursor bound to the filters: another filter's cursor starts from the newest row", async () => {
    const r = reader();
    const first = await r.page(site, { ...NONE, action: 'sign_in.succeeded' }, undefined);
    expect(first.events).toHaveLength(50);
    const second = await r.page(site, { ...NONE, action: 'sign_in.succeeded' }, first.older!);
    expect(second.events).toHaveLength(10);
    expect(second.older).toBeNull();
    const elsewhere = await r.page(site, { ...NONE, actor: 'mia' }, first.older!);
    expect(elsewhere.events.map((e) => e.action)).toEqual(['signing_keys.rotated', 'member.roles_changed']);
  });

  it('the export reads every matching row in pages, up to its bound, and says when it stopped short', async () => {
    const read = async (max: number) => {
      const pages = [];
      for await (const page of reader().pages(site, NONE, max)) pages.push(page);
      return { rows: pages.flatMap((p) => p.events).length, truncated: pages.at(-1)!.truncated };
    };
    expect(await read(100)).toEqual({ rows: 62, truncated: false });
    expect(await read(62)).toEqual({ rows: 62, truncated: false });
    expect(await read(61)).toEqual({ rows: 61, truncated: true });
  });
});
