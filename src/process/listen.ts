// `npm start` on a port that is taken (or not ours to take) stops with one line
// that says what to do, not with the stack of an unhandled 'error' event.
import { once, type EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import type { Express } from 'express';
import type { Config } from '../config/config.ts';

/** The line for a listen error an operator can fix, or undefined for anything else. */
function describeListenError(error: unknown, config: Config): string | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  const where = config.host ? ` on HOST ${config.host}` : '';
  if (code === 'EADDRINUSE')
    return `Port ${config.port} is already in use${where}: stop the process that holds it, or start with another PORT.`;
  if (code === 'EACCES')
    return `Port ${config.port} may not be opened by this user${where}: choose a PORT above 1023, or give node the right to bind it.`;
  if (code === 'EADDRNOTAVAIL')
    return `HOST ${config.host} is not an address of this machine: fix HOST, or leave it empty to listen on every address.`;
  return undefined;
}

async function listenedOrExit(server: EventEmitter, config: Config): Promise<void> {
  try {
    await once(server, 'listening');
  } catch (error) {
    const line = describeListenError(error, config);
    if (!line) throw error;
    process.stderr.write(`${line}\n`);
    process.exit(1);
  }
}

export async function listenOrExit(app: Express, config: Config): Promise<Server> {
  const server = config.host ? app.listen(config.port, config.host) : app.listen(config.port);
  // docs/operations.md "Configuration", KEEP_ALIVE_TIMEOUT_MS: an idle connection outlives the balancer's (Node's own 5 s
  // would close it under the balancer's feet); headers may take a little longer, so that a request begun
  // just before the idle deadline is not cut by the header deadline (Node's http.Server headersTimeout).
  server.keepAliveTimeout = config.http.keepAliveTimeoutMs;
  server.headersTimeout = config.http.headersTimeoutMs;
  await listenedOrExit(server, config);
  return server;
}

/**
 * The cluster primary (docs/operations.md "Running on several cores") opens and closes PORT before it starts
 * the workers, so a port already taken is one line from it, not the same line from every worker.
 */
export async function checkPortOrExit(config: Config): Promise<void> {
  if (config.port === 0) return; // each listen picks a free port
  const probe = createServer();
  if (config.host) probe.listen(config.port, config.host);
  else probe.listen(config.port);
  await listenedOrExit(probe, config);
  await new Promise((resolve) => probe.close(resolve));
}
