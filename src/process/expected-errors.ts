// Conditions an operator meets in normal life (the database is not reachable, its files are damaged,
// the key does not open the data, the port is taken) are answered in one line that says what to do,
// with the exit code docs/operations.md "Commands beside a running server" lists; no stack trace. Anything else is
// a defect and keeps its stack. Both pg and PGlite report SQLSTATEs in `code`; a refused connection to
// a name with two addresses arrives as an AggregateError whose parts carry the code.
import type { Config } from '../config/config.ts';
import { UnusableKeyEncryptionKey } from './key-check.ts';
import { DataDirNotPrivate } from './private-data-dir.ts';

/** The exit codes of `npm start` (docs/operations.md "Commands beside a running server"): 1 refused, 74 data unreadable (EX_IOERR), 78 configuration (EX_CONFIG). */
export const EXIT_CODE = { refused: 1, dataUnreadable: 74, configuration: 78 } as const;

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
/** File-system errors of DATA_DIR, in words. */
const FILE_REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EEXIST: 'a file is in the way of a folder',
  ENOTDIR: 'a file is in the way of a folder',
  EISDIR: 'a folder is in the way of a file',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EIO: 'an input/output error',
  ELOOP: 'too many symbolic links',
  ENOENT: 'a folder on its path does not exist',
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

/**
 * One line for damaged or unreadable files of the embedded database, or undefined. `opening` is true
 * while PGlite opens DATA_DIR: any failure there is the files' (PGlite aborts on a damaged
 * pg_control or WAL), later only PostgreSQL's data-corruption and file SQLSTATEs (classes XX, 58) are.
 */
export function describeDataDirError(error: unknown, config: Config, opening: boolean): string | undefined {
  const code = codeOf(error);
  const file = (error as { path?: unknown } | null)?.path;
  if (code && FILE_REASONS[code] && typeof file === 'string')
    return `Cannot use DATA_DIR ${config.dataDir}: ${file}: ${FILE_REASONS[code]} (${code}).`;
  if (config.database.kind !== 'pglite' || config.database.dataDir === null) return undefined;
  const damaged = opening || (code !== undefined && /^(XX|58)/.test(code));
  if (!damaged) return undefined;
  const first = summaryOf(error);
  return `Cannot open the embedded database in ${config.database.dataDir}: its files are damaged or unreadable (${code ?? first}). Restore DATA_DIR from a backup, or move it aside to start with an empty database.`;
}

/** A failure's first words: PGlite's abort adds a build hint, its file errors carry only an errno. */
function summaryOf(error: unknown): string {
  const e = error as { name?: unknown; message?: unknown; errno?: unknown } | null;
  const text =
    typeof e?.message === 'string' && e.message
      ? e.message
      : `${String(e?.name ?? error)} ${typeof e?.errno === 'number' ? e.errno : ''}`;
  return text
    .split('\n')[0]!
    .replace(/\. Build with .*$/, '')
    .trim()
    .slice(0, 120);
}

/** The line and exit code of an expected start-up failure, or undefined for a defect. */
export function describeStartUpFailure(
  error: unknown,
  config: Config,
  opening = false,
): { line: string; exitCode: number } | undefined {
  if (error instanceof UnusableKeyEncryptionKey) return { line: error.message, exitCode: EXIT_CODE.configuration };
  if (error instanceof DataDirNotPrivate) return { line: error.message, exitCode: EXIT_CODE.refused };
  const database = describeDatabaseError(error, config);
  if (database) return { line: database, exitCode: EXIT_CODE.refused };
  const files = describeDataDirError(error, config, opening);
  if (files) return { line: files, exitCode: EXIT_CODE.dataUnreadable };
  return undefined;
}

/** Awaits a start-up step; an expected failure prints its one line and exits with its code. */
export async function orExit<T>(step: Promise<T>, config: Config, options: { opening?: boolean } = {}): Promise<T> {
  try {
    return await step;
  } catch (error) {
    const failure = describeStartUpFailure(error, config, options.opening);
    if (!failure) throw error;
    process.stderr.write(`${failure.line}\n`);
    process.exit(failure.exitCode);
  }
}
