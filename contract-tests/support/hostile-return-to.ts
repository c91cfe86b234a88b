// Hostile `return_to` values (RFC 9700 4.11.2), shared by the unit property test of the one
// function that decides (src/lib/return-to.test.ts) and the contract test that drives the real
// sign-in and sign-out endpoints (contract-tests/hostile/return-to.test.ts). A grammar of the
// pieces that make browsers leave an origin (dot segments, backslashes raw and encoded, encoded
// and double-encoded slashes, scheme-relative starts, stripped whitespace and controls, schemes,
// userinfo, hosts), strung together with random text and unicode.
import fc from 'fast-check';

/** A browser would follow these off-origin, or they are no plain path at all. */
export const KNOWN_BAD_RETURN_TOS = [
  'https://evil.example/',
  '//evil.example/',
  '///evil.example/',
  '/\\evil.example/',
  '\\\\evil.example/',
  '\\/evil.example/',
  '/%2F%2Fevil.example',
  '/%2f%2fevil.example',
  '/%252F%252Fevil.example',
  '/%5Cevil.example',
  '/%5cevil.example',
  '/%255Cevil.example',
  '/./evil.example',
  '/.//evil.example',
  '/a/..//evil.example',
  '/a/%2e%2e//evil.example',
  '/%2E%2E//evil.example',
  '/a/../../evil.example',
  '/\t/evil.example',
  '/\r\n/evil.example',
  '/\n/evil.example',
  ' //evil.example',
  '\t//evil.example',
  '/\u0000/evil.example',
  '/\u00a0/evil.example',
  '/\u3000/evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http:evil.example',
  'http:/evil.example',
  'https:\\\\evil.example',
  '//user:pass@evil.example/',
  'http://localhost@evil.example/',
  'evil.example',
  '.evil.example',
  '?next=//evil.example',
  '#//evil.example',
];

const PIECES = [
  '/',
  '//',
  '///',
  '\\',
  '\\\\',
  '/\\',
  '\\/',
  '.',
  '..',
  './',
  '../',
  '/./',
  '/../',
  '%2F',
  '%2f',
  '%252F',
  '%25252f',
  '%5C',
  '%5c',
  '%255C',
  '%2e',
  '%2E',
  '%2e%2e',
  '%252e',
  '%00',
  '%09',
  '%0a',
  '%0d',
  '%20',
  '%',
  '\t',
  '\n',
  '\r',
  ' ',
  '\u0000',
  '\u000b',
  '\u000c',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\u3000',
  '\ufeff',
  '\u200b',
  '\u202e',
  'javascript:',
  'JAVASCRIPT:',
  'java\tscript:',
  'data:',
  'vbscript:',
  'http:',
  'https:',
  'file:',
  'HTTP://',
  'https://',
  'mailto:',
  'evil.example',
  'evil.example:443',
  '127.0.0.1',
  '[::1]',
  'localhost',
  '@',
  'user:pass@',
  ':',
  ';',
  '?',
  '#',
  '&',
  '=',
  'alert(1)',
  '<script>',
  '"',
  "'",
  '`',
  '\uff0f',
  '\uff3c',
  '\u2215',
  '\u2044',
  'ａ',
  '\u{1f600}',
];

/** One of the dangerous pieces, a word, or random text (random unicode included). */
const piece = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...PIECES) },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z0-9-]{1,8}$/) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 4 }) },
);

/** Hostile `return_to` strings: the known-bad ones, grammar strings, and known-bad ones with a tail. */
export const hostileReturnTo: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...KNOWN_BAD_RETURN_TOS) },
  { weight: 6, arbitrary: fc.array(piece, { minLength: 1, maxLength: 10 }).map((parts) => parts.join('')) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...KNOWN_BAD_RETURN_TOS), fc.array(piece, { maxLength: 4 }))
      .map(([bad, tail]) => bad + tail.join('')),
  },
);

/** Plain paths of this service, which must come back unchanged. */
export const plainReturnTo: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(
      fc.stringMatching(/^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,11}$/).filter((s) => s !== '.' && s !== '..'),
      { minLength: 1, maxLength: 5 },
    ),
    fc.option(fc.stringMatching(/^[a-z]{1,6}=[A-Za-z0-9%._~-]{0,12}$/), { nil: undefined }),
  )
  .map(([segments, query]) => `/${segments.join('/')}${query ? `?${query}` : ''}`);

/**
 * Where a browser that received `location` from a page at `base` goes, read as loosely as real ones
 * do: tab/CR/LF stripped, `\` as `/`, and once more after one round of percent-decoding (what a
 * proxy or framework in front of the next hop may do).
 */
export function browserDestinations(location: string, base: string): URL[] {
  const loose = (value: string) => new URL(value.replace(/[\t\n\r]/g, '').replace(/\\/g, '/'), base);
  let decodedOnce = location;
  try {
    decodedOnce = decodeURIComponent(location);
  } catch {
    // not decodable: a browser keeps the encoded form
  }
  return [new URL(location, base), loose(location), loose(decodedOnce)];
}

/** Why a Location sent by a page of `origin` would take a browser elsewhere, or undefined when it stays home. */
export function offOriginReason(
  location: string | null,
  origin: string,
  bases: readonly string[] = [`${origin}/oauth/sign-in`],
): string | undefined {
  if (location === null) return 'no Location';
  if (!/^\/(?![/\\])[!-~]*$/.test(location))
    return `${JSON.stringify(location)} is not a printable path with one leading "/"`;
  for (const base of bases) {
    for (const destination of browserDestinations(location, base)) {
      if (destination.origin !== origin) return `${JSON.stringify(location)} leads to ${destination.origin}`;
      if (destination.username || destination.password) return `${JSON.stringify(location)} carries userinfo`;
    }
  }
  return undefined;
}
