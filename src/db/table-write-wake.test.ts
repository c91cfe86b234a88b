// A worker's nudge is owned by one services instance (lib/wake-signal.ts): a write to the watched table
// (here webhook_events, the delivery worker's) through that instance's database handle wakes its
// listeners, and no other's.
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { TableWriteWatcher } from './table-writes.ts';
import type { Database } from './schema.ts';
import { WakeSignal } from '../lib/wake-signal.ts';

function offlineDb() {
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

/** A database handle as createServices makes it: it wakes `wake` on every event written. */
const handleOf = (wake: WakeSignal) => offlineDb().withPlugin(new TableWriteWatcher({ webhook_events: wake.fire }));

const event = { id: '00000000-0000-4000-8000-000000000001', site_id: 's', type: 't', version: '1', payload: '{}' };

describe('the wake signal of a watched table, one per services instance', () => {
  it('an event written through the handle wakes its listener, until removed', async () => {
    const wake = new WakeSignal();
    const listener = vi.fn();
    const stop = wake.listen(listener);
    await handleOf(wake).insertInto('webhook_events').values(event).execute();
    expect(listener).toHaveBeenCalled();
    stop();
    listener.mockClear();
    await handleOf(wake).insertInto('webhook_events').values(event).execute();
    expect(listener).not.toHaveBeenCalled();
  });

  it('two instances in one process do not wake each other', async () => {
    const [first, second] = [new WakeSignal(), new WakeSignal()];
    const [heardFirst, heardSecond] = [vi.fn(), vi.fn()];
    first.listen(heardFirst);
    second.listen(heardSecond);
    await handleOf(first).insertInto('webhook_events').values(event).execute();
    expect(heardFirst).toHaveBeenCalled();
    expect(heardSecond).not.toHaveBeenCalled();
  });

  it('other writes do not wake it', async () => {
    const wake = new WakeSignal();
    const listener = vi.fn();
    wake.listen(listener);
    await handleOf(wake).deleteFrom('webhook_deliveries').execute();
    expect(listener).not.toHaveBeenCalled();
  });
});
