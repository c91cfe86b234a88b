// How a command reaches the server that owns the embedded database. The server
// listens on a Unix domain socket inside DATA_DIR (in a 0700 folder, the socket itself 0600: only
// the account that runs the server can connect), and every request must also carry the random
// secret kept in the 0600 lock file (data-dir-lock.ts). It is never a TCP port, so it is never
// reachable on the schools' public origins. One request, one command line, answered with the
// lines to print: POST /commands {command, argv} -> 200 {lines} | 4xx/5xx {error, exitCode}.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';

export type ControlRequest = { command: string; argv: string[] };
export type ControlAnswer = { status: number; lines?: string[]; error?: string; exitCode?: number };

export type ControlChannel = { socket: string; secret: string; close(): Promise<void> };

/** sun_path holds 108 bytes on Linux and 104 on macOS; a deep DATA_DIR gets a private folder in the temp dir instead. */
const SOCKET_PATH_LIMIT = 100;
const BODY_LIMIT = 64 * 1024;

function socketFolder(dataDir: string): { folder: string; temporary: boolean } {
  const folder = path.join(dataDir, 'control');
  if (Buffer.byteLength(path.join(folder, 'server.sock')) <= SOCKET_PATH_LIMIT) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    chmodSync(folder, 0o700);
    return { folder, temporary: false };
  }
  return { folder: mkdtempSync(path.join(os.tmpdir(), 'course-school-')), temporary: true }; // mkdtemp makes it 0700
}

function secretMatches(header: string | undefined, secret: string): boolean {
  const given = Buffer.from(/^Bearer (\S+)$/.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function readRequest(req: http.IncomingMessage): Promise<ControlRequest | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) req.destroy(new Error('request too large'));
      else chunks.push(chunk);
    });
    req.on('error', reject);
    req.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<ControlRequest>;
        const valid =
          typeof body.command === 'string' && Array.isArray(body.argv) && body.argv.every((a) => typeof a === 'string');
        resolve(valid ? (body as ControlRequest) : undefined);
      } catch {
        resolve(undefined);
      }
    });
  });
}

export async function openControlChannel(options: {
  dataDir: string;
  log: Logger;
  run: (request: ControlRequest) => Promise<ControlAnswer>;
}): Promise<ControlChannel> {
  const { folder, temporary } = socketFolder(options.dataDir);
  const socket = path.join(folder, 'server.sock');
  const secret = randomBytes(32).toString('base64url');
  // A socket file left by a server that was killed: we hold the lock, so it is nobody's.
  try {
    unlinkSync(socket);
  } catch {
    // none there
  }
  const server = http.createServer((req, res) => {
    const answer = async (): Promise<ControlAnswer> => {
      if (req.method !== 'POST' || req.url !== '/commands')
        return { status: 404, error: 'Unknown request.', exitCode: 1 };
      if (!secretMatches(req.headers.authorization, secret))
        return {
          status: 401,
          error: 'The control secret does not match (is DATA_DIR shared by two servers?).',
          exitCode: 1,
        };
      const request = await readRequest(req);
      if (!request) return { status: 400, error: 'A command request is JSON {command, argv}.', exitCode: 2 };
      return options.run(request);
    };
    // The request listener's return value is ignored by node:http: the answer is written when it settles.
    void answer()
      .catch((error: unknown) => {
        options.log.error({ err: error }, 'control socket: command failed');
        return { status: 500, error: 'The server could not run the command; its log says why.', exitCode: 1 };
      })
      .then(({ status, ...body }) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ path: socket, readableAll: false, writableAll: false }, () => resolve());
  });
  chmodSync(socket, 0o600);
  return {
    socket,
    secret,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          if (temporary) rmSync(folder, { recursive: true, force: true });
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
