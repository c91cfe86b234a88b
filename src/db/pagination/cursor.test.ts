import { describe, expect, it } from 'vitest';
import { CursorCodec, InvalidCursor } from './cursor.ts';

const id = '0193a0b4-2c8e-7c3a-9d1e-123456789abc';
const courses = { list: 'courses', sort: '-created_at' };
const codec = new CursorCodec();
const encodeCursor = codec.encode.bind(codec);
const decodeCursor = codec.decode.bind(codec);

describe('pagination cursors', () => {
  it('round-trips a time/id key at the microsecond precision of timestamptz', () => {
    const key = { v: '2026-11-22T10:00:00.123456Z', id };
    expect(decodeCursor(encodeCursor(courses, key), courses, 'time')).toEqual(key);
  });

  it('refuses a real cursor whose key was changed, re-encoded without its tag, or signed with another key (tampered, RFC 9457 400)', () => {
    const real = encodeCursor(courses, { v: '2026-11-22T10:00:00.000000Z', id });
    const [payload, tag] = real.split('.') as [string, string];
    const changed = Buffer.from(
      JSON.stringify({ l: 'courses', s: '-created_at', v: '2026-11-21T10:00:00.000000Z', id }),
    ).toString('base64url');
    for (const cursor of [
      `${changed}.${tag}`,
      payload,
      `${payload}.`,
      `${payload}.${tag}.${tag}`,
      `${payload}.${tag.slice(0, -1)}${tag.endsWith('A') ? 'B' : 'A'}`,
      `.${tag}`,
    ]) {
      expect(() => decodeCursor(cursor, courses, 'time'), cursor).toThrow(InvalidCursor);
    }
    const other = new CursorCodec(Buffer.alloc(32, 7));
    expect(() => other.decode(real, courses, 'time')).toThrow(InvalidCursor);
    expect(other.decode(other.encode(courses, { v: '2026-11-22T10:00:00.000000Z', id }), courses, 'time').v).toBe(
      '2026-11-22T10:00:00.000000Z',
    );
  });

  it('refuses a genuine cursor handed to another list or another sort order (OpenAPI `cursor`: the next_cursor of the previous page)', () => {
    const real = encodeCursor(courses, { v: '2026-11-22T10:00:00.000000Z', id });
    expect(() => decodeCursor(real, { list: 'posts', sort: '-created_at' }, 'time')).toThrow(
      /another list or sort order/,
    );
    expect(() => decodeCursor(real, { list: 'courses', sort: 'created_at' }, 'time')).toThrow(InvalidCursor);
    expect(() => decodeCursor(real, { list: 'courses', sort: '-title' }, 'text')).toThrow(InvalidCursor);
  });

  it.each([
    ['not base64 JSON', 'not-base64-json', 'time'],
    ['a key no time column holds (February 30)', encodeCursor(courses, { v: '2026-02-30T00:00:00Z', id }), 'time'],
    ['a text where the list compares numbers', encodeCursor(courses, { v: 'abc', id }), 'integer'],
    ['a fraction where the list compares whole numbers', encodeCursor(courses, { v: 1.5, id }), 'integer'],
    ['text holding U+0000', encodeCursor(courses, { v: 'a\u0000b', id }), 'text'],
  ] as const)('rejects %s as InvalidCursor (a 400, never a 500)', (_name, cursor, kind) => {
    expect(() => decodeCursor(cursor, courses, kind)).toThrow(InvalidCursor);
  });

  it("two apps in one process keep their own keys: neither reads the other's cursors unless given the same key", () => {
    const [first, second] = [new CursorCodec(), new CursorCodec()];
    const issued = first.encode(courses, { v: '2026-11-22T10:00:00.000000Z', id });
    expect(() => second.decode(issued, courses, 'time')).toThrow(InvalidCursor);
    expect(first.decode(issued, courses, 'time').id).toBe(id);
    const key = Buffer.alloc(32, 9);
    expect(new CursorCodec(key).decode(new CursorCodec(key).encode(courses, { v: 1, id }), courses, 'integer')).toEqual(
      {
        v: 1,
        id,
      },
    );
  });
});
