// The command's side of the control socket (control-channel.ts): sends one command line to the
// server that holds DATA_DIR and returns its answer. A socket that is missing or refuses the
// connection means the server cannot take commands (it is starting, or it died a moment ago):
// ChannelUnavailable, which run-command.ts turns into waiting or an honest refusal.
import http from 'node:http';
import type { ControlAnswer, ControlRequest } from './control-channel.ts';

export class ChannelUnavailable extends Error {}

/** Generous: a rotation or a seed on a busy embedded database takes a few seconds. */
const ANSWER_TIMEOUT_MS = 120_000;

export function sendToServer(socket: string, secret: string, request: ControlRequest): Promise<ControlAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath: socket,
        method: 'POST',
        path: '/commands',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        timeout: ANSWER_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              ...(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Omit<ControlAnswer, 'status'>),
            });
          } catch {
            reject(new Error(`the server's answer was not JSON (status ${res.statusCode})`));
          }
        });
      },
    );
    req.on('timeout', () =>
      req.destroy(
        new Error(
          `no answer from the server within ${ANSWER_TIMEOUT_MS / 1000} s; the change may or may not have been made (check with list)`,
        ),
      ),
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') reject(new ChannelUnavailable(error.code));
      else reject(error);
    });
    req.end(JSON.stringify(request));
  });
}
