import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { ALLOWED_TAGS, sanitizeSchoolHtml, schoolHtmlToText, withSanitizedHtml } from './rich-text.ts';

/** Every element and attribute of a fragment, as a browser's tokenizer would meet them. */
function elementsOf(html: string): Array<{ tag: string; attrs: Record<string, string> }> {
  const found: Array<{ tag: string; attrs: Record<string, string> }> = [];
  const parser = new Parser(
    { onopentag: (tag, attrs) => found.push({ tag, attrs }) },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

const SAFE_URL = /^(https?:|mailto:|[^:/?#]*(?:[/?#]|$)|\/(?!\/))/i;

function expectHarmless(html: string) {
  for (const { tag, attrs } of elementsOf(html)) {
    expect(ALLOWED_TAGS as readonly string[], tag).toContain(tag);
    for (const [name, value] of Object.entries(attrs)) {
      expect(name, `${tag}[${name}]`).not.toMatch(/^on|^style$|^srcdoc$|^formaction$/);
      if (name === 'href' || name === 'src') expect(value.trim(), `${tag}[${name}]`).toMatch(SAFE_URL);
    }
  }
}

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="jav&#x09;ascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href=" JaVaScRiPt:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="//evil.test/">x</a>',
  '<svg onload=alert(1)><circle/></svg>',
  '<iframe src="https://evil.test"></iframe>',
  '<p style="background:url(javascript:alert(1))" onclick="x()">p</p>',
  '<div><style>*{x:expression(alert(1))}</style></div>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<!--><img src=x onerror=alert(1)>-->',
  '<form action="https://evil.test"><input name=x><button formaction="javascript:x">b</button></form>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<base href="https://evil.test/"><meta http-equiv="refresh" content="0;url=https://evil.test">',
  '<a href="https://ok.test" target="_blank" onmouseover="x()">ok</a>',
  '"><img src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
];

describe('sanitizeSchoolHtml (school HTML never carries script or event handlers)', () => {
  it.each(HOSTILE)('leaves only allowlisted tags, attributes and URLs of %j', (html) => {
    const clean = sanitizeSchoolHtml(html);
    expectHarmless(clean);
    expect(clean).not.toMatch(/<script|javascript:|onerror|onload|onclick/i);
    expect(sanitizeSchoolHtml(clean)).toBe(clean);
  });

  it('keeps ordinary rich text as written', () => {
    const html =
      '<h2>Intro</h2><p>Learn <strong>fast</strong> and <em>well</em>: <a href="https://school.test/x">read</a>, <a href="/pages/faq">FAQ</a>.</p><ul><li>one</li></ul><img src="https://cdn.test/a.png" alt="A" />';
    expect(sanitizeSchoolHtml(html)).toBe(
      html
        .replace('href="https://school.test/x"', 'href="https://school.test/x" rel="noopener noreferrer nofollow"')
        .replace('href="/pages/faq"', 'href="/pages/faq" rel="noopener noreferrer nofollow"'),
    );
  });

  it('is harmless and idempotent for any mix of markup (property)', () => {
    const piece = fc.constantFrom(
      '<',
      '>',
      '/',
      '"',
      "'",
      '=',
      ' ',
      '&#',
      ';',
      'script',
      'img',
      'a',
      'svg',
      'on',
      'error',
      'href',
      'src',
      'javascript:',
      'data:',
      'style',
      '<!--',
      '-->',
      '<![CDATA[',
      'x',
      '\t',
      '\n',
      '&colon;',
      'p',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 40 }).map((p) => p.join('')),
        (html) => {
          const clean = sanitizeSchoolHtml(html);
          expectHarmless(clean);
          expect(sanitizeSchoolHtml(clean)).toBe(clean);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('sanitises only the named fields, and only when they are strings', () => {
    const input = { title: '<b>t</b>', description: '<img src=x onerror=alert(1)>', body: null };
    expect(withSanitizedHtml(input, ['description', 'body'])).toEqual({
      title: '<b>t</b>',
      description: '<img src="x" />',
      body: null,
    });
  });
});

describe('schoolHtmlToText (OpenAPI "School text and HTML": the course page shows descriptions as text)', () => {
  it('keeps the words of every block apart and drops every tag', () => {
    expect(
      schoolHtmlToText('<p>One <strong>bold</strong> line.</p><p>Two</p><ul><li>a</li><li>b</li></ul>')
        .split(/\s+/)
        .join(' ')
        .trim(),
    ).toBe('One bold line. Two a b');
  });

  it('drops scripts with their content and decodes entities to the characters they stand for', () => {
    const text = schoolHtmlToText('<p>Tom &amp; Jerry &lt;3 &quot;quoted&quot;</p><script>alert(1)</script>');
    expect(text.trim()).toBe('Tom & Jerry <3 "quoted"');
    expect(text).not.toContain('alert');
  });

  it('leaves markup-looking text as text, for the caller to escape', () => {
    expect(schoolHtmlToText('<p>&lt;img src=x onerror=alert(1)&gt;</p>').trim()).toBe('<img src=x onerror=alert(1)>');
  });
});
