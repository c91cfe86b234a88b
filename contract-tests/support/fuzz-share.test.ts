// docs/development.md "How CI runs": the fuzzers' two CI passes draw different cases, half each.
import { describe, expect, it } from 'vitest';
import { passRuns, passSeed } from './fuzz-share.ts';

describe('the fuzzers split their cases between CI passes (docs/development.md "How CI runs")', () => {
  it('draws from another seed on PostgreSQL than on the embedded database', () => {
    expect(passSeed(undefined, 42, {})).toBe(42);
    expect(passSeed(undefined, 42, { DATABASE_URL: 'postgres://x/y' })).toBe(43);
  });

  it('sends half the runs of a CI run on each pass, all of them outside CI', () => {
    expect(passRuns(undefined, 100, 25, { CI: 'true' })).toBe(50);
    expect(passRuns(undefined, 201, 25, { CI: 'true' })).toBe(101);
    expect(passRuns(undefined, 100, 25, {})).toBe(25);
  });

  it('uses a seed and a count given in the environment as given, so a finding replays', () => {
    expect(passSeed('7', 42, { DATABASE_URL: 'postgres://x/y' })).toBe(7);
    expect(passRuns('10000', 100, 25, { CI: 'true' })).toBe(10000);
  });
});
