// The control socket is local and authenticated (control-channel.ts): a 0600
// socket in a 0700 folder, and a request without the secret is refused before any command runs.
import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openControlChannel, type ControlChannel, type ControlRequest } from './control-channel.ts';
import { sendToServer } from './control-client.ts';

const opened: ControlChannel[] = [];
afterEach(async () => {
  for (const channel of opened.splice(0)) await channel.close();
});

async function open(dataDir: string, ran: ControlRequest[]): Promise<ControlChannel> {
  const channel = await openControlChannel({
    dataDir,
    log: pino({ level: 'silent' }),
    run: async (request) => (ran.push(request), { status: 200, lines: [`ran ${request.command}`] }),
  });
  opened.push(channel);
  return channel;
}

describe('control socket (docs/operations.md "Commands beside a running server")', () => {
  it('is a 0600 socket in a 0700 folder inside DATA_DIR; the right secret runs the command', async () => {
    const ran: ControlRequest[] = [];
    const channel = await open(mkdtempSync(path.join(os.tmpdir(), 'ctl-')), ran);
    expect(statSync(channel.socket).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(channel.socket)).mode & 0o777).toBe(0o700);
    expect(await sendToServer(channel.socket, channel.secret, { command: 'seed', argv: [] })).toEqual({
      status: 200,
      lines: ['ran seed'],
    });
    expect(ran).toEqual([{ command: 'seed', argv: [] }]);
  });

  it.each([
    ['a wrong secret', 'not-the-secret'],
    ['no secret', ''],
  ])('%s is refused with 401 and nothing runs', async (_what, secret) => {
    const ran: ControlRequest[] = [];
    const channel = await open(mkdtempSync(path.join(os.tmpdir(), 'ctl-')), ran);
    const answer = await sendToServer(channel.socket, secret, { command: 'seed', argv: [] });
    expect(answer.status).toBe(401);
    expect(ran).toEqual([]);
  });

  it('a DATA_DIR too deep for a socket path gets a private folder in the temp directory', async () => {
    const deep = path.join(mkdtempSync(path.join(os.tmpdir(), 'ctl-')), 'd'.repeat(60), 'e'.repeat(60));
    const channel = await open(deep, []);
    expect(channel.socket.startsWith(os.tmpdir())).toBe(true);
    expect(channel.socket.startsWith(deep)).toBe(false);
    expect(statSync(path.dirname(channel.socket)).mode & 0o777).toBe(0o700);
  });
});
