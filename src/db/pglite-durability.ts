// README "Durability", the embedded database on disk: an acknowledged write is on disk, as on
// PostgreSQL at its defaults. PGlite 0.5 starts its PostgreSQL with fsync off (`-F`), and its Node
// file system (Emscripten's NODEFS) has no fsync at all, so nothing ever reached the disk before the
// operating system chose to write it: a power cut could lose acknowledged writes. Here PostgreSQL
// runs with fsync on and syncs its WAL with fsync() (wal_sync_method=fsync: Emscripten answers
// fdatasync() without asking the file system), and each fsync() is passed to Node's fs.fsyncSync on
// the real file. PostgreSQL then syncs what it syncs on a server: the WAL at every commit, data files
// and directories at checkpoints (bench/ANALYSIS.md, "The embedded database syncs at commit").
import { fsyncSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type SyncedNodeFs = { stream_ops: { fsync?: (stream: { nfd: number }) => void } };
type Emscripten = { NODEFS: SyncedNodeFs & { tryFSOperation: (operation: () => void) => void } };

/** NODEFS whose fsync reaches the disk; `onSync` counts each one (README "Metrics", db_file_syncs_total). */
class SyncingNodeFS extends NodeFS {
  readonly #onSync: () => void;

  constructor(dataDir: string, onSync: () => void) {
    super(dataDir);
    this.#onSync = onSync;
  }

  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, options);
    const syncFiles = (mod: unknown) => {
      const { NODEFS } = mod as Emscripten;
      // An error becomes the errno PostgreSQL expects (it then stops rather than lose a write).
      NODEFS.stream_ops.fsync = (stream) =>
        NODEFS.tryFSOperation(() => {
          fsyncSync(stream.nfd);
          this.#onSync();
        });
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), syncFiles] } };
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
