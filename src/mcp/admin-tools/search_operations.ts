// search_operations: the admin operations this token may call, found by words of their name,
// summary, tags or path, optionally within one scope family, paged like every list here
// ({data, next_cursor}). The operator's way to every operation that is not a direct tool,
// as GitHub's MCP server discovers toolsets and Cloudflare's searches its API instead of listing it.
import { z } from 'zod';
import { counted, cursorArg, limitArg, nextCursor, pageNote, READ_ONLY } from '../tools/common.ts';
import type { ToolDefinition } from '../registry.ts';
import { ToolInputError } from '../tool-errors.ts';
import { mayCall, type OperationEntry } from './operation-catalogue.ts';

const annotations = z.object({
  readOnlyHint: z.boolean(),
  destructiveHint: z.boolean(),
  idempotentHint: z.boolean(),
});

export const operationSummary = z.object({
  name: z.string().describe('Pass as operation to describe_operation and call_operation'),
  summary: z.string(),
  method: z.string(),
  path: z.string(),
  required_scopes: z.array(z.string()),
  annotations,
  direct_tool: z.boolean().describe('Also a tool of the same name in tools/list'),
});

/** The page position, opaque to the caller; a cursor names its query so it is never reused on another. */
function encodeCursor(offset: number, key: string): string {
  return Buffer.from(JSON.stringify([offset, key])).toString('base64url');
}

function decodeCursor(cursor: string | undefined, key: string): number {
  if (cursor === undefined) return 0;
  try {
    const [offset, of] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [unknown, unknown];
    if (Number.isInteger(offset) && (offset as number) >= 0 && of === key) return offset as number;
  } catch {
    // Falls through to the refusal below.
  }
  throw new ToolInputError('not a cursor of this search; repeat the same query and scope_family, or omit it', 'cursor');
}

export function summaryOf(entry: OperationEntry, direct: ReadonlySet<string>): z.output<typeof operationSummary> {
  const { readOnlyHint, destructiveHint, idempotentHint } = entry.annotations;
  return {
    name: entry.name,
    summary: entry.summary,
    method: entry.method,
    path: entry.path,
    required_scopes: [...entry.scopes],
    annotations: { readOnlyHint, destructiveHint, idempotentHint },
    direct_tool: direct.has(entry.name),
  };
}

export function searchOperationsTool(catalogue: readonly OperationEntry[], direct: ReadonlySet<string>) {
  const families = [...new Set(catalogue.flatMap((e) => e.scopes.map((s) => s.split(':')[0]!)))].sort();
  const input = z.strictObject({
    query: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe('Words to look for in operation names, summaries, tags and paths (all must match); omit to list all'),
    scope_family: z
      .enum(families as [string, ...string[]])
      .optional()
      .describe('Only operations needing a scope of this family (courses for courses:read and courses:write)'),
    limit: limitArg,
    cursor: cursorArg,
  });
  const output = z.object({ data: z.array(operationSummary), next_cursor: nextCursor });

  const tool: ToolDefinition<z.output<typeof input>, z.output<typeof output>> = {
    name: 'search_operations',
    title: 'Search admin operations',
    description:
      'Finds the admin API operations this token may call (all of them, not only the direct tools): name, summary, method and path, scopes and annotations. Then describe_operation for the arguments, and call_operation to run one.',
    inputSchema: input,
    outputSchema: output,
    annotations: READ_ONLY,
    audience: 'operator',
    requiredScopes: [],
    async handler(args, { auth }) {
      const words = (args.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const key = `${words.join(' ')}|${args.scope_family ?? ''}`;
      const offset = decodeCursor(args.cursor, key);
      const found = catalogue.filter(
        (entry) =>
          mayCall(entry, auth) &&
          (!args.scope_family || entry.scopes.some((s) => s.startsWith(`${args.scope_family}:`))) &&
          words.every((word) => entry.searchText.includes(word)),
      );
      // Operations whose name holds more of the words first ("add section": create_section before
      // create_lecture, "Add a lecture to a section"); otherwise in catalogue order (sort is stable).
      const inName = (entry: OperationEntry) => words.filter((word) => entry.name.includes(word)).length;
      found.sort((a, b) => inName(b) - inName(a));
      const page = found.slice(offset, offset + args.limit);
      const next = offset + args.limit < found.length ? encodeCursor(offset + args.limit, key) : null;
      const names = page.slice(0, 5).map((e) => e.name);
      const result = { data: page.map((e) => summaryOf(e, direct)), next_cursor: next };
      const note = next
        ? `More: call search_operations again with the same query and cursor "${next}".`
        : pageNote(null, 'search_operations');
      return {
        structuredContent: result,
        summary: `${counted(found.length, 'operation')} match; ${page.length} on this page${names.length ? ` (${names.join(', ')}${page.length > 5 ? ', …' : ''})` : ''}. ${note} Next: describe_operation with one name for its arguments.`,
      };
    },
  };
  return tool;
}
