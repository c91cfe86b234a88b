// docs/security.md "Private files": what the service keeps on disk is its account's alone, as PostgreSQL keeps its
// data directory. Checked on the files a real server writes (the embedded database, the development
// key, the lock and control socket), and by another account (`nobody`, which root may act as) trying
// to list and read them. Modes an earlier version left wide are corrected at start with one line.
import { spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase } from '../../src/db/testing.ts';
import { DATABASE_URL, startInstance } from '../reliability/instance.ts';

const NOBODY = { uid: 65534, gid: 65534 };
const isRoot = process.getuid?.() === 0;

/** Every folder and file under `dir` (links not followed), with its permission bits. */
function modesUnder(dir: string): { path: string; folder: boolean; mode: number }[] {
  const found = [{ path: dir, folder: true, mode: lstatSync(dir).mode & 0o777 }];
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const entry = path.join(dir, name);
    const stats = lstatSync(entry, { throwIfNoEntry: false });
    if (!stats || stats.isSymbolicLink()) continue;
    found.push({ path: entry, folder: stats.isDirectory(), mode: stats.mode & 0o777 });
  }
  return found;
}

/** Folders 0700 and files 0600 at most: nothing for the group or for others. */
function expectPrivate(dir: string, expectFiles: RegExp[]): void {
  const entries = modesUnder(dir);
  const open = entries.filter((e) => (e.mode & 0o077) !== 0).map((e) => `${e.path} ${e.mode.toString(8)}`);
  expect(open, 'folders and files others may use').toEqual([]);
  for (const file of expectFiles)
    expect(
      entries.some((e) => !e.folder && file.test(e.path)),
      `a file matching ${file}`,
    ).toBe(true);
}

/** What `nobody` gets trying to list DATA_DIR and read one of its files: both refused. */
function expectRefusedToAnotherAccount(dir: string, file: string): void {
  for (const command of [
    ['ls', dir],
    ['cat', file],
  ]) {
    const run = spawnSync(command[0]!, command.slice(1), { ...NOBODY, encoding: 'utf8' });
    expect(run.status, `${command.join(' ')} as nobody`).not.toBe(0);
    expect(run.stderr).toMatch(/Permission denied/);
  }
}

const made: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'private-files-'));
  chmodSync(dir, 0o755); // another account may reach DATA_DIR: only its own mode keeps it out
  made.push(dir);
  return path.join(dir, 'data'); // a DATA_DIR the service creates itself
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('DATA_DIR is the account\'s alone: folders 0700, files 0600 (docs/security.md "Private files")', () => {
  it('the embedded database on disk: every folder and file private while serving and after a restart from wide modes', async () => {
    const dataDir = tmp();
    let instance = await startInstance({ DATA_DIR: dataDir, PGLITE_STORAGE: 'disk' }, { readyMs: 120_000 });
    try {
      // Signing keys are made at first use; the development key is written on the way.
      expect((await fetch(`${instance.origin}/.well-known/jwks.json`)).status).toBe(200);
      expectPrivate(dataDir, [
        /pglite\/global\/pg_control$/,
        /pglite\/pg_wal\//,
        /key-encryption\.key$/,
        /owner\.lock$/,
      ]);
      if (isRoot) expectRefusedToAnotherAccount(dataDir, path.join(dataDir, 'pglite', 'global', 'pg_control'));
    } finally {
      await instance.stop();
    }

    // As an earlier version left it: folders 0755, files 0666.
    for (const entry of modesUnder(dataDir)) chmodSync(entry.path, entry.folder ? 0o755 : 0o666);
    instance = await startInstance({ DATA_DIR: dataDir, PGLITE_STORAGE: 'disk' }, { readyMs: 120_000 });
    try {
      const warnings = instance
        .stdout()
        .split('\n')
        .filter((line) => line.includes('made private'))
        .map((line) => JSON.parse(line) as { level: number; path: string; msg: string; corrected: number });
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: 40, path: dataDir });
      expect(warnings[0]!.msg).toMatch(/^DATA_DIR was open to other accounts/);
      expect(warnings[0]!.corrected).toBeGreaterThan(100);
      expectPrivate(dataDir, [/pglite\/global\/pg_control$/]);
      if (isRoot) expectRefusedToAnotherAccount(dataDir, path.join(dataDir, 'key-encryption.key'));
    } finally {
      await instance.stop();
    }
  }, 300_000);

  it.skipIf(!DATABASE_URL)(
    'on PostgreSQL: DATA_DIR still holds the development key, private',
    async () => {
      const scratch = await createScratchPostgresDatabase(DATABASE_URL!);
      const dataDir = tmp();
      try {
        const instance = await startInstance(
          { DATA_DIR: dataDir, DATABASE_URL: scratch.url, KEY_ENCRYPTION_KEY: '' },
          { readyMs: 120_000 },
        );
        try {
          expect((await fetch(`${instance.origin}/.well-known/jwks.json`)).status).toBe(200);
          expectPrivate(dataDir, [/key-encryption\.key$/]);
          if (isRoot) expectRefusedToAnotherAccount(dataDir, path.join(dataDir, 'key-encryption.key'));
        } finally {
          await instance.stop();
        }
      } finally {
        await scratch.drop();
      }
    },
    200_000,
  );
});
