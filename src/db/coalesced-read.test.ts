// Coalesced reads (coalesced-read.ts): callers of one key share a read, but never one sent before
// they arrived, and a transaction's read is its own.
import { describe, expect, it } from 'vitest';
import { coalescedRead } from './coalesced-read.ts';
import type { Db } from './database.ts';

const pool = { isTransaction: false } as Db;
const transaction = { isTransaction: true } as Db;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function slowStore() {
  const value = new Map<string, number>();
  const reads: string[] = [];
  const releases: Array<() => void> = [];
  const read = async (_db: Db, key: string) => {
    reads.push(key);
    const seen = value.get(key) ?? 0; // the value as of when the read was sent
    await new Promise<void>((resolve) => releases.push(resolve));
    return seen;
  };
  return { value, reads, read, release: () => releases.shift()?.() };
}

describe('coalesced reads', () => {
  it('concurrent callers of one key share one read; another key reads on its own', async () => {
    const store = slowStore();
    const read = coalescedRead((key: string) => key, store.read);
    const answers = Promise.all([read(pool, 'a'), read(pool, 'a'), read(pool, 'b'), read(pool, 'a')]);
    await tick();
    expect(store.reads).toEqual(['a', 'b']);
    store.release();
    store.release();
    expect(await answers).toEqual([0, 0, 0, 0]);
  });

  it('a caller arriving while its key is read waits for the next read, which sees what changed before it asked', async () => {
    const store = slowStore();
    const read = coalescedRead((key: string) => key, store.read);
    const first = read(pool, 'k');
    await tick();
    store.value.set('k', 7); // committed after the first read was sent, before the second caller asks
    const second = read(pool, 'k');
    store.release();
    expect(await first).toBe(0);
    await tick();
    store.release();
    expect(await second).toBe(7);
    expect(store.reads).toEqual(['k', 'k']);
  });

  it('inside a transaction each read is its own', async () => {
    const store = slowStore();
    const read = coalescedRead((key: string) => key, store.read);
    const both = Promise.all([read(transaction, 'k'), read(transaction, 'k')]);
    await tick();
    expect(store.reads).toEqual(['k', 'k']);
    store.release();
    store.release();
    await both;
  });
});
