import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.ts';

describe('database outage detection (503 with Retry-After, never a 500)', () => {
  it.each([
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    new Error('Connection terminated unexpectedly'),
    new Error('timeout exceeded when trying to connect'),
    new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]),
  ])('recognises %s', (error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([new Error('duplicate key value'), Object.assign(new Error('x'), { code: '23505' }), null, 'text'])(
    'does not mistake %s',
    (error) => {
      expect(isDatabaseUnavailable(error)).toBe(false);
    },
  );
});
