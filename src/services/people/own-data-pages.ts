// Pages and input errors of the member data API (services/account.ts re-exports both), shared by
// the GraphQL resolvers and the MCP member tools so that both refuse the same input the same way.
import { z } from 'zod';
import { InvalidCursor } from '../../db/pagination/cursor.ts';
import type { KeysetPage } from '../../db/pagination/keyset.ts';
import { cursorAfter, keyOfCursor, listWindow, type ListWindow } from '../list-window.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

/** The largest page of every member list; a larger `first` or `last` is an error, never a silent cut. */
export const MAX_PAGE_SIZE = 50;
/** The page size when neither `first` nor `last` is given (SDL PageInfo). */
export const DEFAULT_PAGE_SIZE = 20;

/** Input the member may correct: a bad page, an unknown lecture or event, a position out of range. */
export class AccountInputError extends Error {
  readonly code: 'INVALID_INPUT' | 'NOT_FOUND';
  readonly field?: string;

  constructor(code: 'INVALID_INPUT' | 'NOT_FOUND', message: string, field?: string) {
    super(message);
    this.name = 'AccountInputError';
    this.code = code;
    if (field !== undefined) this.field = field;
  }
}

/**
 * A page of one of the member's lists (Relay Cursor Connections 2.1): `first` items after `after`,
 * or the `last` items before `before`; neither count means `first` DEFAULT_PAGE_SIZE.
 */
export type PageArgs = {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
};

export type Edge<T> = { cursor: string; node: T };

/**
 * Whether items lie before or after the page may take a statement of its own (past a cursor, Relay
 * Cursor Connections 4.2), so each is worked out when asked, once.
 */
export type LazyPageInfo = {
  startCursor: string | null;
  endCursor: string | null;
  hasPreviousPage: () => Promise<boolean>;
  hasNextPage: () => Promise<boolean>;
};

/** A page whose total is counted only when someone asks (GraphQL rarely selects totalCount). */
export type LazyConnection<T> = {
  edges: Edge<T>[];
  nodes: T[];
  pageInfo: LazyPageInfo;
  countTotal: () => Promise<number>;
};

/**
 * A forward page with its total, as the MCP member tools return it; `nextCursor` is null on the
 * last page.
 */
export type Connection<T> = {
  nodes: T[];
  nextCursor: string | null;
  totalCount: number;
};

const uuid = z.string().uuid();

/** Ids reach SQL as uuid parameters: anything else is unknown rather than a database error. */
export function requireId(value: string, field: string, what: string): string {
  if (!uuid.safeParse(value).success) throw new AccountInputError('NOT_FOUND', `No ${what} with this id.`, field);
  return value.toLowerCase();
}

function pageSize(value: number, field: 'first' | 'last'): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_PAGE_SIZE)
    throw new AccountInputError('INVALID_INPUT', `${field} must be an integer from 1 to ${MAX_PAGE_SIZE}.`, field);
  return value;
}

/** A cursor this API did not issue for this list is input to correct, named by its argument. */
function readCursor<T>(field: 'after' | 'before', read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof InvalidCursor)
      throw new AccountInputError(
        'INVALID_INPUT',
        `${field} is not a cursor this API issued for this connection.`,
        field,
      );
    throw error;
  }
}

/**
 * Checks the counts and decodes the cursors into the window of one page of `list`, ordered by a
 * time (`sort`, e.g. `-enrolled_at`, the SDL's order).
 */
export function readPage(cursors: CursorCodec, list: string, sort: string, page: PageArgs): ListWindow {
  const { first, after, last, before } = page;
  // Relay Cursor Connections 2.1 strongly discourages first with last; refused, so no page is a guess.
  if (first != null && last != null)
    throw new AccountInputError('INVALID_INPUT', 'Give first or last, not both.', 'last');
  const fromEnd = last != null;
  const limit = fromEnd ? pageSize(last, 'last') : pageSize(first ?? DEFAULT_PAGE_SIZE, 'first');
  const window = readCursor('after', () =>
    listWindow(cursors, list, { limit, cursor: after ?? undefined }, { [sort.replace(/^-/, '')]: 'time' }, sort),
  );
  const end = before ? readCursor('before', () => keyOfCursor(window, before)) : null;
  return { ...window, before: end, fromEnd };
}

/** Where a connection's rows come from: the repository's keyset list, and how rows become items. */
export type PageSource<Row, T> = {
  rows: (page: KeysetPage) => Promise<Row[]>;
  keyOf: (row: Row) => string;
  items: (rows: Row[]) => T[] | Promise<T[]>;
  countTotal: () => Promise<number>;
};

// The lazy parts of a page are classes with their getters on the prototype: as object literals with
// getters closing over the request they kept every page (rows, items, edges) alive in V8's old
// generation until a full collection (the rule and its measurement: eslint.config.js,
// bench/FINDINGS.md "Accessor literals").

/** An edge whose cursor is signed when first read. */
class LazyEdge<T> implements Edge<T> {
  readonly node: T;
  readonly #window: ListWindow;
  readonly #sortKey: string;
  readonly #id: string;
  #cursor: string | undefined;
  constructor(node: T, window: ListWindow, sortKey: string, id: string) {
    this.node = node;
    this.#window = window;
    this.#sortKey = sortKey;
    this.#id = id;
  }
  get cursor(): string {
    return (this.#cursor ??= cursorAfter(this.#window, { v: this.#sortKey, id: this.#id }));
  }
}

/** A page's first and last cursors, read from its edges when asked. */
class LazyEnds implements LazyPageInfo {
  readonly hasPreviousPage: () => Promise<boolean>;
  readonly hasNextPage: () => Promise<boolean>;
  readonly #edges: Edge<unknown>[];
  constructor(edges: Edge<unknown>[], sides: Pick<LazyPageInfo, 'hasPreviousPage' | 'hasNextPage'>) {
    this.#edges = edges;
    this.hasPreviousPage = sides.hasPreviousPage;
    this.hasNextPage = sides.hasNextPage;
  }
  get startCursor(): string | null {
    return this.#edges[0]?.cursor ?? null;
  }
  get endCursor(): string | null {
    return this.#edges.at(-1)?.cursor ?? null;
  }
}

function once<T>(run: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= run());
}

/**
 * Loads one page (rows fetched with `limit + 1`: the extra row tells whether more lie in the
 * direction read) and gives every item its cursor, in the list's order even when read from the end.
 */
export async function loadConnection<Row extends { sort_key: string }, T>(
  window: ListWindow,
  source: PageSource<Row, T>,
): Promise<LazyConnection<T>> {
  const rows = await source.rows(window);
  const overflow = rows.length > window.limit;
  const shown = rows.slice(0, window.limit);
  if (window.fromEnd) shown.reverse();
  const items = await source.items(shown);
  // Each cursor is signed when it is first read: the MCP tools read the last one only, and most
  // GraphQL queries none (an HMAC per row was a tenth of an MCP member call's CPU).
  const edges: Edge<T>[] = shown.map((row, i) => new LazyEdge(items[i]!, window, row.sort_key, source.keyOf(row)));
  // Relay Cursor Connections 4.2: the side read toward is known from the extra row; the other side
  // is asked only past a cursor, as whether any row lies at or beyond it (the cursor's own row counts).
  const anyRow = (bounds: Pick<KeysetPage, 'after' | 'before'>) =>
    once(async () => (await source.rows({ limit: 0, sort: window.sort, inclusive: true, ...bounds })).length > 0);
  const known = (value: boolean) => () => Promise.resolve(value);
  return {
    edges,
    nodes: items,
    pageInfo: new LazyEnds(edges, {
      hasPreviousPage: window.fromEnd
        ? known(overflow)
        : window.after
          ? anyRow({ after: null, before: window.after })
          : known(false),
      hasNextPage: !window.fromEnd
        ? known(overflow)
        : window.before
          ? anyRow({ after: window.before, before: null })
          : known(false),
    }),
    // A window open at both ends that did not overflow holds the whole list: its size is the total,
    // with no COUNT (the MCP member tools show the total on every call, and most members' lists fit
    // on one page).
    countTotal: once(
      !window.after && !window.before && !overflow ? () => Promise.resolve(shown.length) : source.countTotal,
    ),
  };
}

/** The page with its total, for callers that always show it (the MCP member tools, which page forward). */
export async function withTotal<T>({ nodes, pageInfo, countTotal }: LazyConnection<T>): Promise<Connection<T>> {
  return {
    nodes,
    // Plain data, so that it serialises as it reads; a cursor is signed only when there is a next
    // page to read with it (most members' lists fit on one page).
    nextCursor: (await pageInfo.hasNextPage()) ? pageInfo.endCursor : null,
    totalCount: await countTotal(),
  };
}
