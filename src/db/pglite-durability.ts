// docs/operations.md "Durability", the embedded database on disk: an acknowledged write is on disk, as on
// PostgreSQL at its defaults. PGlite 0.5 starts its PostgreSQL with fsync off (`-F`), and its Node
// file system (Emscripten's NODEFS) has no fsync at all, so nothing ever reached the disk before the
// operating system chose to write it: a power cut could lose acknowledged writes. Here PostgreSQL
// runs with fsync on and syncs its WAL with fsync() (wal_sync_method=fsync: Emscripten answers
// fdatasync() without asking the file system), and each fsync() is passed to Node's fs.fsyncSync on
// the real file. PostgreSQL then syncs what it syncs on a server: the WAL at every commit, data files
// and directories at checkpoints (bench/FINDINGS.md "Embedded database durability").
// docs/security.md "Private files": PGlite also sets modes of its own (0666 on the files of a new database,
// 0644 on pg_internal.init) through chmod, which the umask does not narrow; those are narrowed here.
import { fsyncSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { privateModeOf } from '../lib/private-files.ts';

type SyncedNodeFs = { stream_ops: { fsync?: (stream: { nfd: number }) => void } };
type SetAttr = (target: unknown, node: unknown, attr: { mode?: number }, ...rest: unknown[]) => void;
type Emscripten = {
  NODEFS: SyncedNodeFs & { tryFSOperation: (operation: () => void) => void; doSetAttr: SetAttr };
};

/**
 * NODEFS whose fsync reaches the disk, `onSync` counting each one (docs/operations.md "Metrics", db_file_syncs_total),
 * and whose chmod keeps files private.
 */
class SyncingNodeFS extends NodeFS {
  readonly #onSync: () => void;

  constructor(dataDir: string, onSync: () => void) {
    super(dataDir);
    this.#onSync = onSync;
  }

  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, options);
    const patchNodeFs = (mod: unknown) => {
      const { NODEFS } = mod as Emscripten;
      // An error becomes the errno PostgreSQL expects (it then stops rather than lose a write).
      NODEFS.stream_ops.fsync = (stream) =>
        NODEFS.tryFSOperation(() => {
          fsyncSync(stream.nfd);
          this.#onSync();
        });
      // Every chmod (by path or by descriptor) goes through doSetAttr.
      const setAttr = NODEFS.doSetAttr.bind(NODEFS);
      NODEFS.doSetAttr = (target, node, attr, ...rest) =>
        setAttr(target, node, attr.mode == null ? attr : { ...attr, mode: privateModeOf(attr.mode) }, ...rest);
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), patchNodeFs] } };
  }
}

/** PGlite's own start parameters, with fsync on and the WAL synced by fsync(). */
const SYNCED_START = [
  ...PGlite.defaultStartParams.filter((parameter) => parameter !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

/** Options that open the embedded database in `dataDir` with every commit synced to disk. */
export function syncedPgliteOptions(dataDir: string, onSync: () => void): Pick<PGliteOptions, 'fs' | 'startParams'> {
  return { fs: new SyncingNodeFS(dataDir, onSync), startParams: SYNCED_START };
}
