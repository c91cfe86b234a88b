// Opaque pagination cursors: base64url JSON of the list, its sort and the last row's sort key,
// then a dot and an HMAC-SHA-256 tag (128 bits) of it. Opaque so that the sort key can change
// without breaking clients; signed so that a tampered or forged cursor is refused (a 400) before its
// values are read (RFC 9457 problem on the admin API, BAD_USER_INPUT on GraphQL, a tool error on
// MCP); bound to the list and sort order that issued it, so that a genuine cursor handed to another
// list or sort is refused too (OpenAPI `cursor` parameter: "the next_cursor of the previous page");
// and validated besides, so that even a cursor signed here can never make a query fail (a 500).
import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { z } from 'zod';

/** A cursor this API did not issue for this list and sort: the client's error, on every surface. */
export class InvalidCursor extends Error {}

/**
 * Signs and reads the cursors of one app. createServices makes it from the deployment's
 * KEY_ENCRYPTION_KEY, so every instance signs and checks alike, and hands it to the services that
 * page lists; made without a key (a unit test) it signs with one of its own. It signs page
 * positions, nothing secret: a cursor grants no access, the request's token does. The key is kept as
 * a KeyObject: given a Buffer, createHmac builds one on every call, about 10 µs each, and a member
 * page signs a cursor per row (bench/FINDINGS.md "Keys made once").
 */
export class CursorCodec {
  readonly #key: KeyObject;

  constructor(key: Buffer = randomBytes(32)) {
    this.#key = createSecretKey(Buffer.from(key));
  }

  encode(binding: CursorBinding, key: Keyset): string {
    return encodeWith(this.#key, binding, key);
  }

  /**
   * The key of a cursor issued for this list and sort, its value checked against the kind of key the
   * list compares it with.
   * @throws InvalidCursor for a cursor this API did not issue, or issued for another list or sort
   */
  decode(cursor: string, binding: CursorBinding, kind: KeyKind): Keyset {
    return decodeWith(this.#key, cursor, binding, kind);
  }
}

function tagOf(signingKey: KeyObject, payload: string): string {
  return createHmac('sha256', signingKey).update(payload, 'utf8').digest().subarray(0, 16).toString('base64url');
}

/**
 * How a list's sort key is typed: a time (ISO 8601 UTC text with microseconds, the precision of
 * timestamptz), a whole number (bigint money, integer positions), any number (rates, computed
 * sums) or text.
 */
export type KeyKind = 'time' | 'integer' | 'number' | 'text';

/** The last row's sort value and its id, the tie-breaker. */
export type Keyset = { v: string | number; id: string };

/** What a cursor is issued for: a list (e.g. `courses`, `course-lecturers`) and its sort (e.g. `-created_at`). */
export type CursorBinding = { list: string; sort: string };

function encodeWith(signingKey: KeyObject, binding: CursorBinding, key: Keyset): string {
  const payload = Buffer.from(
    JSON.stringify({ l: binding.list, s: binding.sort, v: key.v, id: key.id }),
    'utf8',
  ).toString('base64url');
  return `${payload}.${tagOf(signingKey, payload)}`;
}

// What is wrong, only: each surface adds what to do about it in its own words (http/problem-of.ts).
const NOT_ISSUED = 'cursor is not one this API issued (it was changed, forged or has expired with a key change)';
const ELSEWHERE = 'cursor belongs to another list or sort order';

// A cursor's values reach SQL casts (timestamptz, bigint, numeric, text), so each is held to what
// the database accepts: a value it would refuse is a forged cursor (a 400), never a failed query (a 500).

const INSTANT = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.\d{1,6})?(?:Z|([+-])(\d\d):(\d\d))$/;

/** ISO 8601 with an offset that names a real instant: no February 30, no hour 24, years 1 to 9999. */
export function isRealInstant(value: string): boolean {
  const m = INSTANT.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const calendar = new Date(Date.UTC(2000, month - 1, day));
  calendar.setUTCFullYear(year);
  const sameDay =
    calendar.getUTCFullYear() === year && calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day;
  const offsetOk = m[7] === undefined || (Number(m[8]) <= 14 && Number(m[9]) < 60);
  return year >= 1 && sameDay && hour < 24 && minute < 60 && second < 60 && offsetOk;
}

/** A time key: a real instant. */
const cursorInstant = z.string().max(40).refine(isRealInstant, 'not a real instant');
/** A text key: what a text column can hold (PostgreSQL text refuses U+0000). */
const cursorText = z
  .string()
  .max(2000)
  .refine((value) => !value.includes('\u0000'), 'holds U+0000');
/** A number key: finite, and exact as a JavaScript number (money, counts, rates). */
const cursorNumber = z.number().finite().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

const KEY_SCHEMAS: Record<KeyKind, z.ZodType<string | number>> = {
  time: cursorInstant,
  integer: cursorNumber.int(),
  number: cursorNumber,
  text: cursorText,
};

const payloadSchema = z
  .object({ l: z.string(), s: z.string(), v: z.union([cursorText, cursorNumber]), id: z.string().uuid() })
  .strict();

function decodeWith(signingKey: KeyObject, cursor: string, binding: CursorBinding, kind: KeyKind): Keyset {
  const [payload, tag, ...rest] = cursor.split('.');
  const expected = payload ? tagOf(signingKey, payload) : '';
  if (
    !payload ||
    tag === undefined ||
    rest.length > 0 ||
    tag.length !== expected.length ||
    !timingSafeEqual(Buffer.from(tag), Buffer.from(expected))
  ) {
    throw new InvalidCursor(NOT_ISSUED);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursor(NOT_ISSUED);
  }
  const parsed = payloadSchema.safeParse(raw);
  if (!parsed.success) throw new InvalidCursor(NOT_ISSUED);
  const { l, s, v, id } = parsed.data;
  if (l !== binding.list || s !== binding.sort || !KEY_SCHEMAS[kind].safeParse(v).success)
    throw new InvalidCursor(ELSEWHERE);
  return { v, id };
}
