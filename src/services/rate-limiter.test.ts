// /auth.md "Rate limits": the token buckets that bound guessing. Run on PGlite, and on PostgreSQL with
// DATABASE_URL (where concurrent takes really race on separate connections).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/testing.ts';
import { createRateLimiter } from './rate-limiter.ts';

describe('token-bucket rate limits (/auth.md "Rate limits")', () => {
  let test: TestDatabase;
  let clock = new Date('2026-11-25T10:00:00Z');
  const policy = { limit: 10, windowSeconds: 600 }; // a token a minute, ten stored
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());
  const limiter = () => createRateLimiter(test.db, {}, () => clock);
  const advance = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

  async function takeAll(bucket: string, tries: number): Promise<number> {
    let allowed = 0;
    for (let i = 0; i < tries; i++) if ((await limiter().take(bucket, policy)).allowed) allowed++;
    return allowed;
  }

  it('a full bucket lets `limit` through, then refuses with the wait for the next token', async () => {
    const first = await limiter().take('b:full', policy);
    expect(first).toMatchObject({ allowed: true, limit: 10, remaining: 9 });
    expect(await takeAll('b:full', 20)).toBe(9);
    const refused = await limiter().take('b:full', policy);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.resetSeconds).toBe(60);
  });

  it('a burst across any moment is not doubled (what a fixed window allows at its boundary)', async () => {
    // A fixed window of 600 s would allow 10 at 09:59:59 and 10 more at 10:00:00; the bucket
    // refills one token a minute whatever the clock says.
    clock = new Date('2026-11-25T10:09:59Z');
    expect(await takeAll('b:edge', 15)).toBe(10);
    advance(2);
    expect(await takeAll('b:edge', 15)).toBe(0);
    advance(60 * 5);
    expect(await takeAll('b:edge', 15)).toBe(5);
    advance(3600);
    expect(await takeAll('b:edge', 15)).toBe(10);
  });

  it('peek takes nothing; giveBack returns a token; refill empties the count', async () => {
    expect(await limiter().peek('b:peek', policy)).toMatchObject({ allowed: true, remaining: 10 });
    await takeAll('b:peek', 10);
    expect(await limiter().peek('b:peek', policy)).toMatchObject({ allowed: false, remaining: 0 });
    await limiter().giveBack('b:peek', policy);
    expect(await limiter().peek('b:peek', policy)).toMatchObject({ allowed: true, remaining: 1 });
    await limiter().refill('b:peek');
    expect(await limiter().peek('b:peek', policy)).toMatchObject({ allowed: true, remaining: 10 });
  });

  it('concurrent takes on one bucket never hand out more tokens than it holds', async () => {
    const decisions = await Promise.all(Array.from({ length: 40 }, () => limiter().take('b:race', policy)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
  });

  it('a limit whose interval is a fractional number of milliseconds still hands out every token', async () => {
    const odd = { limit: 7, windowSeconds: 900 };
    let allowed = 0;
    for (let i = 0; i < 7; i++) if ((await limiter().take('b:odd', odd)).allowed) allowed++;
    expect(allowed).toBe(7);
    expect((await limiter().take('b:odd', odd)).allowed).toBe(false);
  });

  it('remembered keys are recalled until they lapse', async () => {
    await limiter().remember('known:x', 60);
    expect(await limiter().recalls('known:x')).toBe(true);
    expect(await limiter().recalls('known:y')).toBe(false);
    advance(61);
    expect(await limiter().recalls('known:x')).toBe(false);
  });
});

describe('fixed-window rate limits (/auth.md "Rate limits": tool calls per token, token requests per client)', () => {
  let test: TestDatabase;
  const clock = new Date('2026-11-25T10:00:30Z');
  const policy = { limit: 3, windowSeconds: 60 };
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  it('concurrent hits on several counters, written together, are each counted exactly and per counter', async () => {
    const limiter = createRateLimiter(test.db, {}, () => clock);
    const [a, b] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => limiter.consume('fixed:a', policy))),
      Promise.all(Array.from({ length: 2 }, () => limiter.consume('fixed:b', policy))),
    ]);
    // Each hit learns the window's count as of itself: no two share a place, none is lost.
    expect(a.map((d) => d.remaining).sort()).toEqual([0, 0, 0, 1, 2]);
    expect(a.filter((d) => d.allowed)).toHaveLength(3);
    expect(b.map((d) => [d.allowed, d.remaining]).sort()).toEqual([
      [true, 1],
      [true, 2],
    ]);
    expect((await limiter.consume('fixed:b', policy)).remaining).toBe(0);
    expect((await limiter.consume('fixed:b', policy)).allowed).toBe(false);
    expect(await limiter.consume('fixed:c', policy)).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 30 });
  });
});
