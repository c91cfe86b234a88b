// timestamptz values as `pg` receives them, parsed without a regular expression in their common
// form. pg-types parses every timestamp with postgres-date's three regular expressions; with a
// list of 20 courses that is 80 timestamps per request, about 4% of the admin list's CPU
// (bench/FINDINGS.md "Times as text"). PostgreSQL sends a timestamptz in the session's DateStyle (ISO) and time
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

/**
 * A timestamptz read by position keeps the text it was read from and answers toISOString from it:
 * every surface sends times as ISO 8601 text (lib/time.ts), and V8's own Date#toISOString costs
 * about 390 ns a value, four times the parse (up to 80 of them in a page of 20 courses:
 * bench/FINDINGS.md "Times as text"). The ISO text is cut from the read text only when
 * asked for, so a timestamp that is read and never sent costs nothing more; and only while the Date
 * still holds the instant it was read as, so a setter called on it later cannot make them disagree.
 */
export class ReadTimestamp extends Date {
  readonly #text: string;
  readonly #at: number;

  /** `text`: PostgreSQL's `YYYY-MM-DD HH:MM:SS[.ffffff]+00`, whose instant is `at`. */
  constructor(at: number, text: string) {
    super(at);
    this.#at = at;
    this.#text = text;
  }

  override toISOString(): string {
    if (this.getTime() !== this.#at) return super.toISOString();
    const text = this.#text;
    const fractionEnd = text.length - 3;
    let millis = '';
    for (let at = 20; at < 23; at++) millis += at < fractionEnd ? text[at] : '0';
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${millis}Z`;
  }
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
    // Milliseconds: the first three fraction digits, the rest truncated. postgres-date's
    // 1000 × parseFloat(fraction), truncated by Date, gives the same for every fraction of 1 to 6
    // digits (checked over all of them, bench/FINDINGS.md "Times as text"; the test covers every
    // fraction of 1 to 4 digits and random ones up to 6).
    let ms = 0;
    for (let at = 20; at < 23; at++) ms = ms * 10 + (at < fractionEnd ? digit(value, at) : 0);
    const at = Date.UTC(year, two(value, 5) - 1, two(value, 8), two(value, 11), two(value, 14), two(value, 17), ms);
    return new ReadTimestamp(at, value);
  };
}
