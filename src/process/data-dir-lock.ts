// The embedded database (PGlite under DATA_DIR) belongs to one process. Whoever
// opens it (the server, or a command while no server runs) first holds DATA_DIR/owner.lock, a small
// JSON file naming the holder: pid, role, port, start time and, for a server, its control socket
// (control-channel.ts) and that socket's secret; hence mode 0600.
//
// Creation is atomic and complete: the content is written to a private temporary file which is then
// hard-linked to the lock path. link(2) fails with EEXIST exactly as open(O_CREAT|O_EXCL) ("wx")
// does, and a reader never sees a half-written lock. A lock whose pid no longer runs (a crash, a
// SIGKILL) is stale: it is renamed aside (atomic), checked to be the one judged stale, and removed.
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type LockHolder = {
  pid: number;
  role: 'server' | 'command';
  /** The server's TCP port once it listens (null before, and for a command). */
  port: number | null;
  startedAt: string;
  /** The server's control socket and its secret, once it accepts commands there. */
  socket?: string;
  secret?: string;
};

export type DataDirLock = {
  readonly file: string;
  /** Rewrites this holder's entry (port, socket), atomically; a no-op once the lock is not ours. */
  update(changes: Partial<Pick<LockHolder, 'port' | 'socket' | 'secret'>>): void;
  release(): void;
};

export type LockAttempt = { acquired: true; lock: DataDirLock } | { acquired: false; holder: LockHolder };

export function lockFileOf(dataDir: string): string {
  return path.join(dataDir, 'owner.lock');
}

export function readLockHolder(file: string): LockHolder | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const holder = JSON.parse(text) as LockHolder;
    return Number.isInteger(holder.pid) && holder.pid > 0
      ? holder
      : { pid: 0, role: 'command', port: null, startedAt: '' };
  } catch {
    return { pid: 0, role: 'command', port: null, startedAt: '' }; // unreadable: treated as stale
  }
}

/**
 * When the process with this pid started (Linux: /proc/<pid>/stat field 22, in clock ticks of
 * 1/100 s after the boot time in /proc/stat); undefined where that cannot be read.
 */
function processStartMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const bootSeconds = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    return Number.isFinite(ticks) && Number.isFinite(bootSeconds) ? bootSeconds * 1000 + ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/** Slack for the 1 s resolution of the boot time. */
const START_TIME_SLACK_MS = 2_000;

/**
 * Whether the holder still runs: kill(pid, 0) tests for existence (EPERM: it exists under another
 * user). A pid is reused after its process ends, so where the start time of the process can be
 * read, one that started after the lock was written is another process, and the lock is stale.
 */
export function isRunning(holder: Pick<LockHolder, 'pid' | 'startedAt'>): boolean {
  const { pid } = holder;
  if (pid <= 0 || pid === process.pid) return false; // our own pid in an old lock: a previous life of this container
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStartMs(pid);
  const locked = Date.parse(holder.startedAt);
  return started === undefined || Number.isNaN(locked) || started <= locked + START_TIME_SLACK_MS;
}

function writePrivate(file: string, holder: LockHolder): string {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(temporary, `${JSON.stringify(holder)}\n`, { mode: 0o600, flag: 'wx' });
  return temporary;
}

function sameHolder(a: LockHolder | undefined, b: LockHolder): boolean {
  return a !== undefined && a.pid === b.pid && a.startedAt === b.startedAt;
}

/** Moves a stale lock aside; puts it back if, in a race, what was moved is a fresh one. */
function removeStale(file: string, stale: LockHolder): void {
  const aside = `${file}.stale.${process.pid}.${randomBytes(6).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // another process took it over first
    throw error;
  }
  if (!sameHolder(readLockHolder(aside), stale)) {
    try {
      linkSync(aside, file);
    } catch {
      // yet another holder appeared meanwhile; it keeps the lock
    }
  }
  unlinkSync(aside);
}

export function tryAcquireDataDirLock(
  dataDir: string,
  role: LockHolder['role'],
  port: number | null = null,
): LockAttempt {
  const file = lockFileOf(dataDir);
  const mine: LockHolder = { pid: process.pid, role, port, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt++) {
    const temporary = writePrivate(file, mine);
    try {
      linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLockHolder(file);
      if (holder && isRunning(holder)) return { acquired: false, holder };
      if (holder) removeStale(file, holder);
      continue;
    } finally {
      unlinkSync(temporary);
    }
    return { acquired: true, lock: ownLock(file, mine) };
  }
  const holder = readLockHolder(file);
  if (holder) return { acquired: false, holder };
  throw new Error(`could not take ${file}`);
}

function ownLock(file: string, mine: LockHolder): DataDirLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    if (sameHolder(readLockHolder(file), mine)) unlinkSync(file);
  };
  // Every exit path runs 'exit' listeners (process.exit, the end of the event loop, an uncaught
  // error); only SIGKILL and a power cut leave the lock behind, and then it is stale.
  process.on('exit', release);
  return {
    file,
    release,
    update(changes) {
      if (!held || !sameHolder(readLockHolder(file), mine)) return;
      Object.assign(mine, changes);
      const temporary = writePrivate(file, mine);
      renameSync(temporary, file);
    },
  };
}
