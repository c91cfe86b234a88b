// The list query shared by students and members (listStudents, listMembers: the same filters, sort and page shape
// everywhere): search, joined-at range, sort by joining time or e-mail, keyset cursor.
import { PEOPLE_SORTS, type PeopleQuery, type PersonAtSiteRow } from '../../db/repositories/people-lists.ts';
import { listWindow, type ListWindow } from '../list-window.ts';
import { checkCreatedRange } from '../created-range.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

export type PeopleListInput = {
  limit?: number;
  cursor?: string;
  q?: string;
  created_after?: string;
  created_before?: string;
  sort?: string;
};

/** @param list `students` or `members`: a cursor pages on only the list that issued it */
export function peopleQueryOf(cursors: CursorCodec, list: string, input: PeopleListInput): PeopleQuery & ListWindow {
  checkCreatedRange(input);
  return {
    ...listWindow(cursors, list, input, PEOPLE_SORTS, '-created_at'),
    search: input.q,
    createdAfter: input.created_after,
    createdBefore: input.created_before,
  };
}

/** The cursor key of a row under the query's sort: e-mail, or joining time with microseconds. */
export function sortKeyOf(query: PeopleQuery): (row: PersonAtSiteRow) => string {
  return query.sort.column === 'email' ? (row) => row.email : (row) => row.created_exact;
}

/** A person's e-mail as stored: identities are matched case-insensitively, kept lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
