// The human-readable metadata a client supplies about itself (RFC 7591 2: client_name,
// client_uri, logo_uri, policy_uri, tos_uri), checked by ONE rule wherever it comes from: the
// registration endpoint and fetched Client ID Metadata Documents (see below).
// - Display text is shown to people on consent pages and in admin lists, so it may not carry
//   control characters, bidirectional overrides, isolates and marks, or zero-width and other
//   invisible format characters that make a name read as something else (Unicode TR 36 2.1,
//   CVE-2021-42574 "Trojan Source"), nor line/paragraph separators.
// - URLs are https only (RFC 7591 5: "the authorization server SHOULD check ... the URL scheme";
//   RFC 9700 4.x: never javascript: or data:, which a page would turn into script).
// RFC 7591 2.2: each of these may also appear with a language tag (`client_name#fr`); tagged
// variants obey the same rule as the plain member.

/** RFC 7591 2 members holding text shown to people. */
export const DISPLAY_TEXT_FIELDS = ['client_name'] as const;
/** RFC 7591 2 members holding URLs shown to people or loaded by their browser. */
export const DISPLAY_URL_FIELDS = ['client_uri', 'logo_uri', 'policy_uri', 'tos_uri'] as const;

export type DisplayTextField = (typeof DISPLAY_TEXT_FIELDS)[number];
export type DisplayUrlField = (typeof DISPLAY_URL_FIELDS)[number];
export type DisplayMetadata = Partial<Record<DisplayTextField | DisplayUrlField, string>>;

export const MAX_DISPLAY_TEXT_LENGTH = 200;
export const MAX_DISPLAY_URL_LENGTH = 2048;

/** A member breaks the rule; `field` names it (with its language tag, if any). */
export class DisplayMetadataError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = 'DisplayMetadataError';
    this.field = field;
  }
}

// Cc: C0/C1 controls. Cf: format characters, which include every bidi embedding, override and
// isolate (U+202A-202E, U+2066-2069), the marks U+200E/U+200F/U+061C, zero-width space, joiners
// and word joiner (U+200B-200D, U+2060), U+FEFF and the invisible tag characters. Cs: lone
// surrogates (invalid UTF-16 that JSON can still spell). Zl/Zp: U+2028/U+2029 line breaks.
const FORBIDDEN_IN_TEXT = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;
// In a URL nothing invisible is allowed either, and neither is white space: the WHATWG parser
// silently drops tabs and newlines, so what was checked would not be what is stored.
const FORBIDDEN_IN_URL = /[\p{Cc}\p{Cf}\p{Cs}\p{Z}]/u;

/** Display text: a non-empty string of at most 200 characters without invisible or control characters. Returns it trimmed. */
export function checkDisplayText(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_DISPLAY_TEXT_LENGTH) {
    throw new DisplayMetadataError(
      field,
      `${field} must be a non-empty string of at most ${MAX_DISPLAY_TEXT_LENGTH} characters`,
    );
  }
  const bad = FORBIDDEN_IN_TEXT.exec(value);
  if (bad)
    throw new DisplayMetadataError(
      field,
      `${field} contains a control, bidirectional or invisible character (${codePoint(bad[0])})`,
    );
  return value.trim();
}

/** A URL a client supplies about itself: absolute https, no credentials, nothing invisible. Returns it as given. */
export function checkDisplayUrl(value: unknown, field: string): string {
  const fail = (why: string): never => {
    throw new DisplayMetadataError(field, `${field} must be an absolute https URL${why}`);
  };
  if (typeof value !== 'string' || value.length > MAX_DISPLAY_URL_LENGTH)
    return fail(` of at most ${MAX_DISPLAY_URL_LENGTH} characters`);
  if (FORBIDDEN_IN_URL.test(value)) return fail(' without white space, control or invisible characters');
  const url = URL.parse(value);
  if (url === null || url.protocol !== 'https:') return fail('');
  if (url.username !== '' || url.password !== '') return fail(' without credentials');
  return value;
}

/**
 * Reads and checks every display member of a client's metadata, through `member` (which must
 * answer own members only). Language-tagged variants are checked and not returned.
 * @throws DisplayMetadataError for the first member that breaks the rule
 */
export function readDisplayMetadata(member: (name: string) => unknown, names: Iterable<string>): DisplayMetadata {
  const result: DisplayMetadata = {};
  for (const name of names) {
    const [base, tag] = splitLanguageTag(name);
    const value = member(name);
    if (value === undefined) continue;
    if (isTextField(base)) {
      const text = checkDisplayText(value, name);
      if (tag === undefined) result[base] = text;
    } else if (isUrlField(base)) {
      const url = checkDisplayUrl(value, name);
      if (tag === undefined) result[base] = url;
    }
  }
  return result;
}

function splitLanguageTag(name: string): [string, string | undefined] {
  const hash = name.indexOf('#');
  return hash === -1 ? [name, undefined] : [name.slice(0, hash), name.slice(hash + 1)];
}

function isTextField(name: string): name is DisplayTextField {
  return (DISPLAY_TEXT_FIELDS as readonly string[]).includes(name);
}

function isUrlField(name: string): name is DisplayUrlField {
  return (DISPLAY_URL_FIELDS as readonly string[]).includes(name);
}

function codePoint(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}
