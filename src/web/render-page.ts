// Server-rendered pages with Eta, which escapes every `<%= %>` by default. Templates live in
// views/; they contain no script (the content security policy allows none).
import { Eta } from 'eta';
import { fileURLToPath } from 'node:url';

const eta = new Eta({ views: fileURLToPath(new URL('./views', import.meta.url)), autoEscape: true, cache: true });

export type PageResult = { status: number; body: string; contentType: string; headers: Record<string, string | string[]> };

/** Headers of every HTML page: no framing (clickjacking), no inline script, no caching. */
export function pageHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': "default-src 'none'; style-src 'self'; img-src 'self' data: https:; base-uri 'none'; frame-ancestors 'none'",
    'X-Frame-Options': 'DENY',
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
  };
}

export function renderPage(template: string, data: Record<string, unknown>, status = 200, headers: Record<string, string | string[]> = {}): PageResult {
  const body = eta.render(template, data);
  return { status, body, contentType: 'text/html; charset=utf-8', headers: { ...pageHeaders(), ...headers } };
}
