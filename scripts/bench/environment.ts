// What a result depends on besides the code: the machine, the versions, the exact command. Written
// next to every result so that two runs can be compared knowingly.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './options.ts';

const require = createRequire(import.meta.url);

function packageVersion(name: string): string {
  try {
    const manifest = path.join(
      path.dirname(require.resolve(`${name}/package.json`, { paths: [REPO_ROOT] })),
      'package.json',
    );
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  } catch {
    // packages whose exports map hides package.json: find it by walking up from the entry
    let dir = path.dirname(require.resolve(name, { paths: [REPO_ROOT] }));
    while (dir !== path.dirname(dir)) {
      try {
        const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
          name?: string;
          version?: string;
        };
        if (manifest.name === name && manifest.version) return manifest.version;
      } catch {
        // keep walking
      }
      dir = path.dirname(dir);
    }
    return 'unknown';
  }
}

function git(args: string[], cwd: string): string | null {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

export type Machine = { nproc: number; model: string; memoryGiB: number; kernel: string; hostname: string };
export type Versions = {
  node: string;
  postgres: string;
  oidcProvider: string;
  express: string;
  autocannon: string;
  ours: string;
  /** The --baseline-dir checkout's commit, when there is one. */
  baseline?: string;
};

export function machine(): Machine {
  const cpus = os.cpus();
  // os.cpus(): every core of the machine; availableParallelism() would count only the harness's pinned one.
  return {
    nproc: cpus.length,
    model: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    kernel: `${os.type()} ${os.release()}`,
    hostname: os.hostname(),
  };
}

/** A checkout's commit (git rev-parse), and whether its tree differs from it; null when it is no git checkout. */
export function treeVersion(dir: string): string | null {
  const commit = git(['rev-parse', '--short=12', 'HEAD'], dir);
  if (!commit) return null;
  const changed = git(['status', '--porcelain'], dir)?.split('\n').filter(Boolean).length ?? 0;
  return changed ? `${commit} + uncommitted changes in ${changed} paths (work in progress in the tree)` : commit;
}

/** Our service's version: its tree's, else this repository's commit with a note that it ran from elsewhere. */
export function ourVersion(serverDir: string): string {
  const version = treeVersion(serverDir);
  if (version) return version;
  const commit = git(['rev-parse', '--short=12', 'HEAD'], REPO_ROOT);
  return commit ? `${commit} (tree at ${serverDir}, not a git checkout)` : 'unknown';
}

export function versions(postgres: string, serverDir: string, baselineDir: string | null): Versions {
  return {
    node: process.version,
    postgres,
    oidcProvider: packageVersion('oidc-provider'),
    express: packageVersion('express'),
    autocannon: packageVersion('autocannon'),
    ours: ourVersion(serverDir),
    // No fallback to this repository's commit: a baseline recorded as ours would compare ours with itself.
    ...(baselineDir ? { baseline: treeVersion(baselineDir) ?? `unknown (${baselineDir} is not a git checkout)` } : {}),
  };
}

/** The command as typed, for RESULTS.md: npm's script name when run through npm. */
export function commandLine(argv: string[]): string {
  const script = process.env.npm_lifecycle_event;
  const env = Object.entries(process.env)
    .filter(([k]) => k.startsWith('BENCH_'))
    .map(([k, v]) => `${k}=${v}`);
  const args = argv.length ? ` -- ${argv.join(' ')}` : '';
  const base = script
    ? `npm run ${script}${args}`
    : `node scripts/bench/run.ts${argv.length ? ` ${argv.join(' ')}` : ''}`;
  return [...env, base].join(' ');
}
