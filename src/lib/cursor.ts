// Opaque pagination cursors: base64url JSON of the last row's sort key, then a dot and an
// HMAC-SHA-256 tag (128 bits) of it. Opaque so that the sort key can change without breaking
// clients; signed so that a tampered or forged cursor is refused (a 400) before its values are read
// (RFC 9457 problem on the admin API, BAD_USER_INPUT on GraphQL, a tool error on MCP), and
// validated besides, so that even a cursor signed here can never make a query fail (a 500).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export class InvalidCursor extends Error {}

// The one process-wide key, like the crypto module's own state: set once at start from the
// deployment's KEY_ENCRYPTION_KEY (services/index.ts), so every instance signs and checks alike; a
// process that never sets it (a unit test) signs with a key of its own. It signs page positions,
// nothing secret: a cursor grants no access, the request's token does.
let signingKey: Buffer = randomBytes(32);

export function setCursorSigningKey(key: Buffer): void {
  signingKey = Buffer.from(key);
}

function tagOf(payload: string): string {
  return createHmac('sha256', signingKey).update(payload, 'utf8').digest().subarray(0, 16).toString('base64url');
}

export function encodeCursor(key: Record<string, string | number>): string {
  const payload = Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
  return `${payload}.${tagOf(payload)}`;
}

const NOT_ISSUED = 'cursor is not one this API issued (it was changed, forged or has expired with a key change)';

export function decodeCursor<T>(cursor: string, schema: z.ZodType<T>): T {
  const [payload, tag, ...rest] = cursor.split('.');
  const expected = payload ? tagOf(payload) : '';
  if (!payload || tag === undefined || rest.length > 0 || tag.length !== expected.length || !timingSafeEqual(Buffer.from(tag), Buffer.from(expected))) {
    throw new InvalidCursor(NOT_ISSUED);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursor(NOT_ISSUED);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new InvalidCursor(NOT_ISSUED);
  return parsed.data;
}

// No 500 from input: a cursor's values reach SQL casts (timestamptz, bigint, numeric, text), so each
// is held to what the database accepts: a value it would refuse is a forged cursor (a 400), never a
// failed query (a 500). These are the rules every cursor schema is built from.

const INSTANT = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.\d{1,6})?(?:Z|([+-])(\d\d):(\d\d))$/;

/** ISO 8601 with an offset that names a real instant: no February 30, no hour 24, years 1 to 9999. */
export function isRealInstant(value: string): boolean {
  const m = INSTANT.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const calendar = new Date(Date.UTC(2000, month - 1, day));
  calendar.setUTCFullYear(year);
  const sameDay = calendar.getUTCFullYear() === year && calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day;
  const offsetOk = m[7] === undefined || (Number(m[8]) <= 14 && Number(m[9]) < 60);
  return year >= 1 && sameDay && hour < 24 && minute < 60 && second < 60 && offsetOk;
}

/** A time key: a real instant. */
export const cursorInstant = z.string().max(40).refine(isRealInstant, 'not a real instant');
/** A text key: what a text column can hold (PostgreSQL text refuses U+0000). */
export const cursorText = z.string().max(2000).refine((value) => !value.includes('\u0000'), 'holds U+0000');
/** A number key: finite, and exact as a JavaScript number (money, counts, rates, microseconds). */
export const cursorNumber = z.number().finite().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
/** A whole-number key (bigint and integer columns). */
export const cursorInteger = cursorNumber.int();

/** Cursor key of lists ordered by a time column then id (both descending). */
export const timeIdCursor = z.object({ t: cursorInstant, id: z.string().uuid() }).strict();
export type TimeIdCursor = z.infer<typeof timeIdCursor>;
