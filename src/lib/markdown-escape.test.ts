import fc from 'fast-check';
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { markdownShape } from '../../contract-tests/support/markdown-structure.ts';
import { markdownInline } from './markdown-escape.ts';

// Every place the documents put school-written text: H1, blockquote, link text and the note after
// it in a list, a table cell, a paragraph.
const CONTEXTS = [
  (t: string) => `# ${t} — Pricing\n\nbody\n`,
  (t: string) => `# School\n\n> ${t} Prices in EUR.\n\nNext paragraph.\n`,
  (t: string) => `## Catalog\n\n- [${t}](https://school.test/c/a): ${t}\n- [All](https://school.test/c)\n`,
  (t: string) => `| Course | Price |\n|---|---|\n| ${t} | 10 EUR |\n| Other | free |\n`,
  (t: string) => `Text ${t} more.\n`,
];

const HOSTILE = [
  '# Heading',
  'Line one\n## Injected heading\n- item',
  '\r\n\r\n| a | b |\n|---|---|\n| x | y |',
  '```\ncode fence',
  '~~~',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<!-- comment',
  '[click](javascript:alert(1))',
  '![img](https://evil.test/x.png)',
  'see https://evil.test/phish and www.evil.test or mail a@evil.test',
  // GFM 6.9 starts an extended www autolink after `_`, `*`, `~` or `(` too, not only at a word boundary.
  '_www.W',
  '*www.evil.test ~www.evil.test (www.evil.test',
  '<https://evil.test>',
  '1. one',
  '2) two',
  '- dash',
  '+ plus',
  '* star',
  '> quote',
  '---',
  '===',
  '    indented code',
  'a | b | c',
  '**bold** _em_ ~~del~~ `code`',
  '&lt;script&gt; &#60;b&#62; &amp;',
  'trailing backslash \\',
  'Title #',
  '[ref]: https://evil.test',
  'Footnote[^1]',
  '\u202eevil\u202c',
  'tab\tand\u2028separator\u2029end',
];

const plainShape = (context: (t: string) => string) => markdownShape(context('Word'));

describe('markdownInline (school text cannot change a Markdown document)', () => {
  it.each(HOSTILE)('keeps the structure of every context for %j', (text) => {
    for (const context of CONTEXTS) expect(markdownShape(context(markdownInline(text)))).toEqual(plainShape(context));
  });

  it('keeps the structure for any string (property)', () => {
    const alphabet = fc.constantFrom(
      ...'#*_`~[]()<>!|\\&@:/.-+=1234567890 \n\r\tabcwWhtps'.split(''),
      '\u2028',
      '\u202e',
      '```',
      'www.',
      'https://',
      '<script>',
      'javascript:',
    );
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 40 }).map((parts) => parts.join('')),
        (text) => {
          const escaped = markdownInline(text);
          if (escaped === '') return;
          for (const context of CONTEXTS) expect(markdownShape(context(escaped))).toEqual(plainShape(context));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('renders back to the text itself, on one line (nothing is lost but line breaks and bidi controls)', () => {
    const decode = (html: string) =>
      html
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');
    for (const text of [
      '<script>alert(1)</script>',
      '**bold** [x](y) a|b',
      'a@b.test https://x.test www.x.test',
      '1. C++ & C#',
      '&lt;b&gt;',
    ]) {
      expect(decode(marked.parseInline(markdownInline(text), { gfm: true }) as string)).toBe(text);
    }
    expect(markdownInline('a\r\n\n b\u2028c\u202e')).toBe('a b c');
  });
});
