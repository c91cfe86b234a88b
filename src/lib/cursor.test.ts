import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, InvalidCursor, setCursorSigningKey, timeIdCursor } from './cursor.ts';

describe('pagination cursors', () => {
  it('round-trips a time/id key', () => {
    const key = { t: '2026-11-22T10:00:00.000Z', id: '0193a0b4-2c8e-7c3a-9d1e-123456789abc' };
    expect(decodeCursor(encodeCursor(key), timeIdCursor)).toEqual(key);
  });

  it('refuses a real cursor whose key was changed, re-encoded without its tag, or signed with another key (tampered, RFC 9457 400)', () => {
    const real = encodeCursor({ t: '2026-11-22T10:00:00.000Z', id: '0193a0b4-2c8e-7c3a-9d1e-123456789abc' });
    const [payload, tag] = real.split('.') as [string, string];
    const changed = Buffer.from(JSON.stringify({ t: '2026-11-21T10:00:00.000Z', id: '0193a0b4-2c8e-7c3a-9d1e-123456789abc' })).toString('base64url');
    for (const cursor of [`${changed}.${tag}`, payload, `${payload}.`, `${payload}.${tag}.${tag}`, `${payload}.${tag.slice(0, -1)}${tag.endsWith('A') ? 'B' : 'A'}`, `.${tag}`]) {
      expect(() => decodeCursor(cursor, timeIdCursor), cursor).toThrow(InvalidCursor);
    }
    setCursorSigningKey(Buffer.alloc(32, 7));
    expect(() => decodeCursor(real, timeIdCursor)).toThrow(InvalidCursor);
    expect(decodeCursor(encodeCursor({ t: '2026-11-22T10:00:00.000Z', id: '0193a0b4-2c8e-7c3a-9d1e-123456789abc' }), timeIdCursor).t).toBe('2026-11-22T10:00:00.000Z');
  });

  it.each(['not-base64-json', encodeCursor({ t: 'yesterday', id: 'x' }), encodeCursor({ t: '2026-11-22T10:00:00Z', id: '0193a0b4-2c8e-7c3a-9d1e-123456789abc', extra: 1 })])(
    'rejects a forged cursor %s as InvalidCursor (a 400, never a 500)',
    (cursor) => {
      expect(() => decodeCursor(cursor, timeIdCursor)).toThrow(InvalidCursor);
    },
  );
});
