// A native application's loopback redirect listener (RFC 8252 7.3) for flows driven in a real
// browser: it answers every /callback with a small page and remembers what arrived.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Loopback = { port: number; redirectUri: string; callbacks: URL[]; close(): Promise<void> };

export async function startLoopback(): Promise<Loopback> {
  const callbacks: URL[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    if (url.pathname === '/callback') callbacks.push(url);
    res.writeHead(url.pathname === '/callback' ? 200 : 404, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(
      '<!doctype html><title>Callback received</title><p>The application has the response; you can close this window.</p>',
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    redirectUri: `http://127.0.0.1:${port}/callback`,
    callbacks,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
