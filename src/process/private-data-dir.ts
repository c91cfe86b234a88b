// docs/security.md "Private files", at start: DATA_DIR (and STORAGE_DIR when it lies elsewhere) is made the
// account's own before anything opens it. Modes left wider by an earlier version are corrected with
// one warning line naming the folder; a folder another account owns, or a wide file this account may
// not change, stops the start with one line (exit 1), as PostgreSQL refuses such a data directory.
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { makeTreePrivate, NotPrivate, octal, PRIVATE_UMASK } from '../lib/private-files.ts';

/** The start-up refusal, its message the one line to print. */
export class DataDirNotPrivate extends Error {
  constructor(line: string) {
    super(line);
    this.name = 'DataDirNotPrivate';
  }
}

/** Every folder and file this process creates from now on is its account's alone. */
export function keepNewFilesPrivate(): void {
  process.umask(PRIVATE_UMASK);
}

/** The folders the service writes, each under the variable that names it. */
function privateTrees(config: Config): { variable: string; dir: string }[] {
  const trees = [{ variable: 'DATA_DIR', dir: config.dataDir }];
  const relative = path.relative(config.dataDir, config.storage.dir);
  const inside = !relative.startsWith('..') && !path.isAbsolute(relative);
  if (!inside) trees.push({ variable: 'STORAGE_DIR', dir: config.storage.dir });
  return trees;
}

/** Makes DATA_DIR and STORAGE_DIR private, or throws DataDirNotPrivate with the line to print. */
export function makeDataPrivate(config: Config, log: Logger): void {
  for (const { variable, dir } of privateTrees(config)) {
    try {
      const { exposed, corrected } = makeTreePrivate(dir);
      if (corrected > 0)
        log.warn(
          { path: dir, corrected },
          exposed
            ? `${variable} was open to other accounts: made private (folders 0700, files 0600)`
            : `${variable} held folders or files wider than 0700/0600: made private`,
        );
    } catch (error) {
      if (!(error instanceof NotPrivate)) throw error;
      const uid = process.getuid?.() ?? '?';
      throw new DataDirNotPrivate(
        `Cannot use ${variable} ${dir}: ${error.path} (mode ${octal(error.mode)}) belongs to uid ${error.owner}, not to this account (uid ${uid}), which keeps its data private (folders 0700, files 0600). Give it to this account (chown -R ${uid} ${dir}) or run the service as its owner.`,
      );
    }
  }
}
