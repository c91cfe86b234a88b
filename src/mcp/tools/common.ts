// Schema pieces and annotations the hand-written tools share, so every list pages the same way
// (limit ≤ 50 and an opaque cursor in, {data, next_cursor} out) and money has one shape.
import { z } from 'zod';
import type { ToolAnnotations } from '../registry.ts';

export const MAX_PAGE_SIZE = 50;

export const money = z.object({
  amount: z.number().int().describe('Minor units (cents)'),
  currency: z.string().describe('ISO 4217 code'),
});

export const limitArg = z
  .number()
  .int()
  .min(1)
  .max(MAX_PAGE_SIZE)
  .default(10)
  .describe(`Items per page, 1-${MAX_PAGE_SIZE}`);
export const cursorArg = z
  .string()
  .min(1)
  .max(500)
  .optional()
  .describe('next_cursor of the previous page; omit for the first page');
export const nextCursor = z.string().nullable().describe('Pass as cursor to get the next page; null on the last page');

/** Reads of this school's own data: safe to call again, change nothing. */
export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** "1 course" / "3 courses": summaries the server writes, free of school-written text. */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** What to do next with a page: the exact call of the next one, or that there is none. */
export function pageNote(next: string | null, tool: string): string {
  return next ? `More: call ${tool} again with cursor "${next}".` : 'This is the last page.';
}

/**
 * Which field of a page's items the next tool takes. The values stay in the fenced data: a slug is
 * the school's words (hyphenated words can still read as an instruction), never summary text.
 */
export function passOnNote(rows: readonly unknown[], field: 'slug' | 'id', tool: string): string {
  return rows.length ? ` Pass an item's ${field} (in the data below) to ${tool}.` : '';
}
