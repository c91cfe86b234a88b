import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, InvalidCursor, timeIdCursor } from './cursor.ts';

describe('pagination cursors', () => {
  it('round-trips a time/id key', () => {
    const key = { t: '2026-11-22T10:00:00.000Z', id: '0193a0b4-2c8e-7c3a-9d1e-123456789abc' };
    expect(decodeCursor(encodeCursor(key), timeIdCursor)).toEqual(key);
  });

  it.each(['not-base64-json', encodeCursor({ t: 'yesterday', id: 'x' }), encodeCursor({ t: '2026-11-22T10:00:00Z', id: '0193a0b4-2c8e-7c3a-9d1e-123456789abc', extra: 1 })])(
    'rejects a forged cursor %s as InvalidCursor (a 400, never a 500)',
    (cursor) => {
      expect(() => decodeCursor(cursor, timeIdCursor)).toThrow(InvalidCursor);
    },
  );
});
