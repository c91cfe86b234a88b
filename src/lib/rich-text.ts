// The school's HTML fields (course, event, product, plan and section descriptions, text lectures,
// page and post bodies, lecturer bios) are sanitised here, on write, by one allowlist (OpenAPI
// "School text and HTML"): whatever an admin, an operator tool or the seed stores, the catalog, GraphQL and MCP
// serve no script, no event handler, no style and no URL but http(s), mailto or a relative one.
// Rows written before this rule were cleaned by migration 2026-11-25T0003-sanitise-school-html.
//
// sanitize-html (apostrophecms) rather than DOMPurify: it parses with htmlparser2 on the server
// and needs no DOM emulation (jsdom), so it is cheap to load and to run; its policy is an
// allowlist of tags, attributes per tag and URL schemes, which is what OWASP's XSS cheat sheet asks.
import sanitizeHtml from 'sanitize-html';

/** Tags a school's HTML may hold: text structure, lists, quotes, code, tables, links and images. */
export const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'blockquote',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'span',
  'div',
] as const;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  // No `style`, `class`, `id` or any on* attribute anywhere: only these, per tag.
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  // URLs: http(s) and mailto for links, http(s) for images, or relative; never javascript:, data:,
  // vbscript: nor a scheme-relative //host (which leaves the page's origin).
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // A disallowed tag goes, its text stays; script, style and the like go with their content.
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'iframe',
    'object',
    'template',
    'xmp',
    'noembed',
    'noframes',
    'plaintext',
  ],
  // Links leave the school: no referrer, no window handle, no endorsement (HTML 4.6.6).
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

/** A school's HTML with everything outside the allowlist removed. Idempotent. */
export function sanitizeSchoolHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * The input with its HTML fields sanitised (absent and null fields stay as they are), for the
 * create and update paths of every service that writes one.
 */
export function withSanitizedHtml<T extends object, K extends keyof T>(input: T, fields: readonly K[]): T {
  const out = { ...input };
  for (const field of fields) {
    const value = out[field];
    if (typeof value === 'string') out[field] = sanitizeSchoolHtml(value) as T[K];
  }
  return out;
}

// Where a block of the school's HTML starts or ends, its words must not run into the next block's.
const BLOCK_BOUNDARY =
  /<\/?(?:p|div|br|hr|h[1-6]|li|ul|ol|dl|dt|dd|blockquote|pre|figure|figcaption|table|caption|tr|td|th)\b/gi;

/**
 * A school's HTML field as plain text (every tag dropped, script-like elements with their content,
 * entities decoded), for a document that is not HTML: the course page /courses/{slug}.md. The
 * caller still escapes the result for its own format (lib/markdown-escape.ts).
 */
export function schoolHtmlToText(html: string): string {
  const text = sanitizeHtml(html.replace(BLOCK_BOUNDARY, ' $&'), {
    ...OPTIONS,
    allowedTags: [],
    allowedAttributes: {},
  });
  // sanitize-html decodes entities and escapes exactly these three again in text (its escapeHtml).
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
