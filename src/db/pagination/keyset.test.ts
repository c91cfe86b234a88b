// The keyset builder's SQL in both directions: a window after one key and before another, read
// from its start or its end (Relay `first`/`after` and `last`/`before`), with the cursor's own row
// left out, or kept when asking whether anything lies beyond a page.
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { columnKey, keyset, type SortSpec } from './keyset.ts';

const db = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const text = (fragment: RawBuilder<unknown> | null) => (fragment ? fragment.compile(db).sql : null);

const key = columnKey('created_at', 'integer');
const at = (v: number) => ({ v, id: '0193a0b4-2c8e-7c3a-9d1e-123456789abc' });
const newestFirst: SortSpec = { column: 'created_at', direction: 'desc' };
const oldestFirst: SortSpec = { column: 'created_at', direction: 'asc' };

describe('keyset windows in both directions', () => {
  it('continues strictly after the key in the list order, ordered as the list', () => {
    const sql = keyset(key, 'id', { sort: newestFirst, after: at(5) });
    expect(text(sql.after)).toBe('("created_at", "id") < ($1::bigint, $2::uuid)');
    expect(sql.before).toBeNull();
    expect(text(sql.orderBy)).toBe('"created_at" desc, "id" desc');
  });

  it('ends strictly before a key, the comparison turned around', () => {
    expect(text(keyset(key, 'id', { sort: newestFirst, after: null, before: at(5) }).before)).toBe(
      '("created_at", "id") > ($1::bigint, $2::uuid)',
    );
    expect(text(keyset(key, 'id', { sort: oldestFirst, after: null, before: at(5) }).before)).toBe(
      '("created_at", "id") < ($1::bigint, $2::uuid)',
    );
  });

  it('reads a window from its end against the list order (the caller reverses the rows)', () => {
    expect(text(keyset(key, 'id', { sort: newestFirst, after: null, fromEnd: true }).orderBy)).toBe(
      '"created_at" asc, "id" asc',
    );
    expect(text(keyset(key, 'id', { sort: oldestFirst, after: null, fromEnd: true }).orderBy)).toBe(
      '"created_at" desc, "id" desc',
    );
  });

  it("keeps the key's own row when inclusive (whether anything lies at or beyond a cursor)", () => {
    const sql = keyset(key, 'id', { sort: oldestFirst, after: at(1), before: at(9), inclusive: true });
    expect(text(sql.after)).toBe('("created_at", "id") >= ($1::bigint, $2::uuid)');
    expect(text(sql.before)).toBe('("created_at", "id") <= ($1::bigint, $2::uuid)');
  });
});
