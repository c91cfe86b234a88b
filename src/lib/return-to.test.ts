import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hostileReturnTo,
  KNOWN_BAD_RETURN_TOS,
  offOriginReason,
  plainReturnTo,
} from '../../contract-tests/support/hostile-return-to.ts';
import { safeReturnTo } from './return-to.ts';

const origin = 'http://localhost:3000';
const FALLBACK = '/account';
/** The pages a Location is resolved against: the sign-in form, sign-out and a deep area page. */
const BASES = [`${origin}/oauth/sign-in`, `${origin}/oauth/sign-out`, `${origin}/admin/courses/1/edit`];

/** The property every answer must have, whatever it was asked. */
function expectStaysHome(location: string): void {
  expect(offOriginReason(location, origin, BASES)).toBeUndefined();
}

describe('return_to stays on this origin (RFC 9700 4.11.2, no open redirector)', () => {
  it('keeps a path on this origin, query included (the authorization request)', () => {
    const authorize =
      '/oauth/authorize?client_id=x&redirect_uri=http%3A%2F%2F127.0.0.1%3A8765%2Fcallback&scope=openid+account%3Aread';
    expect(safeReturnTo(origin, authorize)).toBe(authorize);
    expect(safeReturnTo(origin, '/admin/courses?status=draft', FALLBACK)).toBe('/admin/courses?status=draft');
  });

  it.each(KNOWN_BAD_RETURN_TOS)('refuses %j with the fallback', (value) => {
    expect(safeReturnTo(origin, value, FALLBACK)).toBe(FALLBACK);
  });

  it.each([undefined, null, '', 42, ['/account'], '/'.padEnd(4097, 'a')])(
    'refuses a value that is no path (%j)',
    (value) => {
      expect(safeReturnTo(origin, value, FALLBACK)).toBe(FALLBACK);
    },
  );

  it('property: for any hostile string, the Location resolves to this origin with a path of one leading "/"', () => {
    fc.assert(
      fc.property(hostileReturnTo, (value) => {
        const location = safeReturnTo(origin, value, FALLBACK);
        expectStaysHome(location);
        // What it lets through it lets through unchanged when asked again (no second decoding step).
        expect(safeReturnTo(origin, location, FALLBACK)).toBe(location);
      }),
      { numRuns: 5000, seed: 13_6 },
    );
  });

  it('property: plain paths of this service come back unchanged', () => {
    fc.assert(
      fc.property(plainReturnTo, (value) => {
        expect(safeReturnTo(origin, value, FALLBACK)).toBe(value);
      }),
      { numRuns: 1000, seed: 13_6 },
    );
  });
});
