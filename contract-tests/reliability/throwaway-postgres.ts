// A PostgreSQL cluster of the test's own, to stop and start at will (PostgreSQL stopped
// for ten seconds) without touching the shared server other suites use: initdb into a temporary
// folder, a free port on loopback, the unix socket in that folder. PostgreSQL refuses to run as
// root, so as root the cluster belongs to the `postgres` system account (runuser).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './instance.ts';

export type Cluster = {
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: sessions are ended, the server is gone when this returns. */
  stop: () => void;
  /** `pg_ctl stop -m immediate`: the server's processes quit at once, as in a crash; the next start recovers. */
  crash: () => void;
  start: () => void;
  destroy: () => void;
};

/** The directory of initdb and pg_ctl, or undefined when no server binaries are installed. */
export function postgresBinaries(): string | undefined {
  const candidates: string[] = [];
  if (process.env.PG_BINDIR) candidates.push(process.env.PG_BINDIR);
  try {
    candidates.push(
      execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
    );
  } catch {
    // no pg_config on PATH
  }
  if (existsSync('/usr/lib/postgresql')) {
    for (const version of readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)))
      candidates.push(`/usr/lib/postgresql/${version}/bin`);
  }
  return candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
}

function systemAccount(name: string): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/** Why a throwaway cluster cannot be made here, or undefined when it can. */
export function throwawayPostgresUnavailable(): string | undefined {
  if (!postgresBinaries()) return 'no PostgreSQL server binaries (initdb, pg_ctl) found; set PG_BINDIR';
  if (process.getuid?.() === 0 && !systemAccount('postgres'))
    return 'running as root without a postgres system account to own the cluster';
  return undefined;
}

/**
 * Why a suite on a throwaway cluster skips here (it runs in the PostgreSQL pass, where the server
 * binaries are), said once on the console; undefined when it runs.
 */
export function skipWithoutThrowawayPostgres(suite: string): string | undefined {
  const reason = !process.env.DATABASE_URL
    ? 'it runs in the PostgreSQL pass (DATABASE_URL set)'
    : throwawayPostgresUnavailable();
  if (reason) console.warn(`[reliability] skipping ${suite}: ${reason}`);
  return reason;
}

const live = new Set<() => void>();
process.once('exit', () => {
  for (const stop of live) stop();
});

export async function createThrowawayCluster(): Promise<Cluster> {
  const bin = postgresBinaries()!;
  const root = mkdtempSync(path.join(os.tmpdir(), 'throwaway-pg-'));
  const data = path.join(root, 'data');
  const account = process.getuid?.() === 0 ? systemAccount('postgres') : undefined;
  if (account) chownSync(root, account.uid, account.gid);
  const run = (tool: string, args: string[]) => {
    const command = account
      ? (['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] as const)
      : ([path.join(bin, tool), args] as const);
    execFileSync(command[0], [...command[1]], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  };
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // A power cut is not under test: no fsync keeps the cluster cheap on a shared CI machine. A crash of
  // the server's processes is (`crash`), so a commit is acknowledged only once its WAL is written
  // (synchronous_commit on): the operating system keeps what was written when the processes die.
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=on -c full_page_writes=off -c max_connections=50 -c shared_buffers=16MB`;
  let running = false;
  const start = () => {
    run('pg_ctl', ['-D', data, '-l', path.join(root, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
    running = true;
  };
  const stopWith = (mode: 'fast' | 'immediate') => {
    if (!running) return;
    run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
    running = false;
  };
  const emergency = () => {
    try {
      stopWith('immediate');
    } catch {
      // already gone
    }
  };
  live.add(emergency);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => stopWith('fast'),
    crash: () => stopWith('immediate'),
    start,
    destroy: () => {
      emergency();
      live.delete(emergency);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
