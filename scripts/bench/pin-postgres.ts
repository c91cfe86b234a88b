// bench/README.md puts PostgreSQL "beside the generator": pinned to the generator's core, so
// the server under test has its own core to itself and its figures are not shared with the
// database's. The local server's postmaster and every process it has forked are pinned with
// taskset; backends forked later inherit the postmaster's mask. The masks are put back when the
// run ends. A server that is not on this machine, or that we may not re-pin, stays as it is and
// the report says so.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';

export type PostgresPinning = {
  /** The core PostgreSQL runs on during the run, or null when it was left unpinned. */
  core: number | null;
  /** One line for the report: how PostgreSQL ran. */
  note: string;
  restore: () => void;
};

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** The parent pid from /proc/<pid>/stat (its 4th field, after the parenthesised command). */
function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function maskOf(pid: number): string {
  // "pid 123's current affinity mask: 3"
  return execFileSync('taskset', ['-p', String(pid)], { encoding: 'utf8' })
    .trim()
    .split(': ')
    .at(-1)!;
}

function setMask(pid: number, mask: string): void {
  execFileSync('taskset', ['-p', mask, String(pid)], { stdio: 'ignore' });
}

/** The postmaster: the parent of a backend, read while that backend still lives. */
async function postmasterPid(serverUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return parentOf((await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
  } finally {
    await client.end();
  }
}

const unpinned = (reason: string): PostgresPinning => ({
  core: null,
  note: `PostgreSQL unpinned (${reason})`,
  restore: () => undefined,
});

export async function pinPostgres(serverUrl: string, core: number): Promise<PostgresPinning> {
  if (!LOCAL_HOSTS.has(new URL(serverUrl).hostname)) return unpinned('not on this machine');
  try {
    const postmaster = await postmasterPid(serverUrl);
    if (!readFileSync(`/proc/${postmaster}/comm`, 'utf8').startsWith('postgres'))
      return unpinned('its postmaster was not found');
    const original = maskOf(postmaster);
    const mask = (1 << core).toString(16);
    setMask(postmaster, mask);
    for (const child of childrenOf(postmaster)) setMask(child, mask);
    return {
      core,
      note: `PostgreSQL pinned to core ${core}, beside the load generator`,
      restore: () => {
        for (const pid of [postmaster, ...childrenOf(postmaster)]) {
          try {
            setMask(pid, original);
          } catch {
            // a backend that ended meanwhile
          }
        }
      },
    };
  } catch (error) {
    return unpinned(`could not re-pin it: ${(error as Error).message.split('\n')[0]}`);
  }
}
