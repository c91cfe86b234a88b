// The delivery worker's nudge is owned by one services instance (delivery-wake.ts): a write to
// webhook_events through that instance's database handle wakes its listeners, and no other's.
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { TableWriteWatcher } from '../../db/table-writes.ts';
import type { Database } from '../../db/schema.ts';
import { DeliveryWake } from './delivery-wake.ts';

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
const handleOf = (wake: DeliveryWake) =>
  offlineDb().withPlugin(new TableWriteWatcher({ webhook_events: wake.eventRecorded }));

const event = { id: '00000000-0000-4000-8000-000000000001', site_id: 's', type: 't', version: '1', payload: '{}' };

describe('the delivery wake-up, one per services instance', () => {
  it('an event written through the handle wakes its listener, until removed', async () => {
    const wake = new DeliveryWake();
    const listener = vi.fn();
    const stop = wake.onEventRecorded(listener);
    await handleOf(wake).insertInto('webhook_events').values(event).execute();
    expect(listener).toHaveBeenCalled();
    stop();
    listener.mockClear();
    await handleOf(wake).insertInto('webhook_events').values(event).execute();
    expect(listener).not.toHaveBeenCalled();
  });

  it('two instances in one process do not wake each other', async () => {
    const [first, second] = [new DeliveryWake(), new DeliveryWake()];
    const [heardFirst, heardSecond] = [vi.fn(), vi.fn()];
    first.onEventRecorded(heardFirst);
    second.onEventRecorded(heardSecond);
    await handleOf(first).insertInto('webhook_events').values(event).execute();
    expect(heardFirst).toHaveBeenCalled();
    expect(heardSecond).not.toHaveBeenCalled();
  });

  it('other writes do not wake it', async () => {
    const wake = new DeliveryWake();
    const listener = vi.fn();
    wake.onEventRecorded(listener);
    await handleOf(wake).deleteFrom('webhook_deliveries').execute();
    expect(listener).not.toHaveBeenCalled();
  });
});
