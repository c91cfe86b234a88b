import { describe, expect, it } from 'vitest';
import { maskUrl } from './logging.ts';

describe('log masking (issue 9: no token or secret in logs)', () => {
  it('masks credentials in query strings', () => {
    expect(maskUrl('/cb?code=abc123&state=xyz&x=1')).toBe('/cb?code=[masked]&state=[masked]&x=1');
    expect(maskUrl('/api?access_token=t0k&refresh_token=r&client_secret=s')).toBe('/api?access_token=[masked]&refresh_token=[masked]&client_secret=[masked]');
  });

  it('leaves other parameters alone', () => {
    expect(maskUrl('/oauth/authorize?client_id=abc&scope=openid')).toBe('/oauth/authorize?client_id=abc&scope=openid');
  });
});
