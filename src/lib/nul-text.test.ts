import { describe, expect, it } from 'vitest';
import { pathsWithNul, storableText } from './nul-text.ts';

describe('pathsWithNul (PostgreSQL text cannot hold U+0000)', () => {
  it('finds a NUL in strings at any depth and in object keys, in document order', () => {
    const input = {
      title: 'a\u0000b',
      tags: ['ok', '\u0000'],
      nested: { deep: [{ x: 'fine', y: 'x\u0000' }] },
      ['k\u0000ey']: 'value',
    };
    expect(pathsWithNul(input)).toEqual([['title'], ['tags', 1], ['nested', 'deep', 0, 'y'], ['k\u0000ey']]);
  });

  it('finds a NUL in a bare string and nothing in clean or non-text values', () => {
    expect(pathsWithNul('\u0000')).toEqual([[]]);
    expect(pathsWithNul({ a: 'text', b: 1, c: null, d: true, e: ['\\u0000 written out is fine'] })).toEqual([]);
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(pathsWithNul(deep)).toHaveLength(1);
  });
});

describe('storableText (outside text kept as it came, PostgreSQL text cannot hold U+0000)', () => {
  it('replaces every U+0000 with U+FFFD and leaves everything else as it was', () => {
    expect(storableText('a\u0000b\u0000')).toBe('a\uFFFDb\uFFFD');
    expect(storableText('été \u{1F600} \u0001')).toBe('été \u{1F600} \u0001');
  });
});
