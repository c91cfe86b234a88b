// Recognises "the database is not there" among errors, so that a request fails fast with 503 and
// Retry-After instead of a 500 (PostgreSQL stopped: the service recovers by itself).
import { noStore } from '../lib/no-store.ts';

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000', // connection_exception
  '08001',
  '08003',
  '08004',
  '08006',
]);

const CONNECTION_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connect ECONNREFUSED/i,
  /Client has encountered a connection error/i,
  /terminating connection/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; errors?: unknown[] } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(e.message as string)))
    return true;
  // AggregateError from a dual-stack connect attempt.
  return Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable);
}

/** Seconds a client is asked to wait (RFC 9110 10.2.3 Retry-After) while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
const RETRY_SENTENCE = 'The database is briefly unavailable; retry after Retry-After seconds.';

export type UnavailableAnswer = { status: 503; headers: Record<string, string>; contentType: string; body: string };

/**
 * The 503 of a request whose database connection failed, in the shape of the surface it reached
 * (DESIGN habit 6): GraphQL errors on /account/graphql (`extensions.code` SERVICE_UNAVAILABLE, the
 * SDL's "Errors"), a JSON-RPC error on /mcp (JSON-RPC 2.0 5.1, id null as the transport's own
 * refusals); the OAuth and admin shapes are rendered by render.ts from their error classes.
 */
export function unavailableAnswerAt(path: string): UnavailableAnswer | undefined {
  const headers = { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS), ...noStore('current-state') };
  if (path === '/account/graphql' || path === '/account/graphql/')
    return {
      status: 503,
      headers,
      contentType: 'application/json',
      body: JSON.stringify({ errors: [{ message: RETRY_SENTENCE, extensions: { code: 'SERVICE_UNAVAILABLE' } }] }),
    };
  if (path === '/mcp' || path === '/mcp/')
    return {
      status: 503,
      headers,
      contentType: 'application/json',
      body: JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: RETRY_SENTENCE }, id: null }),
    };
  return undefined;
}
