// The `created_after`/`created_before` filter pair of every list that has one (OpenAPI parameters
// CreatedAfter and CreatedBefore): one rule for all of them.
import { InvalidInput } from './errors.ts';

/** An inverted date range is a mistake in the request, named by its pointer (400), never an empty page. */
export function checkCreatedRange(query: { created_after?: string; created_before?: string }): void {
  const { created_after: after, created_before: before } = query;
  if (after && before && Date.parse(before) < Date.parse(after)) {
    throw new InvalidInput([{ pointer: '/query/created_before', detail: 'must not be earlier than created_after' }]);
  }
}
