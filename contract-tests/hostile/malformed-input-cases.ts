// The hostile inputs of malformed-input.test.ts (no 500 from input): path segments that do not
// percent-decode to UTF-8, and cursors no list issued or that no sort can hold.

/** Invalid `%` escapes and invalid UTF-8 (truncated, overlong, surrogate, past U+10FFFF, stray bytes). */
export const MALFORMED_SEGMENTS = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%ff',
  '%C0%AF',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%80',
  'a%2',
  '%%41',
  '%E2%82',
  '%u0041',
];

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const UUID = '0193a0b4-2c8e-7c3a-9d1e-123456789abc';
/** A cursor of our lists' shape with `v` (and the `t` of the member lists) written as raw JSON. */
const keyed = (value: string, id = `"${UUID}"`) => b64(`{"v":${value},"id":${id}}`);

/** Cursors that are no cursor of any list, whatever its sort: [name, cursor]. */
export const FORGED_CURSORS: Array<[string, string]> = [
  ['not base64', '!!!!'],
  ['percent signs', '%%%'],
  ['spaces', 'a b c'],
  ['base64 of bytes', 'AAAA'],
  ['base64 of text', b64('hello')],
  ['base64 of null', b64('null')],
  ['base64 of an array', b64('[1,2]')],
  ['base64 of a number', b64('12')],
  ['base64 of a string', b64('"x"')],
  ['empty object', b64('{}')],
  ['truncated JSON', b64(`{"v":1,"id":"${UUID}"`)],
  ['cut short', keyed('1').slice(0, 11)],
  ['id not a uuid', keyed('1', '"not-a-uuid"')],
  ['id a number', keyed('1', '42')],
  ['id missing', b64('{"v":1}')],
  ['value missing', b64(`{"id":"${UUID}"}`)],
  ['value true', keyed('true')],
  ['value null', keyed('null')],
  ['value an object', keyed('{"$gt":""}')],
  ['value an array', keyed('[1]')],
  ['value 1e400 (Infinity)', keyed('1e400')],
  ['value -1e400', keyed('-1e400')],
  ['extra member', b64(`{"v":1,"id":"${UUID}","x":1}`)],
  ['prototype pollution', b64(`{"__proto__":{"v":1},"id":"${UUID}"}`)],
  ['uuid with SQL', keyed('1', `"${UUID}'; select 1 --"`)],
  ['very long', 'A'.repeat(5000)],
];

export type CursorKind = 'time' | 'number' | 'text';

/** What kind of key a list's real `next_cursor` carries: a time, a number or text. */
export function kindOfCursor(cursor: string): CursorKind | undefined {
  try {
    const key = JSON.parse(Buffer.from(cursor.split('.')[0]!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const value = 'v' in key ? key.v : 't' in key ? key.t : 'p' in key ? key.p : undefined;
    if (typeof value === 'number') return 'number';
    if (typeof value === 'string') return /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value) ? 'time' : 'text';
  } catch {
    // a cursor in a shape this suite does not know: no kind-specific cases
  }
  return undefined;
}

/** Raw JSON values that a key of this kind cannot hold: [name, value as JSON text]. */
export const KIND_FORGERIES: Record<CursorKind, Array<[string, string]>> = {
  time: [
    ['February 30', '"2026-02-30T00:00:00Z"'],
    ['year zero', '"0000-01-01T00:00:00Z"'],
    ['hour 24', '"2026-01-01T24:00:00Z"'],
    ['month 13', '"2026-13-01T00:00:00Z"'],
    ['offset +99:00', '"2026-01-01T00:00:00+99:00"'],
    ['year 275760', '"+275760-09-13T00:00:00Z"'],
    ['a word', '"yesterday"'],
    ['NaN text', '"NaN"'],
    ['a number', '1700000000000'],
    ['U+0000', '"2026-01-01T00:00:00Z\\u0000"'],
  ],
  number: [
    ['text', '"abc"'],
    ['NaN text', '"NaN"'],
    ['a date', '"2026-01-01T00:00:00Z"'],
    ['1e300', '1e300'],
    ['-1e300', '-1e300'],
    ['2^63', '9223372036854775808'],
  ],
  text: [
    ['a number', '42'],
    ['U+0000', '"a\\u0000b"'],
    ['a huge number', '1e300'],
  ],
};

/**
 * A real cursor (payload, a dot, its signature) with its sort value replaced by `raw` (JSON text),
 * the id, shape and the old signature kept: what a client editing a cursor sends.
 */
export function tamper(cursor: string, raw: string): string {
  const [payload, tag] = cursor.split('.');
  const key = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  const field = ['v', 't', 'p'].find((name) => name in key) ?? 'v';
  const members = Object.entries(key).map(
    ([name, value]) => `${JSON.stringify(name)}:${name === field ? raw : JSON.stringify(value)}`,
  );
  return `${b64(`{${members.join(',')}}`)}${tag === undefined ? '' : `.${tag}`}`;
}

/** A real cursor whose key is still valid for its list but moved (its id changed): a tampered cursor. */
export function moveCursor(cursor: string): string {
  const [payload, tag] = cursor.split('.');
  const key = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  return `${b64(JSON.stringify({ ...key, id: UUID }))}${tag === undefined ? '' : `.${tag}`}`;
}

/** Time forgeries in the shape of the member and catalog lists (`t` and `id`). */
export const TIME_KEY_FORGERIES: Array<[string, string]> = KIND_FORGERIES.time.map(([name, raw]) => [
  `t ${name}`,
  b64(`{"t":${raw},"id":"${UUID}"}`),
]);
