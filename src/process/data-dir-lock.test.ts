// The DATA_DIR ownership lock (data-dir-lock.ts): one holder at a time, stale
// locks of dead processes taken over, a release never removes another holder's lock.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockFileOf, readLockHolder, tryAcquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';

const freshDir = () => mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));
/** The pid of a process that has already exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid;
/** A live process that is not this one: the parent (vitest's main process or the shell). */
const livePid = () => process.ppid;

function acquired(dir: string, role: 'server' | 'command' = 'server'): DataDirLock {
  const attempt = tryAcquireDataDirLock(dir, role, 3000);
  if (!attempt.acquired) throw new Error(`not acquired: held by ${attempt.holder.pid}`);
  return attempt.lock;
}

describe('DATA_DIR ownership lock (docs/operations.md "Commands beside a running server")', () => {
  it('the first holder gets a 0600 lock naming pid, role, port and start time; the next is told who holds it', () => {
    const dir = freshDir();
    const lock = acquired(dir);
    const holder = JSON.parse(readFileSync(lockFileOf(dir), 'utf8')) as { startedAt: string };
    expect(holder).toMatchObject({ pid: process.pid, role: 'server', port: 3000 });
    expect(new Date(holder.startedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(statSync(lockFileOf(dir)).mode & 0o777).toBe(0o600);
    lock.release();
    expect(readLockHolder(lockFileOf(dir))).toBeUndefined();
  });

  it('a lock held by a live process is not taken', () => {
    const dir = freshDir();
    writeFileSync(lockFileOf(dir), JSON.stringify({ pid: livePid(), role: 'server', port: 1, startedAt: 'x' }));
    const attempt = tryAcquireDataDirLock(dir, 'server');
    expect(attempt.acquired).toBe(false);
    expect(!attempt.acquired && attempt.holder.pid).toBe(livePid());
  });

  const staleLocks: Array<[string, () => string]> = [
    // Linux only: elsewhere the start time of a process cannot be read, and a live pid is trusted.
    ...(process.platform === 'linux'
      ? [
          [
            'a pid now used by a process that started after the lock was written (pid reuse)',
            () => JSON.stringify({ pid: livePid(), role: 'server', port: 1, startedAt: '2000-01-01T00:00:00.000Z' }),
          ] as [string, () => string],
        ]
      : []),
    ['a dead pid', () => JSON.stringify({ pid: deadPid(), role: 'server', port: 1, startedAt: 'x' })],
    [
      "this process's own pid (a previous life in the same container)",
      () => JSON.stringify({ pid: process.pid, role: 'server', port: 1, startedAt: 'old' }),
    ],
    ['an unreadable file', () => '{not json'],
  ];
  it.each(staleLocks)('a stale lock (%s) is taken over', (_what, content) => {
    const dir = freshDir();
    writeFileSync(lockFileOf(dir), content());
    const lock = acquired(dir);
    expect(readLockHolder(lockFileOf(dir))?.pid).toBe(process.pid);
    lock.release();
  });

  it('update rewrites the holder entry whole; release leaves a lock that is no longer ours alone', () => {
    const dir = freshDir();
    const lock = acquired(dir);
    lock.update({ port: 4000, socket: '/x.sock', secret: 's' });
    expect(readLockHolder(lockFileOf(dir))).toMatchObject({
      pid: process.pid,
      port: 4000,
      socket: '/x.sock',
      secret: 's',
    });
    // Someone took the lock over (ours was judged stale): neither update nor release touches theirs.
    const theirs = JSON.stringify({ pid: livePid(), role: 'server', port: 1, startedAt: 'theirs' });
    writeFileSync(lockFileOf(dir), theirs);
    lock.update({ port: 5000 });
    lock.release();
    expect(readFileSync(lockFileOf(dir), 'utf8')).toBe(theirs);
  });
});
