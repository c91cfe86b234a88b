// What a browser would run in an HTML page or fragment, as htmlparser2 (the tokenizer sanitize-html
// uses, which follows the HTML spec's states) sees it: elements that run or embed code, event
// handler and style attributes, and URLs that are not http(s), mailto or relative (OpenAPI "School text and HTML").
import { Parser } from 'htmlparser2';

export type Element = { tag: string; attrs: Record<string, string> };

export function elementsOf(html: string): Element[] {
  const found: Element[] = [];
  const parser = new Parser(
    { onopentag: (tag, attrs) => found.push({ tag, attrs }) },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/** All text of a page or fragment, entities decoded, as a reader sees it. */
export function textOf(html: string): string {
  let text = '';
  const parser = new Parser({ ontext: (t) => (text += t) }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return text;
}

const ACTIVE_TAGS = new Set([
  'script',
  'iframe',
  'frame',
  'object',
  'embed',
  'applet',
  'base',
  'svg',
  'math',
  'style',
  'link',
  'meta',
  'form',
  'template',
  'noscript',
]);
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'background',
  'data',
  'srcset',
  'cite',
]);
// http(s), mailto, a fragment, a path on this origin (never `//host` nor `/\host`), or a relative
// reference whose first segment holds no colon (RFC 3986 4.2), so no scheme at all.
const SAME_ORIGIN_PATH = /^\/(?![/\\])/;
const SAFE_URL = /^(https?:\/\/|mailto:|#|\/(?![/\\])|(?![/\\])[^:/?#\\]*(?:[/?#]|$))/i;

/**
 * Everything in `html` that could run script or leave the page's control, as readable findings.
 * `allowPageChrome` lets through what the service's own page layout uses: the stylesheet link and
 * the meta tags of the head, script elements loading files of this origin, JSON data blocks and forms
 * posting to this origin.
 */
export function activeContent(html: string, allowPageChrome = false): string[] {
  const findings: string[] = [];
  for (const { tag, attrs } of elementsOf(html)) {
    const chrome =
      allowPageChrome &&
      ((tag === 'link' && attrs.rel === 'stylesheet' && SAME_ORIGIN_PATH.test(attrs.href ?? '')) ||
        (tag === 'meta' && !('http-equiv' in attrs)) ||
        (tag === 'script' && (attrs.type === 'application/json' || SAME_ORIGIN_PATH.test(attrs.src ?? ''))) ||
        (tag === 'form' && (attrs.action ?? '').startsWith('/')));
    if (ACTIVE_TAGS.has(tag) && !chrome) findings.push(`<${tag}>`);
    for (const [name, value] of Object.entries(attrs)) {
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc') findings.push(`<${tag} ${name}>`);
      if (URL_ATTRIBUTES.has(name) && !SAFE_URL.test(value.trim())) findings.push(`<${tag} ${name}="${value}">`);
    }
  }
  return findings;
}
