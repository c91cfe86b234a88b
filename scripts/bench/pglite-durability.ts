// What syncing each commit costs the embedded database (docs/operations.md "Durability"): single-row
// inserts, each its own commit, on PGlite as it opens by default (fsync off, and its Node file system
// has no fsync) and as the service opens it (src/db/pglite-durability.ts: every fsync() reaches the
// disk). Both in interleaved rounds on DATA_DIR's disk, so machine noise falls on both alike; the
// figure is the ratio of their medians, and the syncs each commit made.
//
//   node scripts/bench/pglite-durability.ts [--rounds=10] [--per-round=300] [--dir=./data]
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { syncedPgliteOptions } from '../../src/db/pglite-durability.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    'per-round': { type: 'string', default: '300' },
    dir: { type: 'string', default: './data' },
  },
  strict: true,
});
const rounds = Number(values.rounds);
const perRound = Number(values['per-round']);
mkdirSync(values.dir, { recursive: true });
const root = mkdtempSync(path.join(path.resolve(values.dir), 'durability-bench-'));

let syncs = 0;
const open = async (synced: boolean) => {
  const dir = path.join(root, synced ? 'synced' : 'default');
  const db = synced ? new PGlite({ ...syncedPgliteOptions(dir, () => void syncs++) }) : new PGlite(dir);
  await db.waitReady;
  await db.exec('create table if not exists t (id bigserial primary key, v text not null)');
  return db;
};
const databases = { default: await open(false), synced: await open(true) };
const perCommit: Record<keyof typeof databases, number[]> = { default: [], synced: [] };
let syncedCommits = 0;
let syncedSyncs = 0;

for (let round = 0; round < rounds; round++) {
  for (const name of round % 2 ? (['synced', 'default'] as const) : (['default', 'synced'] as const)) {
    const db = databases[name];
    const syncsBefore = syncs;
    const started = performance.now();
    for (let i = 0; i < perRound; i++) await db.query('insert into t (v) values ($1)', [`row ${i}`]);
    perCommit[name].push((performance.now() - started) / perRound);
    if (name !== 'synced') continue;
    syncedCommits += perRound;
    syncedSyncs += syncs - syncsBefore;
  }
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const [plain, synced] = [median(perCommit.default), median(perCommit.synced)];
console.log(
  JSON.stringify({
    rounds,
    perRound,
    msPerCommit: { default: Number(plain.toFixed(3)), synced: Number(synced.toFixed(3)) },
    commitsPerSecond: { default: Math.round(1000 / plain), synced: Math.round(1000 / synced) },
    ratio: Number((synced / plain).toFixed(2)),
    syncsPerCommit: Number((syncedSyncs / syncedCommits).toFixed(2)),
  }),
);
await databases.default.close();
await databases.synced.close();
rmSync(root, { recursive: true, force: true });
