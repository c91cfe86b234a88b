// Shared bits of the orders, subscriptions, membership plans, coupons and analytics contract
// tests: the field pointers of a problem (RFC 9457 `errors[]`), walking every page of a list, and
// unique names, so that tests make their own objects and leave the demo data as seeded.
import { randomUUID } from 'node:crypto';

/** The JSON Pointers of a problem's field errors. */
export function pointersOf(problem: unknown): string[] {
  return ((problem as { errors?: Array<{ pointer: string }> } | undefined)?.errors ?? []).map((e) => e.pointer);
}

/** A suffix no other test run uses (slugs and codes are unique per school). */
export function unique(): string {
  return randomUUID().slice(0, 8);
}

type Page<T> = { data?: { data: T[]; next_cursor: string | null } | undefined; response: Response };

/** Every item of a keyset-paged list, following next_cursor (bounded, so a loop cannot hang). */
export async function allPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
  maxPages = 50,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < maxPages; n++) {
    const page = await fetchPage(cursor);
    if (page.response.status !== 200 || !page.data) throw new Error(`page ${n} answered ${page.response.status}`);
    items.push(...page.data.data);
    cursor = page.data.next_cursor ?? undefined;
    if (!cursor) return items;
  }
  throw new Error(`more than ${maxPages} pages`);
}

/** A UTC calendar date `days` from today, as YYYY-MM-DD. */
export function utcDate(days = 0): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
