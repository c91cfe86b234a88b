// Migration 2026-11-27T0003-webhook-disabled-at: an endpoint disabled before it takes the time of
// its latest `webhook_endpoint.disabled` audit entry (or of its last change when it has none), an
// enabled one none; and from then on the database refuses a disabled endpoint without that time.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { down, up } from './2026-11-27T0003-webhook-disabled-at.ts';

describe('migration 2026-11-27T0003-webhook-disabled-at', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => test?.drop());

  it('gives endpoints disabled before it the time of their latest disabling, and none to enabled ones', async () => {
    const db = test.db;
    await down(db); // the table as it was before this migration
    const site = await db
      .insertInto('sites')
      .values({ slug: 'm', origin: 'http://m.test', name: 'M' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const endpoint = async (status: string, reason: string | null, updatedAt: string) =>
      (
        await sql<{
          id: string;
        }>`insert into webhook_endpoints (site_id, url, event_types, version, status, disabled_reason, updated_at)
          values (${site.id}, 'https://r.example/', '[]', 'v', ${status}, ${reason}, ${updatedAt}) returning id`.execute(
          db,
        )
      ).rows[0]!.id;
    const audited = await endpoint('disabled', 'gone', '2026-11-27T12:00:00Z');
    const unaudited = await endpoint('disabled', 'operator', '2026-11-26T08:00:00Z');
    const enabled = await endpoint('enabled', null, '2026-11-26T09:00:00Z');
    for (const at of ['2026-11-20T10:00:00Z', '2026-11-25T10:00:00Z'])
      await db
        .insertInto('audit_events')
        .values({
          site_id: site.id,
          action: 'webhook_endpoint.disabled',
          target_type: 'webhook_endpoint',
          target_id: audited,
          created_at: at,
        })
        .execute();

    await up(db);
    const times = Object.fromEntries(
      (await db.selectFrom('webhook_endpoints').select(['id', 'disabled_at']).execute()).map((r) => [
        r.id,
        r.disabled_at?.toISOString() ?? null,
      ]),
    );
    expect(times).toEqual({
      [audited]: '2026-11-25T10:00:00.000Z',
      [unaudited]: '2026-11-26T08:00:00.000Z',
      [enabled]: null,
    });
    await expect(
      db
        .updateTable('webhook_endpoints')
        .set({ status: 'disabled', disabled_reason: 'operator' })
        .where('id', '=', enabled)
        .execute(),
    ).rejects.toThrow(/webhook_endpoints_disabled_at/);
  });
});
