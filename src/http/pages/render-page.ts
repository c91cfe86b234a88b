// Server-rendered pages with Eta, which escapes every `<%= %>` by default. Templates live in
// web/views/; they contain no script (the content security policy allows none) and no prose: every
// word comes from the school's language catalogue (i18n/page-text.ts). Each template may call
// t(key, vars) (plain text), th(key, vars) (catalogue text holding markup, printed with
// `<%~ %>`) and fmt.dateTime / fmt.date / fmt.money / fmt.number / fmt.percent / fmt.list.
import { Eta } from 'eta';
import { fileURLToPath } from 'node:url';
import type { PageResult } from '../handler.ts';
import type { Site } from '../../services/school/sites.ts';
import type { PageText, PageTexts } from './i18n/page-text.ts';
import { noStore } from '../../lib/no-store.ts';

export type { PageResult };

const eta = new Eta({
  views: fileURLToPath(new URL('../../web/views', import.meta.url)),
  autoEscape: true,
  cache: true,
  // Layouts and includes receive `it` (spread), so each part of a page speaks its language.
  functionHeader: 'const text = it.text, t = text.t, th = text.th, fmt = text;',
});

/** Headers of every HTML page: no framing (clickjacking), no inline script, no caching. */
export function pageHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy':
      "default-src 'none'; style-src 'self'; img-src 'self' data: https:; base-uri 'none'; frame-ancestors 'none'",
    'X-Frame-Options': 'DENY',
    ...noStore('browser-session'),
    'Referrer-Policy': 'no-referrer',
  };
}

/** Whom a page is for: the school, and the catalogues of the app that serves it (a request context is one). */
export type PageScope = { site: Pick<Site, 'name' | 'locale' | 'timeZone'>; pageTexts: PageTexts };

/** The text of a page of the scope's school: its language (sites.locale) and time zone. */
export function siteText({ site, pageTexts }: PageScope): PageText {
  return pageTexts.of(site.locale, site.timeZone);
}

/**
 * Renders `template` for the scope's school: `<html lang>`, the school's name and the page's text
 * follow the school. `data` may carry `text` when the caller already made it (it must be the same site's).
 */
export function renderPage(
  template: string,
  scope: PageScope,
  data: Record<string, unknown>,
  status = 200,
  headers: Record<string, string | string[]> = {},
): PageResult {
  const text = (data.text as PageText | undefined) ?? siteText(scope);
  const body = eta.render(template, { schoolName: scope.site.name, ...data, lang: text.lang, text });
  return { status, body, contentType: 'text/html; charset=utf-8', headers: { ...pageHeaders(), ...headers } };
}
