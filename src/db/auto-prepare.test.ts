// The automatic preparing policy (auto-prepare.ts): a text is named only after it has been seen
// PREPARE_AFTER times, keeps its one name, and no more than MAX_PREPARED texts are ever named.
import { describe, expect, it } from 'vitest';
import { createStatementNamer } from './auto-prepare.ts';

describe('statement namer', () => {
  it('sends a text unnamed until its fifth use, then always under one name', () => {
    const nameOf = createStatementNamer({ prepareAfter: 5 });
    const text = 'select * from courses where site_id = $1';
    expect([1, 2, 3, 4].map(() => nameOf(text))).toEqual([undefined, undefined, undefined, undefined]);
    const name = nameOf(text);
    expect(name).toMatch(/^auto_[\w-]{22}$/);
    expect(nameOf(text)).toBe(name);
    expect(nameOf(`${text} limit $2`)).toBeUndefined();
  });

  it('gives different texts different names', () => {
    const nameOf = createStatementNamer({ prepareAfter: 1 });
    expect(nameOf('select $1::int')).not.toBe(nameOf('select $1::text'));
  });

  it('names no more than its limit of texts; those already named keep their names', () => {
    const nameOf = createStatementNamer({ prepareAfter: 1, maxPrepared: 2 });
    const first = nameOf('select 1 where $1');
    const second = nameOf('select 2 where $1');
    expect(first && second).toBeTruthy();
    expect(nameOf('select 3 where $1')).toBeUndefined();
    expect(nameOf('select 1 where $1')).toBe(first);
  });
});
