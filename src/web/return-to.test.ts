import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to.ts';

describe('return_to after sign-in (no open redirect, RFC 9700 4.11)', () => {
  const origin = 'http://localhost:3000';
  it('keeps a path on this origin', () => {
    expect(safeReturnTo(origin, '/oauth/authorize?client_id=x')).toBe('/oauth/authorize?client_id=x');
  });
  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', undefined])('refuses %s', (value) => {
    expect(safeReturnTo(origin, value)).toBe('/oauth/sign-in');
  });
});
