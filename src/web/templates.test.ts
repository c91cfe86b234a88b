// School and client text on a page is always HTML-escaped. The rule is checked on
// the templates themselves, so that a new template or a new raw output cannot slip in unseen.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderErrorPage } from '../http/pages/error-page.ts';
import { PageTexts } from '../http/pages/i18n/page-text.ts';
import type { Site } from '../services/school/sites.ts';

const views = path.join(import.meta.dirname, 'views');
const templates = readdirSync(views, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.eta'))
  .map((file) => ({ file, source: readFileSync(path.join(views, file), 'utf8') }));

// Raw (unescaped) output is allowed for these only: a page body or partial that Eta itself rendered
// with auto-escaping, and chart data serialised by jsonForScript (no `<`, `>`, `&`, U+2028/2029).
// docs/development.md "Page languages": th('literal.key', {...}) is catalogue markup whose values th() escapes (tested below).
const RAW_ALLOWED = [
  /^it\.body$/,
  /^include\('\.\/[a-z-]+', \{[^}]*\}\)$/,
  /^it\.chartJson$/,
  /^th\('[\w.]+'(?:, \{[^}]*\})?\)$/,
];
// URLs the server builds itself, never school text: the area's navigation, discovery URLs, script
// paths, a form posting back to its own page's path (the router matched it, so it is ours), and a
// mail's link, which the service builds from the school's origin and a path of its own (http/mail/render-mail.ts),
// the refusal page's error redirect, built from the redirect URI the client registered and the
// request verified (oauth/authorize/flow.ts, RFC 6749 4.1.2.1), and a confirmation page's way back,
// a path its handler builds (web/admin/confirm-page.ts).
const SERVER_BUILT_URLS = new Set([
  'item.href',
  's.href',
  'it.jwksUri',
  'src',
  'it.action',
  'it.link',
  'it.returnUrl',
  'it.cancel',
]);

describe('page templates (school text never becomes markup)', () => {
  it('finds the templates', () => expect(templates.length).toBeGreaterThan(20));

  it.each(templates)('$file writes raw output only for rendered bodies and script-safe JSON', ({ source }) => {
    const raw = [...source.matchAll(/<%[~-]\s*([\s\S]*?)\s*%>/g)].map((m) => m[1]!);
    for (const expression of raw)
      expect(
        RAW_ALLOWED.some((rule) => rule.test(expression)),
        expression,
      ).toBe(true);
  });

  it.each(templates)('$file has no event handler, style attribute or javascript: URL', ({ source }) => {
    expect(source).not.toMatch(/\son[a-z]+\s*=|\sstyle\s*=|javascript:/i);
  });

  it.each(templates)(
    '$file puts values into URL attributes only after a fixed path of this origin, or server-built URLs',
    ({ source }) => {
      for (const [, value] of source.matchAll(/\s(?:href|src|action|formaction|poster)="([^"]*<%[\s\S]*?)"/g)) {
        const whole = /^<%=\s*([\w.]+)\s*%>$/.exec(value!);
        if (whole) expect(SERVER_BUILT_URLS.has(whole[1]!), value).toBe(true);
        else
          expect(value, 'a URL built from a value starts with a fixed path of this origin').toMatch(
            /^\/[a-z][^<"]*<%=/,
          );
      }
    },
  );

  it('escapes what it is given (Eta autoEscape)', () => {
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(1)>"\'&';
    const site = { name: hostile, locale: 'en" onload="x' } as unknown as Site;
    const page = renderErrorPage({ site, pageTexts: new PageTexts() }, 'invalid_request', { detail: hostile });
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('<img');
    expect(page.body).not.toContain('" onload="x');
    expect(page.body).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;',
    );
  });
});
