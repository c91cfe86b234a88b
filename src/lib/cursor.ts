// Opaque pagination cursors: base64url JSON of the last row's sort key. Opaque so that the sort
// key can change without breaking clients; validated so that a forged cursor is a 400, not a 500.
import { z } from 'zod';

export class InvalidCursor extends Error {}

export function encodeCursor(key: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

export function decodeCursor<T>(cursor: string, schema: z.ZodType<T>): T {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursor('cursor is not one this API issued');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new InvalidCursor('cursor is not one this API issued');
  return parsed.data;
}

/** Cursor key of lists ordered by a time column then id (both descending). */
export const timeIdCursor = z.object({ t: z.string().datetime({ offset: true }), id: z.string().uuid() }).strict();
export type TimeIdCursor = z.infer<typeof timeIdCursor>;
