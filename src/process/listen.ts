// `npm start` on a port that is taken (or not ours to take) stops with one line
// that says what to do, not with the stack of an unhandled 'error' event.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Config } from '../config/config.ts';

export async function listenOrExit(app: Express, config: Config): Promise<Server> {
  const server = config.host ? app.listen(config.port, config.host) : app.listen(config.port);
  try {
    await once(server, 'listening');
    return server;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const where = config.host ? ` on HOST ${config.host}` : '';
    if (code === 'EADDRINUSE')
      process.stderr.write(
        `Port ${config.port} is already in use${where}: stop the process that holds it, or start with another PORT.\n`,
      );
    else if (code === 'EACCES')
      process.stderr.write(
        `Port ${config.port} may not be opened by this user${where}: choose a PORT above 1023, or give node the right to bind it.\n`,
      );
    else if (code === 'EADDRNOTAVAIL')
      process.stderr.write(
        `HOST ${config.host} is not an address of this machine: fix HOST, or leave it empty to listen on every address.\n`,
      );
    else throw error;
    process.exit(1);
  }
}
