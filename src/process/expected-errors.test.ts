// An unreachable or refused database is one line without the URL's password;
// anything else is a defect and keeps its stack (expected-errors.ts).
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { describeDatabaseError } from './expected-errors.ts';

const config = loadConfig({ DATABASE_URL: 'postgres://app:s3cret@db.internal:6543/school', NODE_ENV: 'test' });

describe('expected database failures are one line, no stack', () => {
  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      /does not answer \(ECONNREFUSED\)/,
    ],
    [
      'a refusal on every address of a name',
      new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'all failed'),
      /ECONNREFUSED/,
    ],
    [
      'a wrong password',
      Object.assign(new Error('password authentication failed'), { code: '28P01' }),
      /password was refused/,
    ],
    [
      'a missing database',
      Object.assign(new Error('database "school" does not exist'), { code: '3D000' }),
      /database does not exist/,
    ],
    ['a connection timeout', new Error('Connection terminated due to connection timeout'), /timed out/],
  ])('%s is one line naming host, port and database, never the password', (_what, error, reason) => {
    const line = describeDatabaseError(error, config)!;
    expect(line).toMatch(/^Cannot use PostgreSQL at db\.internal:6543\/school: /);
    expect(line).toMatch(reason);
    expect(line).not.toContain('s3cret');
    expect(line).not.toContain('\n');
  });

  it('a defect (a syntax error, a bug) is not described: its stack is kept', () => {
    expect(describeDatabaseError(Object.assign(new Error('syntax error'), { code: '42601' }), config)).toBeUndefined();
    expect(describeDatabaseError(new TypeError('x is undefined'), config)).toBeUndefined();
  });
});
