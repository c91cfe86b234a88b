// Pages and input errors of the member data API (services/account.ts re-exports both), shared by
// the GraphQL resolvers and the MCP member tools so that both refuse the same input the same way.
import { z } from 'zod';
import { InvalidCursor } from '../db/pagination/cursor.ts';
import { cursorAfter, listWindow, type ListWindow } from './list-window.ts';

/** The largest page of every member list; a larger `first` is an error, never a silent cut. */
export const MAX_PAGE_SIZE = 50;
/** The SDL's default `first`. */
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

export type PageArgs = { first: number; after?: string | null };

export type Connection<T> = {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
};

const uuid = z.string().uuid();

/** Ids reach SQL as uuid parameters: anything else is unknown rather than a database error. */
export function requireId(value: string, field: string, what: string): string {
  if (!uuid.safeParse(value).success) throw new AccountInputError('NOT_FOUND', `No ${what} with this id.`, field);
  return value.toLowerCase();
}

/**
 * Checks `first` and decodes `after` into the window of one page of `list`, ordered by a time
 * (`sort`, e.g. `-enrolled_at`, the SDL's order).
 */
export function readPage(list: string, sort: string, page: PageArgs): ListWindow {
  const { first, after } = page;
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
    throw new AccountInputError('INVALID_INPUT', `first must be an integer from 1 to ${MAX_PAGE_SIZE}.`, 'first');
  }
  try {
    return listWindow(list, { limit: first, cursor: after ?? undefined }, { [sort.replace(/^-/, '')]: 'time' }, sort);
  } catch (error) {
    if (error instanceof InvalidCursor)
      throw new AccountInputError(
        'INVALID_INPUT',
        'after is not a cursor this API issued for this connection.',
        'after',
      );
    throw error;
  }
}

/** A page whose total is counted only when someone asks (GraphQL rarely selects totalCount). */
export type LazyConnection<T> = Omit<Connection<T>, 'totalCount'> & { countTotal: () => Promise<number> };

/** Cuts the extra row off and points `endCursor` at the last row shown. */
export function toConnection<Row extends { sort_key: string }, T>(
  rows: Row[],
  page: ListWindow,
  countTotal: () => Promise<number>,
  keyOf: (row: Row) => string,
  map: (row: Row) => T,
): LazyConnection<T> {
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    nodes: shown.map(map),
    pageInfo: {
      hasNextPage: rows.length > shown.length,
      endCursor: last ? cursorAfter(page, { v: last.sort_key, id: keyOf(last) }) : null,
    },
    countTotal,
  };
}

/** The page with its total, for callers that always show it (the MCP member tools). */
export async function withTotal<T>({ countTotal, ...page }: LazyConnection<T>): Promise<Connection<T>> {
  return { ...page, totalCount: await countTotal() };
}
