// docs/security.md "Private files": what the service keeps on disk (the embedded database, keys, uploads) is
// its account's alone, as PostgreSQL keeps its data directory: folders 0700, files 0600. New files
// get it from the process's umask; files an earlier version or another tool left wider are
// corrected here, without following symbolic links (a link could point anywhere).
import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';

/** The umask that makes every new folder 0700 and every new file 0600. */
export const PRIVATE_UMASK = 0o077;

/** `mode` without any right for the group or for others. */
export function privateModeOf(mode: number): number {
  return mode & ~PRIVATE_UMASK;
}

/** A folder or file that cannot be made private: its owner is another account. */
export class NotPrivate extends Error {
  readonly path: string;
  readonly owner: number;
  readonly mode: number;

  constructor(entry: string, owner: number, mode: number) {
    super(`${entry} (mode ${octal(mode)}) belongs to uid ${owner}`);
    this.name = 'NotPrivate';
    this.path = entry;
    this.owner = owner;
    this.mode = mode;
  }
}

export type PrivacyOutcome = {
  /** True when the top folder let other accounts in: everything under it was theirs to read. */
  exposed: boolean;
  /** Folders and files whose mode was narrowed. */
  corrected: number;
};

export function octal(mode: number): string {
  return `0${(mode & 0o7777).toString(8)}`;
}

/** The running account, or null where there are no POSIX accounts (Windows). */
function currentUid(): number | null {
  return typeof process.getuid === 'function' ? process.getuid() : null;
}

/**
 * Creates `dir` private when it is missing; otherwise narrows every folder and file under it to the
 * account's own rights. Throws NotPrivate for the top folder when another account owns it (as
 * PostgreSQL refuses a data directory of another owner), and for anything inside that is open to
 * others and that this account may not change. Folders this account may not read are left alone.
 */
export function makeTreePrivate(dir: string): PrivacyOutcome {
  const uid = currentUid();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (uid === null) return { exposed: false, corrected: 0 };
  const top = statSync(dir); // DATA_DIR itself may be a link to the real folder
  if (top.uid !== uid) throw new NotPrivate(dir, top.uid, top.mode);
  const outcome: PrivacyOutcome = { exposed: (top.mode & PRIVATE_UMASK) !== 0, corrected: 0 };
  if (narrow(dir, top, uid)) outcome.corrected++;
  const folders = [dir];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    for (const name of entriesOf(folder)) {
      const entry = path.join(folder, name);
      const stats = lstatOrNull(entry);
      if (!stats || stats.isSymbolicLink()) continue;
      if (narrow(entry, stats, uid)) outcome.corrected++;
      if (stats.isDirectory()) folders.push(entry);
    }
  }
  return outcome;
}

/** Narrows one entry's mode; true when it changed. */
function narrow(entry: string, stats: Stats, uid: number): boolean {
  const wanted = privateModeOf(stats.mode);
  if (wanted === stats.mode) return false;
  if (stats.uid !== uid) throw new NotPrivate(entry, stats.uid, stats.mode);
  chmodSync(entry, wanted & 0o7777);
  return true;
}

/** A folder's names; none when this account may not read it or it went away meanwhile. */
function entriesOf(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch (error) {
    if (isCode(error, 'EACCES', 'ENOENT', 'ENOTDIR')) return [];
    throw error;
  }
}

function lstatOrNull(entry: string): Stats | null {
  try {
    return lstatSync(entry);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return null;
    throw error;
  }
}

function isCode(error: unknown, ...codes: string[]): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && codes.includes(code);
}
