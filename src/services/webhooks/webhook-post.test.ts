// /webhooks.md "Delivery errors": every way an attempt can fail locally ends in one class, in
// words, and never carries the address, the port or the socket's own message.
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from './webhook-post.ts';

const servers: Server[] = [];

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function closedPort(): Promise<number> {
  const server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('postWebhook failure classes (/webhooks.md "Delivery errors")', () => {
  let plain: number;
  let silent: number;
  let selfSigned: number;
  let closed: number;

  beforeAll(async () => {
    plain = await listen(createHttpServer((_req, res) => res.writeHead(500).end('ECONNREFUSED 10.0.0.1 internal')));
    silent = await listen(createHttpServer(() => undefined));
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keyType: 'ec',
      curve: 'P-256',
    } as never);
    selfSigned = await listen(createHttpsServer({ cert: pems.cert, key: pems.private }, (_req, res) => res.end()));
    closed = await closedPort();
  });
  afterAll(() => {
    for (const server of servers) server.closeAllConnections();
    return Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  const post = (url: string, allowSpecialUseAddresses = true, timeoutMs = 3_000) =>
    postWebhook(url, '{}', {}, { allowSpecialUseAddresses, timeoutMs });

  const cases: Array<[string, () => string, boolean?, number?]> = [
    ['dns', () => 'https://no-such-host.invalid/hook'],
    ['refused_address', () => `http://127.0.0.1:${plain}/hook`, false],
    ['connect', () => `http://127.0.0.1:${closed}/hook`],
    ['tls', () => `https://127.0.0.1:${plain}/hook`],
    ['tls', () => `https://127.0.0.1:${selfSigned}/hook`],
    ['timeout', () => `http://127.0.0.1:${silent}/hook`, true, 300],
    ['http_status', () => `http://127.0.0.1:${plain}/hook`],
  ];

  it.each(cases)(
    'classifies a failure as %s, naming no address, port or socket message',
    async (expected, url, allow, timeout) => {
      const outcome = await post(url(), allow, timeout);
      expect(outcome.error).toMatch(new RegExp(`^${expected}: `));
      for (const leak of [
        '127.0.0.1',
        '10.0.0.1',
        String(plain),
        String(closed),
        String(selfSigned),
        'ECONN',
        'ENOTFOUND',
        'EPROTO',
        'self-signed',
        'invalid',
      ])
        expect(outcome.error).not.toContain(leak);
    },
  );
});
