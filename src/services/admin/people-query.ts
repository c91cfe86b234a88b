// The list query shared by students and members (listStudents, listMembers: the same filters, sort and page shape
// everywhere): search, joined-at range, sort by joining time or e-mail, keyset cursor.
import type { PeopleQuery, PersonAtSiteRow } from '../../db/repositories/people-lists.ts';
import { parseSort, readCursor, type Keyset } from '../../admin/keyset.ts';
import { InvalidInput } from '../errors.ts';

export type PeopleListInput = {
  limit?: number;
  cursor?: string;
  q?: string;
  created_after?: string;
  created_before?: string;
  sort?: string;
};

/**
 * A cursor whose key has the type the sort needs (a number for times, a string for e-mails); a
 * cursor of a page under another sort is a 400, not a database error.
 */
export function readCursorOfKind(cursor: string | undefined, kind: 'number' | 'string'): Keyset | null {
  const after = readCursor(cursor);
  if (after && typeof after.v !== kind) throw new InvalidInput([{ pointer: '/query/cursor', detail: 'belongs to a list in another sort order' }]);
  return after;
}

export function peopleQueryOf(input: PeopleListInput): PeopleQuery {
  const sort = parseSort(input.sort, '-created_at');
  return {
    limit: input.limit ?? 20,
    after: readCursorOfKind(input.cursor, sort.column === 'email' ? 'string' : 'number'),
    sort,
    search: input.q,
    createdAfter: input.created_after,
    createdBefore: input.created_before,
  };
}

/** The cursor key of a row under the query's sort: e-mail, or joining time in microseconds. */
export function sortKeyOf(query: PeopleQuery): (row: PersonAtSiteRow) => string | number {
  return query.sort.column === 'email' ? (row) => row.email : (row) => Number(row.created_micros);
}

/** A person's e-mail as stored: identities are matched case-insensitively, kept lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
