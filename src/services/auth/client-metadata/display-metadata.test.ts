// Display metadata: one rule for every name and URL a client supplies about itself,
// used by registration and by fetched metadata documents alike.
import { describe, expect, it } from 'vitest';
import {
  DISPLAY_TEXT_FIELDS,
  DISPLAY_URL_FIELDS,
  DisplayMetadataError,
  readDisplayMetadata,
} from './display-metadata.ts';
import { validateClientMetadataDocument } from './document.ts';

/** Every character class the rule refuses in display text, with one example each. */
export const HOSTILE_TEXT: ReadonlyArray<[string, string]> = [
  ['a newline (C0 control)', 'Safe\nApp'],
  ['NUL', 'Safe\u0000App'],
  ['DEL', 'Safe\u007fApp'],
  ['a C1 control (U+0085)', 'Safe\u0085App'],
  ['LRE (U+202A)', 'App\u202Aname'],
  ['RLE (U+202B)', 'App\u202Bname'],
  ['PDF (U+202C)', 'App\u202Cname'],
  ['LRO (U+202D)', 'App\u202Dname'],
  ['RLO (U+202E)', 'App\u202Egnp.exe'],
  ['LRI (U+2066)', 'App\u2066name'],
  ['RLI (U+2067)', 'App\u2067name'],
  ['FSI (U+2068)', 'App\u2068name'],
  ['PDI (U+2069)', 'App\u2069name'],
  ['LRM (U+200E)', 'App\u200Ename'],
  ['RLM (U+200F)', 'App\u200Fname'],
  ['ALM (U+061C)', 'App\u061Cname'],
  ['zero-width space (U+200B)', 'Pay\u200BPal'],
  ['zero-width non-joiner (U+200C)', 'Pay\u200CPal'],
  ['zero-width joiner (U+200D)', 'Pay\u200DPal'],
  ['word joiner (U+2060)', 'Pay\u2060Pal'],
  ['byte order mark (U+FEFF)', '\uFEFFPayPal'],
  ['a line separator (U+2028)', 'Safe\u2028App'],
  ['a lone surrogate', 'Safe\uD800App'],
];

/** Every URL the rule refuses. */
export const HOSTILE_URLS: ReadonlyArray<[string, string]> = [
  ['javascript:', 'javascript:alert(1)'],
  ['JavaScript: in mixed case', 'JaVaScRiPt:alert(document.cookie)'],
  ['javascript: after white space', ' javascript:alert(1)'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['http', 'http://app.example.com/'],
  ['a relative URL', '/logo.png'],
  ['credentials', 'https://user:pass@app.example.com/'],
  ['a tab the URL parser would drop', 'https://app.exa\tmple.com/'],
  ['a bidi override', 'https://app.example.com/\u202Egnp'],
  ['a non-string', 42 as unknown as string],
  ['an overlong URL', `https://app.example.com/${'x'.repeat(2048)}`],
];

const read = (document: Record<string, unknown>) =>
  readDisplayMetadata((name) => (Object.hasOwn(document, name) ? document[name] : undefined), Object.keys(document));

describe('display metadata (no control, bidi or zero-width characters; client URLs https only)', () => {
  for (const field of DISPLAY_TEXT_FIELDS) {
    it.each(HOSTILE_TEXT)(`${field}: refuses %s`, (_name, value) => {
      expect(() => read({ [field]: value })).toThrow(DisplayMetadataError);
      expect(() => read({ [`${field}#fr`]: value })).toThrow(DisplayMetadataError);
    });
    it(`${field}: keeps ordinary text of any script, trimmed`, () => {
      expect(read({ [field]: '  Café Ünïcode 日本語 — עברית  ' })[field]).toBe('Café Ünïcode 日本語 — עברית');
    });
  }

  for (const field of DISPLAY_URL_FIELDS) {
    it.each(HOSTILE_URLS)(`${field}: refuses %s`, (_name, value) => {
      expect(() => read({ [field]: value })).toThrow(DisplayMetadataError);
      expect(() => read({ [`${field}#de`]: value })).toThrow(DisplayMetadataError);
    });
    it(`${field}: keeps an https URL`, () => {
      expect(read({ [field]: 'https://app.example.com/x?y=1' })[field]).toBe('https://app.example.com/x?y=1');
    });
  }

  it('metadata documents use the same rule for every field', () => {
    const url = new URL('https://app.example.com/client.json');
    const base = { client_id: url.href, redirect_uris: ['https://app.example.com/cb'] };
    for (const field of DISPLAY_TEXT_FIELDS) {
      for (const [, value] of HOSTILE_TEXT)
        expect(
          validateClientMetadataDocument(url, JSON.stringify({ ...base, [field]: value })).ok,
          `${field} ${JSON.stringify(value)}`,
        ).toBe(false);
    }
    for (const field of DISPLAY_URL_FIELDS) {
      for (const [, value] of HOSTILE_URLS)
        expect(
          validateClientMetadataDocument(url, JSON.stringify({ ...base, [field]: value })).ok,
          `${field} ${JSON.stringify(value)}`,
        ).toBe(false);
    }
  });
});
