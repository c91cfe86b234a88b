// The page arguments of every Viewer list field (Relay Cursor Connections 2.1). None has a default
// in the SDL, so that `first` with `last` can be told apart from a default; an explicit null is
// absent. Counts and their combination are checked by the service, so GraphQL and MCP refuse alike.
import type { PageArgs } from '../../../services/people/own-data.ts';

export function pageArgs(args: {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}): PageArgs {
  return { first: args.first ?? null, after: args.after ?? null, last: args.last ?? null, before: args.before ?? null };
}
