// The pages of the admin and account areas as a person finds them: from /admin and /account,
// following every link of this origin into either area (the menus, lists, "Revoke" and "Delete",
// which open confirmation pages: a GET never changes anything) and every form that asks for a page
// (method get), so that a page any helper adds
// is covered once it is linked. Each page is visited once, in the browser's current viewport.
import type { Page } from 'playwright-core';

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

/** Visits every area page reachable from /admin and /account, calling `visit` on each; returns their paths. */
export async function crawlArea(
  page: Page,
  origin: string,
  visit: (path: string) => Promise<void>,
  limit = MAX_AREA_PAGES,
): Promise<string[]> {
  const queue = ['/admin', '/account'];
  const seen = new Set(queue);
  const kinds = new Map<string, number>();
  const visited: string[] = [];
  while (queue.length && visited.length < limit) {
    const path = queue.shift()!;
    const response = await page.goto(`${origin}${path}`);
    if (!response || !(response.headers()['content-type'] ?? '').startsWith('text/html')) continue;
    visited.push(path);
    await visit(path);
    // Links, and forms that only ask for a page (a switch whose change asks first opens its confirmation page).
    const links = [
      ...(await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))),
      ...(await page.locator('form[method="get"]').evaluateAll((fs) => fs.map((f) => (f as HTMLFormElement).action))),
    ];
    for (const link of links) {
      const url = new URL(link);
      if (url.origin !== origin || !AREA_PATH.test(url.pathname) || SKIPPED.test(url.pathname)) continue;
      // Pager links (?before=, ?after=, ?cursor=) show the same page with other rows: the first page stands for them.
      if (['before', 'after', 'cursor'].some((key) => url.searchParams.has(key))) continue;
      const next = `${url.pathname}${url.search}`;
      const kind = kindOf(url);
      if (!seen.has(next) && (kinds.get(kind) ?? 0) < PER_KIND) {
        seen.add(next);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        queue.push(next);
      }
    }
  }
  return visited;
}
