// Group commit: the writes that arrive under one key while that key's previous write is in flight
// go to the database together in the next one, so a burst of N costs a few statements instead of
// N. Nothing is deferred past its request: each caller waits for the write that carries its item,
// and learns where its item stood in it. Used for rate-limit counters (one upsert adds every hit
// that waited, on every counter), the audit log (one multi-row insert) and, as a group read, the
// token lookups of protected resources (db/repositories/token-facts.ts): a read sent after the
// caller arrived still sees every change committed before it.

export type Carried<Outcome> = { outcome: Outcome; position: number; size: number };

type Batch<Item, Outcome> = { items: Item[]; written: Promise<Outcome> };

export function createGroupCommit<Item, Outcome>(write: (key: string, items: Item[]) => Promise<Outcome>) {
  const inFlight = new Map<string, Promise<unknown>>();
  const open = new Map<string, Batch<Item, Outcome>>();

  /** Queues one item under `key`; resolves once the write that carried it has finished. */
  return async function submit(key: string, item: Item): Promise<Carried<Outcome>> {
    let batch = open.get(key);
    if (!batch) {
      const created: Batch<Item, Outcome> = { items: [], written: undefined as unknown as Promise<Outcome> };
      const send = async (): Promise<Outcome> => {
        open.delete(key); // items from now on wait for the next batch
        const sent = write(key, created.items);
        inFlight.set(key, sent);
        try {
          return await sent;
        } finally {
          if (inFlight.get(key) === sent) inFlight.delete(key);
        }
      };
      // After the key's write in flight, or on the next turn when there is none, so that callers
      // arriving together share the first write too.
      created.written = (inFlight.get(key) ?? Promise.resolve()).then(send, send);
      open.set(key, created);
      batch = created;
    }
    const position = batch.items.push(item);
    const { items, written } = batch;
    return { outcome: await written, position, size: items.length };
  };
}
