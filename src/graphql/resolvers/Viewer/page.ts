// The page arguments of every Viewer list field. An explicit `first: null` means the SDL default,
// as an omitted one does; range checks are the service's, so GraphQL and MCP refuse alike.
import { DEFAULT_PAGE_SIZE, type PageArgs } from '../../../services/account.ts';

export function pageArgs(args: { first?: number | null; after?: string | null }): PageArgs {
  return { first: args.first ?? DEFAULT_PAGE_SIZE, after: args.after ?? null };
}
