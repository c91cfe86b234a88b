// docs/operations.md "Commands beside a running server", the server's side: with the embedded database on disk, `npm start` holds
// DATA_DIR (data-dir-lock.ts) before opening it, so a second server on the same DATA_DIR stops
// with one line instead of opening the database twice; once listening, it takes operator commands
// on its control socket (control-channel.ts) and runs them with its own services, so the change is
// live at once (the sites cache and the signing-key cache are this process's own).
import { mkdirSync } from 'node:fs';
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { Services } from '../services/create-services.ts';
import { CommandError, UsageError } from './commands/command-line.ts';
import { isCommandName, runCommand } from './commands/index.ts';
import { openControlChannel, type ControlAnswer, type ControlChannel, type ControlRequest } from './control-channel.ts';
import { tryAcquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';

/** A command holds DATA_DIR for seconds; a server starting meanwhile waits this long for it. */
const WAIT_FOR_COMMAND_MS = 60_000;

/** Holds DATA_DIR for this server, or prints why not and exits 1. Null when nothing needs holding. */
export async function claimDataDir(config: Config): Promise<DataDirLock | null> {
  if (config.database.kind !== 'pglite' || config.database.dataDir === null) return null;
  mkdirSync(config.database.dataDir, { recursive: true }); // DATA_DIR/pglite, and DATA_DIR with it
  const deadline = Date.now() + WAIT_FOR_COMMAND_MS;
  for (;;) {
    const attempt = tryAcquireDataDirLock(config.dataDir, 'server', config.port || null);
    if (attempt.acquired) return attempt.lock;
    const { holder } = attempt;
    if (holder.role === 'command' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    const who =
      holder.role === 'server'
        ? `a server (pid ${holder.pid}${holder.port ? `, port ${holder.port}` : ''}, started ${holder.startedAt})`
        : `a command (pid ${holder.pid})`;
    process.stderr.write(
      `DATA_DIR ${config.dataDir} is in use by ${who}; its embedded database belongs to one process. Stop that one, or start this one with another DATA_DIR or with DATABASE_URL.\n`,
    );
    process.exit(1);
  }
}

async function answer(
  request: ControlRequest,
  deps: { config: Config; services: Services; log: Logger },
): Promise<ControlAnswer> {
  if (!isCommandName(request.command))
    return { status: 400, error: `Unknown command "${request.command}".`, exitCode: 2 };
  const { services, config } = deps;
  try {
    const lines = await runCommand(request.command, request.argv, {
      db: services.db,
      config,
      signingKeys: () => services.signingKeys,
    });
    deps.log.info(
      { command: request.command, action: request.argv[0] },
      'operator command run through the control socket',
    );
    return { status: 200, lines };
  } catch (error) {
    if (error instanceof UsageError) return { status: 400, error: error.message, exitCode: 2 };
    if (error instanceof CommandError) return { status: 422, error: error.message, exitCode: 1 };
    throw error;
  }
}

/**
 * Opens the control socket and names it (with its secret) in the lock file. A socket that cannot
 * be opened (a file system without sockets) does not stop the service: commands then refuse,
 * saying to stop the server first, and nothing is lost.
 */
export async function acceptCommands(
  lock: DataDirLock,
  deps: { config: Config; services: Services; log: Logger },
): Promise<ControlChannel | null> {
  try {
    const channel = await openControlChannel({
      dataDir: deps.config.dataDir,
      log: deps.log,
      run: (request) => answer(request, deps),
    });
    lock.update({ socket: channel.socket, secret: channel.secret });
    return channel;
  } catch (error) {
    deps.log.warn(
      { err: error },
      'control socket not opened: operator commands on this DATA_DIR refuse until the server stops',
    );
    return null;
  }
}
