// Conditions an operator meets in normal life (the database is not reachable,
// the port is taken) are answered in one line that says what to do; no stack trace. Anything else
// is a defect and keeps its stack. Both pg and PGlite report SQLSTATEs in `code`; a refused
// connection to a name with two addresses arrives as an AggregateError whose parts carry the code.
import type { Config } from '../config/config.ts';

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const SQLSTATE_REASONS: Record<string, string> = {
  '28P01': 'the password was refused',
  '28000': 'the role may not connect',
  '3D000': 'the database does not exist',
  '57P03': 'the server is starting up or shutting down',
  '53300': 'the server has no free connection slots',
};

function codeOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; errors?: unknown[] } | null;
  if (typeof e?.code === 'string') return e.code;
  return e?.errors?.map(codeOf).find(Boolean);
}

/** Where the database is, without the password of the URL. */
function databaseLabel(config: Config): string {
  if (config.database.kind !== 'postgres') return 'the embedded database';
  try {
    const url = new URL(config.database.url);
    return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/** One line for an expected database failure, or undefined for a defect. */
export function describeDatabaseError(error: unknown, config: Config): string | undefined {
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : '';
  const reason =
    code && UNREACHABLE.has(code)
      ? `it does not answer (${code})`
      : code
        ? SQLSTATE_REASONS[code]
        : /timeout/i.test(message)
          ? 'the connection timed out'
          : undefined;
  return reason
    ? `Cannot use ${databaseLabel(config)}: ${reason}. Check DATABASE_URL and that the server runs.`
    : undefined;
}

/** Awaits a start-up step; an expected failure prints its one line and exits 1. */
export async function orExit<T>(step: Promise<T>, config: Config): Promise<T> {
  try {
    return await step;
  } catch (error) {
    const line = describeDatabaseError(error, config);
    if (!line) throw error;
    process.stderr.write(`${line}\n`);
    process.exit(1);
  }
}
