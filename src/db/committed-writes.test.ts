// A worker's nudge comes once the rows it is about are added and committed (db/committed-writes.ts,
// lib/wake-signal.ts): a worker that claims at once then finds them. Never for a rollback, an
// update or another table, and each services instance hears only the writes made through its own handle.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commitCallbacksOf } from './committed-writes.ts';
import { hotInsert } from './hot-queries.ts';
import { TableWriteWatcher } from './table-writes.ts';
import type { Db } from './database.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';
import { WakeSignal } from '../lib/wake-signal.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  await sql`create table webhook_events (id uuid primary key, site_id text, type text, version text, payload text)`.execute(
    database.db,
  );
  await sql`create table webhook_deliveries (id serial primary key)`.execute(database.db);
});
afterAll(() => database.drop());

/** A database handle as createServices makes it: it wakes `wake` once an event written through it is committed. */
const handleOf = (wake: WakeSignal): Db =>
  database.db.withPlugin(
    new TableWriteWatcher({}, { tables: { webhook_events: wake.fire }, callbacks: commitCallbacksOf(database.db) }),
  );

/** The same INSERT as SQL text (db/hot-queries.ts): no builder node of its own. */
const insertEventText = hotInsert<{ id: string; type: string }>(
  'test_insert_webhook_event',
  'webhook_events',
  `insert into webhook_events (id, site_id, type, version, payload) values ($1, $2, $3, $4, $5) returning id, type`,
);

const event = () => ({ id: crypto.randomUUID(), site_id: 's', type: 't', version: '1', payload: '{}' });

/** What a listener woken by `wake` sees: the number of events committed, read on a connection of its own. */
function committedCountsAtWake(wake: WakeSignal): Array<Promise<number>> {
  const seen: Array<Promise<number>> = [];
  wake.listen(() => {
    seen.push(
      database.db
        .selectFrom('webhook_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n)),
    );
  });
  return seen;
}

describe('a write wakes its workers once committed', () => {
  it('in a transaction: not before COMMIT, and the listener then sees the row', async () => {
    await sql`truncate webhook_events`.execute(database.db);
    const wake = new WakeSignal();
    const seen = committedCountsAtWake(wake);
    await handleOf(wake)
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('webhook_events').values(event()).execute();
        await trx.insertInto('webhook_events').values(event()).execute();
        expect(seen).toHaveLength(0);
      });
    expect(seen).toHaveLength(2);
    expect(await Promise.all(seen)).toEqual([2, 2]);
  });

  it('outside a transaction: once the statement has run', async () => {
    await sql`truncate webhook_events`.execute(database.db);
    const wake = new WakeSignal();
    const seen = committedCountsAtWake(wake);
    await handleOf(wake).insertInto('webhook_events').values(event()).execute();
    expect(await Promise.all(seen)).toEqual([1]);
  });

  it('never after a rollback, nor after a statement that failed', async () => {
    const wake = new WakeSignal();
    const listener = vi.fn();
    wake.listen(listener);
    await expect(
      handleOf(wake)
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('webhook_events').values(event()).execute();
          throw new Error('the caller gives up');
        }),
    ).rejects.toThrow('the caller gives up');
    const duplicate = event();
    await handleOf(wake).insertInto('webhook_events').values(duplicate).execute();
    listener.mockClear();
    await expect(handleOf(wake).insertInto('webhook_events').values(duplicate).execute()).rejects.toThrow();
    expect(listener).not.toHaveBeenCalled();
  });

  it('two instances in one process do not wake each other', async () => {
    const [first, second] = [new WakeSignal(), new WakeSignal()];
    const [heardFirst, heardSecond] = [vi.fn(), vi.fn()];
    first.listen(heardFirst);
    second.listen(heardSecond);
    await handleOf(first).insertInto('webhook_events').values(event()).execute();
    expect(heardFirst).toHaveBeenCalledOnce();
    expect(heardSecond).not.toHaveBeenCalled();
  });

  it('tells the listener what the INSERT returned', async () => {
    const wake = new WakeSignal();
    const heard: Array<readonly Record<string, unknown>[]> = [];
    wake.listen((rows) => heard.push(rows));
    const added = event();
    await handleOf(wake).insertInto('webhook_events').values(added).returning(['id', 'type']).execute();
    expect(heard).toEqual([[{ id: added.id, type: 't' }]]);
  });

  it('a hot insert (SQL text) wakes as the built one does: once committed, with what it returned', async () => {
    await sql`truncate webhook_events`.execute(database.db);
    const wake = new WakeSignal();
    const heard: Array<readonly Record<string, unknown>[]> = [];
    wake.listen((rows) => heard.push(rows));
    const added = event();
    await handleOf(wake)
      .transaction()
      .execute(async (trx) => {
        await insertEventText(trx, [added.id, added.site_id, added.type, added.version, added.payload]);
        expect(heard).toHaveLength(0);
      });
    expect(heard).toEqual([[{ id: added.id, type: 't' }]]);
  });

  it("updates and deletes of the watched table wake nothing (a worker's own claims)", async () => {
    const wake = new WakeSignal();
    const listener = vi.fn();
    wake.listen(listener);
    await handleOf(wake).updateTable('webhook_events').set({ version: '2' }).execute();
    await handleOf(wake).deleteFrom('webhook_events').execute();
    expect(listener).not.toHaveBeenCalled();
  });

  it('reads and writes to other tables wake nothing', async () => {
    const wake = new WakeSignal();
    const listener = vi.fn();
    wake.listen(listener);
    await handleOf(wake).selectFrom('webhook_events').selectAll().execute();
    await handleOf(wake).deleteFrom('webhook_deliveries').execute();
    expect(listener).not.toHaveBeenCalled();
  });
});
