import { describe, expect, it } from 'vitest';
import { cacheExpiry } from './cache-policy.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const after = (seconds: number): Date => new Date(now.getTime() + seconds * 1000);
const HOUR = 3600;

describe('cacheExpiry (CIMD draft, Metadata Caching; RFC 9111)', () => {
  it.each<[string, Record<string, string>, Date | null]>([
    ['defaults to 5 minutes without cache headers', {}, after(300)],
    ['uses max-age', { 'cache-control': 'max-age=600' }, after(600)],
    ['reads directives case-insensitively', { 'cache-control': 'Public, MAX-AGE=120' }, after(120)],
    ['treats private as cacheable (we are the only consumer)', { 'cache-control': 'private, max-age=60' }, after(60)],
    ['falls back to s-maxage', { 'cache-control': 's-maxage=90' }, after(90)],
    ['prefers max-age over s-maxage', { 'cache-control': 's-maxage=90, max-age=30' }, after(30)],
    ['accepts a quoted max-age', { 'cache-control': 'max-age="45"' }, after(45)],
    ['clamps to 24 hours', { 'cache-control': 'max-age=31536000' }, after(24 * HOUR)],
    ['does not cache no-store', { 'cache-control': 'no-store' }, null],
    ['does not cache no-cache', { 'cache-control': 'max-age=600, no-cache' }, null],
    ['does not cache max-age=0', { 'cache-control': 'max-age=0' }, null],
    ['does not cache an invalid max-age', { 'cache-control': 'max-age=-5' }, null],
    ['does not cache a non-numeric max-age', { 'cache-control': 'max-age=soon' }, null],
    ['subtracts Age', { 'cache-control': 'max-age=600', age: '100' }, after(500)],
    ['does not cache when Age exceeds max-age', { 'cache-control': 'max-age=60', age: '120' }, null],
    [
      'uses Expires relative to the Date header',
      { date: 'Sun, 22 Nov 2026 11:00:00 GMT', expires: 'Sun, 22 Nov 2026 11:10:00 GMT' },
      after(600),
    ],
    ['uses Expires relative to now without a Date header', { expires: 'Sun, 22 Nov 2026 12:02:00 GMT' }, after(120)],
    ['does not cache an Expires in the past', { expires: 'Sun, 22 Nov 2026 11:00:00 GMT' }, null],
    ['does not cache an invalid Expires such as "0"', { expires: '0' }, null],
    ['clamps a far Expires to 24 hours', { expires: 'Fri, 01 Jan 2100 00:00:00 GMT' }, after(24 * HOUR)],
    [
      'lets max-age win over Expires',
      { 'cache-control': 'max-age=60', expires: 'Sun, 22 Nov 2026 13:00:00 GMT' },
      after(60),
    ],
    ['matches header names case-insensitively', { 'Cache-Control': 'no-store' }, null],
  ])('%s', (_title, headers, expected) => {
    expect(cacheExpiry(headers, now)).toEqual(expected);
  });
});
