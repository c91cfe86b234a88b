// Coalesced reads (coalesced-read.ts): callers of one key share a read, but never one sent before
// they arrived, and a transaction's read is its own.
import { describe, expect, it } from 'vitest';
import { batchedLookup, coalescedRead, MAX_KEYS_PER_READ } from './coalesced-read.ts';
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

describe('batched lookups', () => {
  it('keys that waited together are read by one call, in slices of at most MAX_KEYS_PER_READ under a flood, every key answered', async () => {
    const calls: number[] = [];
    const releases: Array<() => void> = [];
    const lookup = batchedLookup(async (_db, keys) => {
      calls.push(keys.length);
      await new Promise<void>((resolve) => releases.push(resolve));
      return new Map(keys.map((key) => [key, `row of ${key}`]));
    });
    const first = lookup(pool, 'k0');
    await tick();
    // Arriving while the first read is out: they wait for the next read, together.
    const count = MAX_KEYS_PER_READ * 2 + 1;
    const flood = Array.from({ length: count }, (_, i) => lookup(pool, `k${i + 1}`));
    const twice = lookup(pool, 'k1'); // a key asked twice is read once
    releases.shift()!();
    expect(await first).toBe('row of k0');
    await tick();
    expect(calls).toEqual([1, MAX_KEYS_PER_READ, MAX_KEYS_PER_READ, 1]);
    for (const release of releases.splice(0)) release();
    const answers = await Promise.all(flood);
    expect(answers).toEqual(Array.from({ length: count }, (_, i) => `row of k${i + 1}`));
    expect(await twice).toBe('row of k1');
  });

  it('a group of no more than MAX_KEYS_PER_READ keys is one call', async () => {
    const calls: number[] = [];
    const lookup = batchedLookup(async (_db, keys) => {
      calls.push(keys.length);
      await tick();
      return new Map(keys.map((key) => [key, key.length]));
    });
    const first = lookup(pool, 'x');
    await tick();
    const rest = Array.from({ length: MAX_KEYS_PER_READ }, (_, i) => lookup(pool, `y${i}`));
    await first;
    await Promise.all(rest);
    expect(calls).toEqual([1, MAX_KEYS_PER_READ]);
  });
});
