// The pages of the admin and account areas as a person finds them: from /admin and /account,
// following every link of this origin into either area (the menus, lists, "Revoke" and "Delete",
// which open confirmation pages: a GET never changes anything) and every form that asks for a page
// (method get), so that a page any helper adds
// is covered once it is linked. Each page is visited once: in the browser's current viewport
// (crawlArea), or read over HTTP without being drawn (crawlAreaHtml).
import type { Page } from 'playwright-core';
import { decodeEntities } from '../support/cookie-jar.ts';

/** A bound, so that a link loop or a long pager cannot run away. */
export const MAX_AREA_PAGES = 90;
/**
 * Pages of one kind (the same path with other ids, the same query keys) visited at most this often:
 * a school with many courses, students or orders (other suites add them) still has every kind of
 * page reached within the bound, not the first ninety rows of one list.
 */
const PER_KIND = 2;
const ID_SEGMENT = /\/(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+)(?=\/|$)/gi;

/** `/admin/courses/<uuid>/sections/<uuid>?x=1` → `/admin/courses/:id/sections/:id?x`. */
function kindOf(url: URL): string {
  return `${url.pathname.replace(ID_SEGMENT, '/:id')}?${[...url.searchParams.keys()].sort().join('&')}`;
}

const AREA_PATH = /^\/(admin|account)(\/|$)/;
/** Static files (Chart.js) and downloads (access-log.csv, audit-log.csv) are no page. */
const SKIPPED = /^\/admin\/assets\/|\.[a-z]+$/;

/** The crawl's bookkeeping, shared by both crawls: which linked pages of either area are still to visit. */
export class AreaQueue {
  readonly #queue: string[];
  readonly #seen: Set<string>;
  readonly #kinds = new Map<string, number>();
  readonly #origin: string;
  constructor(origin: string, starts: string[] = ['/admin', '/account']) {
    this.#origin = origin;
    this.#queue = [...starts];
    this.#seen = new Set(starts);
  }
  next(): string | undefined {
    return this.#queue.shift();
  }
  /** Queues the area pages among `links` (absolute URLs) not seen yet, within the bound per kind. */
  add(links: string[]): void {
    for (const link of links) {
      const url = new URL(link);
      if (url.origin !== this.#origin || !AREA_PATH.test(url.pathname) || SKIPPED.test(url.pathname)) continue;
      // Pager links (?before=, ?after=, ?cursor=) show the same page with other rows: the first page stands for them.
      if (['before', 'after', 'cursor'].some((key) => url.searchParams.has(key))) continue;
      const next = `${url.pathname}${url.search}`;
      const kind = kindOf(url);
      if (!this.#seen.has(next) && (this.#kinds.get(kind) ?? 0) < PER_KIND) {
        this.#seen.add(next);
        this.#kinds.set(kind, (this.#kinds.get(kind) ?? 0) + 1);
        this.#queue.push(next);
      }
    }
  }
}

/** Visits every area page reachable from /admin and /account, calling `visit` on each; returns their paths. */
export async function crawlArea(
  page: Page,
  origin: string,
  visit: (path: string) => Promise<void>,
  limit = MAX_AREA_PAGES,
): Promise<string[]> {
  const queue = new AreaQueue(origin);
  const visited: string[] = [];
  for (let path = queue.next(); path !== undefined && visited.length < limit; path = queue.next()) {
    const response = await page.goto(`${origin}${path}`);
    if (!response || !(response.headers()['content-type'] ?? '').startsWith('text/html')) continue;
    visited.push(path);
    await visit(path);
    // Links, and forms that only ask for a page (a switch whose change asks first opens its confirmation page).
    queue.add([
      ...(await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))),
      ...(await page.locator('form[method="get"]').evaluateAll((fs) => fs.map((f) => (f as HTMLFormElement).action))),
    ]);
  }
  return visited;
}

/** The targets of a page's links and GET forms (a form without action asks for its own page), as absolute URLs. */
export function pageLinksOf(html: string, url: string): string[] {
  const targets = [
    ...[...html.matchAll(/<a\b[^>]*\bhref="([^"#]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<form\b[^>]*>/g)]
      .filter((m) => /\bmethod="get"/i.test(m[0]))
      .map((m) => /\baction="([^"]*)"/.exec(m[0])?.[1] || url),
  ];
  return targets.map((target) => new URL(decodeEntities(target), url).toString());
}

/**
 * Reads every area page reachable from `starts` over HTTP, as `read` answers it (undefined: no HTML
 * page), following what crawlArea follows; calls `visit` with each page's path and HTML.
 */
export async function crawlAreaHtml(
  origin: string,
  read: (url: string) => Promise<string | undefined>,
  visit: (path: string, html: string) => void,
  starts?: string[],
): Promise<string[]> {
  const queue = new AreaQueue(origin, starts);
  const visited: string[] = [];
  for (let path = queue.next(); path !== undefined && visited.length < MAX_AREA_PAGES; path = queue.next()) {
    const html = await read(`${origin}${path}`);
    if (html === undefined) continue;
    visited.push(path);
    visit(path, html);
    queue.add(pageLinksOf(html, `${origin}${path}`));
  }
  return visited;
}
