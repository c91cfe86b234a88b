// Recognises "the database is not there" among errors, so that a request fails fast with 503 and
// Retry-After instead of a 500 (PostgreSQL stopped: the service recovers by itself).
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
