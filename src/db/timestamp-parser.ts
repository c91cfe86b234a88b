// timestamptz values as `pg` receives them, parsed without a regular expression in their common
// form. pg-types parses every timestamp with postgres-date's three regular expressions; with a
// list of 20 courses that is 80 timestamps per request, about 4% of the admin list's CPU
// (bench/ANALYSIS.md). PostgreSQL sends a timestamptz in the session's DateStyle (ISO) and time
// zone: `2026-11-27 23:19:52.123456+00` whenever the session is in UTC. That exact shape, with
// a four-digit year from 1000, is read here by position; anything else (another zone, a BC or
// early year, infinity) goes to the library's own parser. Both give the same Date, fraction
// included (timestamp-parser.test.ts compares them).
type Parse = (value: string) => unknown;

const digit = (value: string, at: number) => value.charCodeAt(at) - 48;
const two = (value: string, at: number) => digit(value, at) * 10 + digit(value, at + 1);

function isDigits(value: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** `fallback` is the parser pg-types would have used: it answers every value this one does not read. */
export function createTimestamptzParser(fallback: Parse): Parse {
  return (value) => {
    const length = value.length;
    // 'YYYY-MM-DD HH:MM:SS' (19) + optional '.' and 1–6 digits + '+00'.
    const fractionEnd = length - 3;
    const shaped =
      length >= 22 &&
      length <= 29 &&
      value.endsWith('+00') &&
      value[4] === '-' &&
      value[7] === '-' &&
      value[10] === ' ' &&
      value[13] === ':' &&
      value[16] === ':' &&
      value[0] !== '0' &&
      isDigits(value, 0, 4) &&
      isDigits(value, 5, 7) &&
      isDigits(value, 8, 10) &&
      isDigits(value, 11, 13) &&
      isDigits(value, 14, 16) &&
      isDigits(value, 17, 19) &&
      (fractionEnd === 19 || (value[19] === '.' && fractionEnd > 20 && isDigits(value, 20, fractionEnd)));
    if (!shaped) return fallback(value);
    const year = digit(value, 0) * 1000 + digit(value, 1) * 100 + two(value, 2);
    // As postgres-date computes it (1000 × the fraction, truncated by Date), so both agree to the millisecond.
    const ms = fractionEnd === 19 ? 0 : 1000 * parseFloat(value.slice(19, fractionEnd));
    return new Date(
      Date.UTC(year, two(value, 5) - 1, two(value, 8), two(value, 11), two(value, 14), two(value, 17), ms),
    );
  };
}
