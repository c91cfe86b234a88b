// The webhooks row's receiver: node:http on 127.0.0.1 in the harness process, as an integration
// would run one. It notes when each request's body has fully arrived, answers 204 at once (a slow
// receiver would hold the worker's per-endpoint slots and measure itself, not delivery), and only
// then hands the request on to be verified and matched.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Delivery = {
  /** performance.now() when the last byte of the body arrived. */
  at: number;
  headers: Record<string, string>;
  body: string;
};

export type BenchReceiver = { url: string; close: () => Promise<void> };

export async function startBenchReceiver(onDelivery: (delivery: Delivery) => void): Promise<BenchReceiver> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      response.writeHead(204).end();
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers))
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      onDelivery({ at, headers, body: Buffer.concat(chunks).toString('utf8') });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
