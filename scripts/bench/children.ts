// Child processes of the harness (servers under test), each pinned to a core with taskset so the
// server and the load generator never share one. Every child is tracked here and killed when the
// harness exits, fails or is interrupted: a benchmark must never leave a server behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';

export type Child = { name: string; pid: number; process: ChildProcess; logPath: string; stop: () => Promise<void> };

const running = new Set<ChildProcess>();

/** Synchronous last resort for process.on('exit'): async work is impossible there. */
export function killAllChildrenNow(): void {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * Starts `node <script>` on one core. taskset execs node, so the pid is node's own and
 * /proc/<pid>/stat measures the server itself, not a wrapper.
 */
export function spawnPinned(options: {
  name: string;
  core: number;
  script: string;
  args?: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  logPath: string;
  nodeArgs?: string[];
}): Child {
  const log: WriteStream = createWriteStream(options.logPath);
  // A child inherits the harness's nice value (--nice), so only the core is set here.
  const child = spawn(
    'taskset',
    [
      '-c',
      String(options.core),
      process.execPath,
      ...(options.nodeArgs ?? []),
      options.script,
      ...(options.args ?? []),
    ],
    {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  child.once('exit', () => {
    running.delete(child);
    log.end();
  });
  if (child.pid === undefined) throw new Error(`could not start ${options.name}`);
  return {
    name: options.name,
    pid: child.pid,
    process: child,
    logPath: options.logPath,
    stop: () => stopChild(child),
  };
}

/** SIGTERM (the servers finish in-flight requests), then SIGKILL if it takes too long. */
export async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Resolves with the first stdout line that parses as JSON and has `ready` (oidc-provider child). */
export function readyMessage<T>(child: Child, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(
      () => fail(new Error(`${child.name} did not report ready within ${timeoutMs} ms (log: ${child.logPath})`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (!line.startsWith('{')) continue;
        try {
          const message = JSON.parse(line) as { ready?: boolean };
          if (message.ready) return done(message as T);
        } catch {
          // a log line that merely starts with a brace
        }
      }
    };
    const onExit = (code: number | null) =>
      fail(new Error(`${child.name} exited (${code}) before it was ready (log: ${child.logPath})`));
    function cleanup() {
      clearTimeout(timer);
      child.process.stdout!.off('data', onData);
      child.process.off('exit', onExit);
    }
    function done(value: T) {
      cleanup();
      resolve(value);
    }
    function fail(error: Error) {
      cleanup();
      reject(error);
    }
    child.process.stdout!.on('data', onData);
    child.process.once('exit', onExit);
  });
}

/** Polls a URL until it answers 2xx; fails early if the child dies. */
export async function waitForHttp(child: Child, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null)
      throw new Error(
        `${child.name} exited with ${child.process.exitCode} before it was ready (log: ${child.logPath})`,
      );
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${child.name} not ready at ${url} after ${timeoutMs} ms (log: ${child.logPath})`);
}
