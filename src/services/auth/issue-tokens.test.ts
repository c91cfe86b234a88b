import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { successorKeyOf, successorsOf } from './issue-tokens.ts';

describe('refresh successors are derived from the token under a server key (RFC 9700 4.14.2)', () => {
  const key = successorKeyOf(randomBytes(32));

  it('the key made once derives what the raw key bytes derive, so successors survive a restart or upgrade', () => {
    const secret = randomBytes(32);
    const bytes = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'course-school refresh successor v1', 32));
    const raw = createHmac('sha256', bytes).update('refreshToken\nscr_token', 'utf8').digest('base64url');
    expect(successorsOf('scr_token', successorKeyOf(secret)).refresh.value).toBe(`scr_${raw}`);
  });

  it('every use of one token yields the same pair, so retries and concurrent uses share one branch', () => {
    expect(successorsOf('scr_token', key)).toEqual(successorsOf('scr_token', key));
    const pair = successorsOf('scr_token', key);
    expect(pair.access.value).toMatch(/^sca_[A-Za-z0-9_-]{43}$/);
    expect(pair.refresh.value).toMatch(/^scr_[A-Za-z0-9_-]{43}$/);
    expect(pair.access.value).not.toBe(pair.refresh.value.replace('scr_', 'sca_'));
  });

  it('differs per token and per key: without the key nobody computes a successor', () => {
    expect(successorsOf('scr_a', key).refresh.value).not.toBe(successorsOf('scr_b', key).refresh.value);
    expect(successorsOf('scr_a', key).refresh.value).not.toBe(
      successorsOf('scr_a', successorKeyOf(randomBytes(32))).refresh.value,
    );
  });
});
