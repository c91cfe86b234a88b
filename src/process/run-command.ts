// Where an operator command does its work, so that no command reports a change
// that did not happen.
// - PostgreSQL (DATABASE_URL): in the command's own process, beside any number of running
//   instances; they read clients from the database on every request and keys within 30 s.
// - Embedded PGlite on disk: the database belongs to one process (data-dir-lock.ts). With no
//   server running, the command holds DATA_DIR itself for its few seconds. With a server running,
//   the command line goes to it over its control socket and the server does the work, so it sees
//   the change at once; a server that cannot be reached is reported, and nothing is done.
// - PGlite in memory: a command would change a database of its own that ends with it: refused.
import { mkdirSync } from 'node:fs';
import { ConfigError, loadConfig, type Config } from '../config/config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createSigningKeyService, type SigningKeyService } from '../services/auth/keys/signing-keys.ts';
import { CommandError, parseCommandLine, UsageError } from './commands/command-line.ts';
import { commands, runCommand, type CommandName } from './commands/index.ts';
import { ChannelUnavailable, sendToServer } from './control-client.ts';
import { isRunning, lockFileOf, readLockHolder, tryAcquireDataDirLock, type LockHolder } from './data-dir-lock.ts';
import { describeDatabaseError } from './expected-errors.ts';
import { keyEncryptionKeyOf } from './key-encryption-key.ts';
import { keepNewFilesPrivate } from './private-data-dir.ts';

type Outcome = { exitCode: number; lines: string[]; error?: string };

/** How long a command waits for a server that is still starting, or for another command. */
const WAIT_FOR_HOLDER_MS = 60_000;

const STOP_OR_POSTGRES = 'stop the server first (then run the command again), or use DATABASE_URL';

async function runHere(config: Config, name: CommandName, argv: readonly string[]): Promise<Outcome> {
  if (config.database.kind === 'pglite' && config.database.dataDir)
    mkdirSync(config.database.dataDir, { recursive: true });
  const db = await createDatabase(config.database);
  try {
    await migrateToLatest(db);
    let keys: SigningKeyService | undefined;
    const signingKeys = () =>
      (keys ??= createSigningKeyService({
        db,
        keyEncryptionKey: keyEncryptionKeyOf(config),
        idTokenTtlSeconds: config.oauth.idTokenTtlSeconds,
      }));
    return { exitCode: 0, lines: await runCommand(name, argv, { db, config, signingKeys }) };
  } finally {
    await db.destroy();
  }
}

async function runThroughServer(holder: LockHolder, name: CommandName, argv: readonly string[]): Promise<Outcome> {
  try {
    const answer = await sendToServer(holder.socket!, holder.secret!, { command: name, argv: [...argv] });
    return answer.status === 200
      ? { exitCode: 0, lines: answer.lines ?? [] }
      : {
          exitCode: answer.exitCode || 1,
          lines: [],
          error: answer.error ?? `The server refused the command (status ${answer.status}).`,
        };
  } catch (error) {
    if (error instanceof ChannelUnavailable) throw error;
    return {
      exitCode: 1,
      lines: [],
      error: `Lost the server (pid ${holder.pid}) during the command: ${(error as Error).message}. The change may or may not have been made; check with list.`,
    };
  }
}

function describeHolder(holder: LockHolder): string {
  return holder.role === 'server'
    ? `the server (pid ${holder.pid}${holder.port ? `, port ${holder.port}` : ''}, started ${holder.startedAt})`
    : `another command (pid ${holder.pid})`;
}

/** PGlite on disk: through the running server, or here while holding DATA_DIR. */
async function runOnEmbeddedDatabase(config: Config, name: CommandName, argv: readonly string[]): Promise<Outcome> {
  mkdirSync(config.dataDir, { recursive: true });
  const deadline = Date.now() + WAIT_FOR_HOLDER_MS;
  for (;;) {
    const attempt = tryAcquireDataDirLock(config.dataDir, 'command');
    if (attempt.acquired) {
      try {
        return await runHere(config, name, argv);
      } finally {
        attempt.lock.release();
      }
    }
    const { holder } = attempt;
    if (holder.role === 'server' && holder.socket && holder.secret) {
      try {
        return await runThroughServer(holder, name, argv);
      } catch {
        // ChannelUnavailable: unless the server just ended (then the loop takes DATA_DIR), refuse.
        if (isRunning(holder) && readLockHolder(lockFileOf(config.dataDir))?.pid === holder.pid) {
          return {
            exitCode: 1,
            lines: [],
            error: `${describeHolder(holder)} holds ${config.dataDir} but does not answer on its control socket; nothing was changed: ${STOP_OR_POSTGRES}.`,
          };
        }
        continue;
      }
    }
    // A server still starting (no socket yet), or another short command: wait for it, within reason.
    if (Date.now() > deadline)
      return {
        exitCode: 1,
        lines: [],
        error: `${describeHolder(holder)} has held ${config.dataDir} for over ${WAIT_FOR_HOLDER_MS / 1000} s without taking commands; nothing was changed: ${STOP_OR_POSTGRES}.`,
      };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function outcomeOf(name: CommandName, argv: readonly string[]): Promise<Outcome> {
  let config: Config | undefined;
  try {
    parseCommandLine(commands[name], argv); // a wrong line is refused before anything is opened
    config = loadConfig();
    if (config.database.kind === 'postgres') return await runHere(config, name, argv);
    if (config.database.dataDir === null)
      return {
        exitCode: 1,
        lines: [],
        error:
          'PGLITE_STORAGE=memory: the command would change a database of its own that ends with it. Use the disk store (the default) or DATABASE_URL.',
      };
    return await runOnEmbeddedDatabase(config, name, argv);
  } catch (error) {
    if (error instanceof UsageError) return { exitCode: 2, lines: [], error: error.message };
    if (error instanceof CommandError) return { exitCode: 1, lines: [], error: error.message };
    if (error instanceof ConfigError) return { exitCode: 78, lines: [], error: error.message }; // EX_CONFIG, as npm start
    const line = config && describeDatabaseError(error, config);
    if (line) return { exitCode: 1, lines: [], error: line };
    throw error; // a defect: its stack is what a bug report needs
  }
}

/** The whole of a `scripts/<command>.ts`: run, print, exit with the outcome's status. */
export async function runFromCommandLine(name: CommandName, argv: readonly string[]): Promise<never> {
  keepNewFilesPrivate(); // docs/security.md "Private files": a command may be the first to create DATA_DIR
  const outcome = await outcomeOf(name, argv);
  for (const line of outcome.lines) process.stdout.write(`${line}\n`);
  if (outcome.error) process.stderr.write(`${outcome.error}\n`);
  process.exit(outcome.exitCode);
}
