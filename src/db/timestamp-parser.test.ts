// The timestamptz fast path (timestamp-parser.ts) answers exactly as pg-types' own parser
// (postgres-date) for every value: the shape it reads, and all the others it hands back.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTimestamptzParser } from './timestamp-parser.ts';

const TIMESTAMPTZ_OID = 1184;
const library = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (value: string) => unknown;
const parse = createTimestamptzParser(library);

const time = (value: unknown) => (value instanceof Date ? value.getTime() : value);

describe('timestamptz parsing (PostgreSQL 8.5.1.3 output in DateStyle ISO)', () => {
  it('reads UTC timestamps with 0 to 6 fraction digits as postgres-date does, to the millisecond', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++) {
      const at = new Date(Date.UTC(1000, 0, 1) + random() * (Date.UTC(9999, 11, 31) - Date.UTC(1000, 0, 1)));
      const base = at.toISOString().slice(0, 19).replace('T', ' ');
      const digits = i % 7; // PostgreSQL drops trailing zeros: any length from none to microseconds
      const fraction = digits ? `.${String(Math.floor(random() * 10 ** digits)).padStart(digits, '0')}` : '';
      const value = `${base}${fraction}+00`;
      expect(time(parse(value)), value).toBe(time(library(value)));
      // DESIGN "Naming": times leave as ISO 8601 UTC text; the text kept from the read is Date's own.
      expect((parse(value) as Date).toISOString(), value).toBe((library(value) as Date).toISOString());
      expect(JSON.stringify({ at: parse(value) }), value).toBe(JSON.stringify({ at: library(value) }));
    }
  });

  it('keeps every fraction of 1 to 4 digits to the millisecond as postgres-date does', () => {
    for (let digits = 1; digits <= 4; digits++) {
      for (let n = 0; n < 10 ** digits; n++) {
        const value = `2026-11-27 23:19:52.${String(n).padStart(digits, '0')}+00`;
        expect((parse(value) as Date).toISOString(), value).toBe((library(value) as Date).toISOString());
      }
    }
  });

  it('answers the instant a Date holds after a setter changed it, not the text it was read from', () => {
    const read = parse('2026-11-27 23:19:52.123456+00') as Date;
    expect(read.toISOString()).toBe('2026-11-27T23:19:52.123Z');
    read.setUTCFullYear(2030);
    expect(read.toISOString()).toBe('2030-11-27T23:19:52.123Z');
    expect(read).toBeInstanceOf(Date);
  });

  it('hands every other shape to the library', () => {
    const others = [
      '2026-11-27 23:19:52.123456+05:30',
      '2026-11-27 23:19:52-08',
      '0099-01-01 00:00:00+00',
      '0999-12-31 23:59:59.9+00',
      '2026-11-27 23:19:52+00 BC',
      'infinity',
      '-infinity',
      '2026-11-27',
      '12026-11-27 23:19:52+00',
      '2026-11-27 23:19:52.1234567+00',
      '2026-11-27 23:19:52.+00',
      '2026-11-27T23:19:52+00',
      '2026-1x-27 23:19:52+00',
    ];
    for (const value of others) expect(time(parse(value)), value).toEqual(time(library(value)));
  });
});
